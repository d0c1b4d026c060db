/**
 * Types of the built-in help content (product spec §2 "Help panel", "Welcome dialog and guided tours",
 * §3 Tour / Tour step / Guide / FAQ entry). Pure data shapes: no Node or DOM types.
 */

/** The guide categories, in the order the help panel lists them. */
export const guideCategories = [
  'System Setup',
  'Getting Started',
  'Lead Generation',
  'Client Management',
  'Legal Documents',
  'Business Growth',
] as const;
export type GuideCategory = (typeof guideCategories)[number];

/** A help article. `content` is markdown (# / ## headings, lists, **bold**, `code`). */
export interface Guide {
  id: string;
  title: string;
  category: GuideCategory;
  /** Plain text; the list shows it cut at 150 characters (see `truncateDescription`). */
  description: string;
  /** Whole minutes, 3 to 20. */
  readTimeMinutes: number;
  content: string;
}

export interface FaqEntry {
  question: string;
  answer: string;
}

/** Where the step card sits relative to the highlighted target. */
export const tourStepPositions = ['top', 'bottom', 'left', 'right', 'center'] as const;
export type TourStepPosition = (typeof tourStepPositions)[number];

/**
 * Named before-show actions. The client maps each name to a function that it runs before the step is
 * shown, so the step's target exists on the page (e.g. the new-deal form is open).
 */
export const tourActionNames = [
  'open-deal-form',
  'show-pipeline-view',
  'open-client-notes',
  'open-document-editor',
  'close-document-editor',
] as const;
export type TourActionName = (typeof tourActionNames)[number];

export interface TourStep {
  id: string;
  title: string;
  content: string;
  /** CSS selector of the highlighted area: `[data-tour="..."]`, or `body` for centred steps. */
  target: string;
  position: TourStepPosition;
  /** Route the client navigates to before showing the step ('/', '/deals', '/documents', '/clients'). */
  page?: string;
  /** Named before-show action, see `tourActionNames`. */
  action?: TourActionName;
}

/** A tour as the welcome dialog and the help panel list it (help/tour-catalog.ts). */
export interface TourSummary {
  id: string;
  name: string;
  description: string;
  /** When set, the tour is listed only to organizations of this industry sector. */
  industry?: string;
  stepCount: number;
}

export interface Tour extends TourSummary {
  steps: TourStep[];
}
