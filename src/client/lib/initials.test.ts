import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first and last words of a name', () => {
    expect(initialsOf('Olivia Owner')).toBe('OO');
    expect(initialsOf('ann marie lee')).toBe('AL');
    expect(initialsOf('Mary Ann van Dyke')).toBe('MD');
    expect(initialsOf('madonna')).toBe('M');
  });

  it('takes given and family name when both are passed', () => {
    expect(initialsOf('Mary Ann', 'van Dyke')).toBe('MV');
    expect(initialsOf('Cher', '')).toBe('C');
  });

  it('keeps emoji whole, joined sequences and flags included', () => {
    expect(initialsOf('😀 Ana')).toBe('😀A');
    expect(initialsOf('👩‍💻 Dev Team')).toBe('👩‍💻T');
    expect(initialsOf('🇺🇸 Sam')).toBe('🇺🇸S');
    expect(initialsOf('Ana 👍🏽')).toBe('A👍🏽');
  });

  it('handles right-to-left names', () => {
    expect(initialsOf('محمد علي')).toBe('مع');
    expect(initialsOf('דוד כהן')).toBe('דכ');
  });

  it('keeps a letter with its combining marks', () => {
    expect(initialsOf('e\u0301mile zola')).toBe('E\u0301Z');
    expect(initialsOf('ñandú')).toBe('Ñ');
  });

  it('skips quotes, brackets and invisible controls', () => {
    expect(initialsOf('"Bob" (Robert) Smith')).toBe('BS');
    expect(initialsOf('\u202Eevil name')).toBe('EN');
    expect(initialsOf('straße')).toBe('S');
    expect(initialsOf('ßen')).toBe('ß');
  });

  it('answers nothing for nothing', () => {
    expect(initialsOf('  ')).toBe('');
    expect(initialsOf(null)).toBe('');
    expect(initialsOf('— –')).toBe('');
  });
});
