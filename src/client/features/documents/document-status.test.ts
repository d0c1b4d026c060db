import { describe, expect, it } from 'vitest';
import {
  documentStatusOptions,
  documentStatusText,
  documentStatusVariant,
  isFrozenStatus,
} from './document-status';

describe('document status', () => {
  it('labels every status of the data model and spells out unknown ones', () => {
    expect(documentStatusOptions.map((option) => option.label)).toEqual([
      'Draft',
      'Locked for signing',
      'Sent',
      'Viewed',
      'Signed',
      'Completed',
      'Cancelled',
    ]);
    expect(documentStatusText('awaiting_counter_sign')).toBe('Awaiting counter sign');
  });

  it('colours signed work green, open work blue and cancelled red', () => {
    expect(documentStatusVariant('completed')).toBe('success');
    expect(documentStatusVariant('sent')).toBe('primary');
    expect(documentStatusVariant('cancelled')).toBe('danger');
    expect(documentStatusVariant('draft')).toBe('neutral');
    expect(documentStatusVariant('nonsense')).toBe('neutral');
  });

  it('freezes content from locked for signing onwards, not drafts or cancelled ones', () => {
    expect(['locked_for_signing', 'sent', 'viewed', 'signed', 'completed'].every(isFrozenStatus)).toBe(true);
    expect(isFrozenStatus('draft')).toBe(false);
    expect(isFrozenStatus('cancelled')).toBe(false);
  });
});
