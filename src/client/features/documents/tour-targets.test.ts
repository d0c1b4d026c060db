import { describe, expect, it } from 'vitest';
import { findTour, tourTarget } from '../../../common/help/tours';
import { documentsTourTargets } from './tour-targets';

const stepTarget = (tourId: string, stepId: string) =>
  findTour(tourId)?.steps.find((step) => step.id === stepId)?.target;

describe('tour targets on the document screens', () => {
  it('gives the surplus onboarding’s documents step the management list', () => {
    expect(stepTarget('surplus-funds-onboarding', 'documents-feature')).toBe(
      tourTarget(documentsTourTargets.section),
    );
  });

  it('marks the document workflow’s header, create button, status and send steps', () => {
    expect(stepTarget('document-workflow', 'documents-overview')).toBe(
      tourTarget(documentsTourTargets.header),
    );
    expect(stepTarget('document-workflow', 'create-document')).toBe(
      tourTarget(documentsTourTargets.createButton),
    );
    expect(stepTarget('document-workflow', 'document-status')).toBe(tourTarget(documentsTourTargets.status));
    expect(stepTarget('document-workflow', 'send-document')).toBe(tourTarget(documentsTourTargets.send));
  });
});
