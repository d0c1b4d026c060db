import { useEffect, useSyncExternalStore } from 'react';
import { formatNanpPhone } from '../../common/nanp-phone-format';

type FormatPhone = typeof import('../../common/phone-format').formatPhone;

/*
 * libphonenumber (29 KB gzip) loads only when a number is not a plain US one: a list of US
 * numbers never needs it (docs/decisions/042).
 */
let library: FormatPhone | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function loadLibrary() {
  loading ??= import('../../common/phone-format')
    .then(({ formatPhone }) => {
      library = formatPhone;
      for (const listener of listeners) listener();
    })
    // Offline or a new deployment: the number stays as typed, and the next one tries again.
    .catch(() => {
      loading = undefined;
    });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

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
  const loaded = useSyncExternalStore(subscribe, () => library);
  const fast = formatNanpPhone(raw, format);
  const needsLibrary = fast === undefined && !loaded && Boolean(raw?.trim());
  useEffect(() => {
    if (needsLibrary) loadLibrary();
  }, [needsLibrary]);
  const shown = fast ?? (loaded ? loaded(raw, format) : (raw?.trim() ?? ''));
  return shown || empty;
}
