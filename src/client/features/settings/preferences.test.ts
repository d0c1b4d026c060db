import { describe, expect, it } from 'vitest';
import { defaultTimezone } from '../../../common/constants';
import { colorSchemeChoices, timezoneChoices, withCurrent } from './preferences';

describe('profile preference choices', () => {
  it('lists UTC offsets in order, including the default time zone', () => {
    const values = timezoneChoices.map((choice) => choice.value);
    expect(values[0]).toBe('UTC-12:00');
    expect(values.at(-1)).toBe('UTC+14:00');
    expect(values).toContain(defaultTimezone);
    expect(values).toContain('UTC+05:30');
    expect(new Set(values).size).toBe(values.length);
  });

  it('offers the six colour schemes', () => {
    expect(colorSchemeChoices.map((choice) => choice.value)).toEqual([
      'locus',
      'blue',
      'green',
      'purple',
      'orange',
      'slate',
    ]);
  });

  it('keeps an unknown stored value selectable', () => {
    const choices = [{ value: 'a', label: 'A' }];
    expect(withCurrent(choices, 'a')).toBe(choices);
    expect(withCurrent(choices, null)).toBe(choices);
    expect(withCurrent(choices, 'b').map((choice) => choice.value)).toEqual(['b', 'a']);
  });
});
