import type { TourTargetArea } from '../../../common/help/tours';

/** The guided tours' areas on the document screens (`data-tour="<area>"`, common/help/tours). */
export const documentsTourTargets = {
  /** Management page: its title block, the New document button, the list, the status column. */
  header: 'documents-header',
  createButton: 'create-document-button',
  section: 'documents-section',
  status: 'document-status',
  /** Viewer: Send for signature. */
  send: 'send-document-button',
} as const satisfies Record<string, TourTargetArea>;
