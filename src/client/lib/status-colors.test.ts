import { describe, expect, it } from 'vitest';
import { statusColorOf } from './status-colors';

const statuses = [
  { name: 'Won', color: '#16a34a', isActive: true },
  { name: ' Do not contact ', color: '#111827' },
  { name: 'Lost', color: '#dc2626', isActive: false },
];

describe('statusColorOf', () => {
  it('finds the active status of the same name in any case', () => {
    expect(statusColorOf(statuses, 'won')).toBe('#16a34a');
    expect(statusColorOf(statuses, 'WON')).toBe('#16a34a');
    expect(statusColorOf(statuses, 'do not contact')).toBe('#111827');
  });

  it('answers null for a deactivated, unknown or not yet loaded status', () => {
    expect(statusColorOf(statuses, 'Lost')).toBeNull();
    expect(statusColorOf(statuses, 'Open')).toBeNull();
    expect(statusColorOf(undefined, 'Won')).toBeNull();
  });
});
