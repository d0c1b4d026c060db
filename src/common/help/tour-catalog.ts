/**
 * The guided tours on offer (product spec §2 "Welcome dialog and guided tours"): what the welcome
 * dialog and the help panel list. Their steps are in tours.ts, loaded when a tour runs, so the
 * welcome dialog costs the first load only this (issue 21 §1).
 */
import { defaultIndustrySector } from '../constants';
import { isBlankSector, matchSector } from './sector';
import type { TourSummary } from './types';

/** Every tour takes about this long (shown as "about 5 minutes"). */
export const tourDurationMinutes = 5;

/** The tour the welcome dialog marks as Recommended. */
export const recommendedTourId = 'surplus-funds-onboarding';

/** All tours, in the order the welcome dialog lists them. `stepCount` is checked against tours.ts by its test. */
export const tourCatalog: readonly TourSummary[] = [
  {
    id: 'surplus-funds-onboarding',
    name: 'Your first surplus funds deal',
    description:
      'Set up your first case from sale record to signed agreement: add a deal, record the surplus, link the claimant, move it through the pipeline and send the recovery agreement for signature.',
    industry: 'Surplus Funds Locator',
    stepCount: 12,
  },
  {
    id: 'client-management',
    name: 'Managing clients',
    description:
      'Find, filter and open your clients, and keep notes and contact history in one place so follow-ups never slip.',
    stepCount: 4,
  },
  {
    id: 'document-workflow',
    name: 'Documents and e-signatures',
    description:
      'Create a document from a template, place signature fields, send it for e-signature and follow it from sent to completed.',
    stepCount: 6,
  },
  {
    id: 'advanced-features',
    name: 'Advanced features',
    description: 'Automate follow-ups, read your numbers and connect the tools you already use.',
    stepCount: 3,
  },
];

export function findTourSummary(id: string): TourSummary | undefined {
  return tourCatalog.find((tour) => tour.id === id);
}

/**
 * The tours offered to a user: those without an industry plus those of the user's industry. A missing
 * or blank sector counts as the default, Surplus Funds Locator; an unknown one matches no industry tour.
 */
export function toursForIndustry(sector: string | null | undefined): TourSummary[] {
  const industry = isBlankSector(sector) ? defaultIndustrySector : matchSector(sector);
  return tourCatalog.filter((tour) => tour.industry === undefined || tour.industry === industry);
}
