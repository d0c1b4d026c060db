import type { RecordField } from '../records/record-form-description';
import { standardFields } from '../records/standard-fields';

/**
 * The deal form's plain fields, rendered by the record kit. The form itself lays out the rest: the
 * name, value, client and stage, and the surplus case with its live figures.
 */
export const dealFormDescription = {
  idPrefix: 'deal',
  fields: {
    owner: standardFields.owner('assignedOwner'),
    closeProbability: {
      name: 'closeProbability',
      label: 'Close probability',
      kind: 'number',
      aside: '%',
      placeholder: 'e.g. 50',
      inputMode: 'numeric',
    },
    expectedCloseDate: { name: 'expectedCloseDate', label: 'Expected close date', kind: 'date' },
    leadSource: {
      name: 'leadSource',
      label: 'Lead source',
      kind: 'suggestion',
      suggestions: 'sources',
      placeholder: 'e.g. County surplus list',
    },
    dealType: { name: 'dealType', label: 'Deal type', kind: 'suggestion', suggestions: 'revenueTypes' },
    notes: { ...standardFields.notes, span: undefined },
  },
} satisfies { idPrefix: string; fields: Record<string, RecordField> };
