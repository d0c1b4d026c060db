import { useEffect } from 'react';
import { formatNanpPhone } from '../../common/nanp-phone-format';
import { loadOnDemand } from '../lib/load-on-demand';

/*
 * libphonenumber (29 KB gzip) loads only when a number is not a plain US one: a list of US
 * numbers never needs it (docs/decisions/042).
 */
const library = loadOnDemand(() => import('../../common/phone-format').then((module) => module.formatPhone));

/**
 * A stored phone number as the user chose to see it (`formatPhone`), or `empty` without one. A
 * number the fast path leaves to the library shows as typed until the library has loaded.
 */
export function PhoneText({
  raw,
  format,
  empty = '',
}: {
  raw: string | null | undefined;
  format: string | null | undefined;
  empty?: string;
}) {
  const loaded = library.use();
  const fast = formatNanpPhone(raw, format);
  const needsLibrary = fast === undefined && !loaded && Boolean(raw?.trim());
  useEffect(() => {
    if (needsLibrary) library.request();
  }, [needsLibrary]);
  const shown = fast ?? (loaded ? loaded(raw, format) : (raw?.trim() ?? ''));
  return shown || empty;
}
