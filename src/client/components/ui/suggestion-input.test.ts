import { describe, expect, it } from 'vitest';
import { matchSuggestions } from './suggestion-input';

describe('matchSuggestions', () => {
  const sources = ['County surplus list', 'Referral', 'Direct mail', 'Court records', 'referral'];

  it('lists everything for an empty box, each name once', () => {
    expect(matchSuggestions(sources, '')).toEqual([
      'County surplus list',
      'Referral',
      'Direct mail',
      'Court records',
    ]);
  });

  it('keeps those containing the text, any case, those starting with it first', () => {
    expect(matchSuggestions(sources, 'co')).toEqual(['County surplus list', 'Court records']);
    expect(matchSuggestions(sources, 'RECORD')).toEqual(['Court records']);
    expect(matchSuggestions(sources, 'l')).toEqual(['County surplus list', 'Referral', 'Direct mail']);
    expect(matchSuggestions(sources, 'mail')).toEqual(['Direct mail']);
  });

  it('leaves out the text already typed, and nothing matches nothing', () => {
    expect(matchSuggestions(sources, 'referral ')).toEqual([]);
    expect(matchSuggestions(sources, 'web')).toEqual([]);
  });

  it('shows at most 50', () => {
    const many = Array.from({ length: 80 }, (_, i) => `Tag ${i}`);
    expect(matchSuggestions(many, 'tag')).toHaveLength(50);
  });
});
