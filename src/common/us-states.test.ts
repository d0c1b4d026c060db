import { describe, expect, it } from 'vitest';
import { stateName, toStateCode, usStateField, usStates } from './us-states';

describe('US states', () => {
  it('lists the 50 states, DC and the territories once each', () => {
    const codes = usStates.map(([code]) => code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toHaveLength(56);
    expect(codes).toEqual(expect.arrayContaining(['DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'FL', 'WY']));
  });

  it('reads a code in any case or a full name, and nothing else', () => {
    expect(toStateCode('fl')).toBe('FL');
    expect(toStateCode(' Florida ')).toBe('FL');
    expect(toStateCode('new  york')).toBe('NY');
    expect(toStateCode('District of Columbia')).toBe('DC');
    expect(toStateCode('Washington, D.C.'.replace(',', ''))).toBe('DC');
    expect(toStateCode('U.S. Virgin Islands')).toBe('VI');
    expect(toStateCode('XX')).toBeNull();
    expect(toStateCode('Fla')).toBeNull();
    expect(toStateCode('')).toBeNull();
  });

  it('names a code, and leaves an old free-text value as it is', () => {
    expect(stateName('fl')).toBe('Florida');
    expect(stateName('Sunshine')).toBe('Sunshine');
  });

  it('validates and normalises through the zod field', () => {
    const field = usStateField();
    expect(field.parse('texas')).toBe('TX');
    const result = field.safeParse('Texass');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['State must be a 2-letter US state code']);
  });
});
