import { memoizeText } from '../../common/memoize-text';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A letter, digit or pictograph starts an initial; quotes, brackets and invisible controls don't. */
const initialStart = /^[\p{L}\p{N}\p{Extended_Pictographic}\p{Regional_Indicator}]/u;

/**
 * The first whole character of a word as a user sees it (a grapheme: "É" with its combining
 * accent, "👩‍💻", "🇺🇸"), upper-cased where that keeps it one character ("ß" stays "ß").
 * Remembered: segmenting is slow, and a board draws the same owners' initials on every card.
 */
const initialOf = memoizeText(firstInitialOf);

function firstInitialOf(word: string): string {
  for (const { segment } of graphemes.segment(word)) {
    if (!initialStart.test(segment)) continue;
    const upper = segment.toLocaleUpperCase();
    return [...graphemes.segment(upper)].length === 1 ? upper : segment;
  }
  return '';
}

/**
 * Up to two initials for an avatar: the first and last words of a name ("Mary Ann van Dyke" →
 * "MD", "محمد علي" → "مع", "😀 Ana" → "😀A"), or the first letters of given and family name when
 * both are passed. '' when there is nothing to show.
 */
export function initialsOf(name: string | null | undefined, familyName?: string | null): string {
  if (familyName !== undefined) return initialOf(name ?? '') + initialOf(familyName ?? '');
  const words = (name ?? '').split(/\s+/u).filter((word) => initialOf(word) !== '');
  if (words.length === 0) return '';
  const first = initialOf(words[0]);
  return words.length > 1 ? first + initialOf(words[words.length - 1]) : first;
}
