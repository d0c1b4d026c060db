import { describe, expect, it } from 'vitest';
import { dateInputToIso, fromDateInput, toDateInputValue } from './format';

describe('date inputs', () => {
  it('turn YYYY-MM-DD into the start, noon or end of that local day', () => {
    expect(fromDateInput('2025-03-01', 'start')).toEqual(new Date(2025, 2, 1));
    expect(fromDateInput('2025-03-01', 'noon')).toEqual(new Date(2025, 2, 1, 12));
    expect(fromDateInput('2025-03-01', 'end')).toEqual(new Date(2025, 2, 1, 23, 59, 59, 999));
    expect(fromDateInput('2025-02-30', 'start')).toBeNull();
    expect(fromDateInput('soon', 'start')).toBeNull();
  });

  it('round-trip through the stored ISO text', () => {
    const iso = dateInputToIso('2025-03-01', 'noon');
    expect(toDateInputValue(iso)).toBe('2025-03-01');
    expect(toDateInputValue(dateInputToIso('2025-12-31', 'end'))).toBe('2025-12-31');
    expect(toDateInputValue('2025-03-01')).toBe('2025-03-01');
    expect(dateInputToIso('', 'noon')).toBe('');
    expect(toDateInputValue(null)).toBe('');
  });
});
