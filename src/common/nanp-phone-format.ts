import { type PhoneNumberFormat, phoneNumberFormatOf } from './phone-format-choice';

/*
 * The common case of `formatPhone` (phone-format.ts) without libphonenumber's 29 KB: a plain
 * North American number ("(813) 555-0142", "+1 813.555.0142", "8135550142"). Anything else, and
 * the area codes libphonenumber places outside the US for some or all of their numbers (Canada,
 * the Caribbean, the Pacific territories), is left to the library: `undefined`. A test checks
 * every answer against the library's.
 */
const plainNanp = /^(?:\+?1[\s.-]*)?(?:\(([2-9]\d{2})\)|([2-9]\d{2}))[\s.-]*(\d{3})[\s.-]*(\d{4})$/;

/** Area codes whose numbers libphonenumber gives (partly) to another country than the US. */
const outsideUs = new Set(
  (
    '204 226 236 242 246 249 250 257 263 264 268 273 284 289 306 340 343 345 354 365 367 368 382 ' +
    '403 416 418 428 431 437 438 441 450 468 473 474 506 514 519 548 579 581 584 587 600 604 613 ' +
    '622 633 639 647 649 658 664 670 671 672 683 684 705 709 721 742 753 758 767 778 780 782 784 ' +
    '787 800 807 809 819 825 829 849 867 868 869 873 876 879 902 905 939 942'
  ).split(' '),
);

/** `formatPhone(raw, format)` for a plain US number; undefined for any other text. */
export function formatNanpPhone(raw: string | null | undefined, format: string | null | undefined) {
  const match = plainNanp.exec(raw?.trim() ?? '');
  if (!match) return undefined;
  const area = match[1] ?? match[2];
  const [exchange, line] = [match[3], match[4]];
  const chosen: PhoneNumberFormat = phoneNumberFormatOf(format);
  if (chosen === 'e164') return `+1${area}${exchange}${line}`;
  if (chosen === 'international') return `+1 ${area} ${exchange} ${line}`;
  return outsideUs.has(area) ? undefined : `(${area}) ${exchange}-${line}`;
}
