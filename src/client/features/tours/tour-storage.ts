import {
  createTourState,
  parseTourProgress,
  serializeTourProgress,
  type TourState,
} from '../../../common/help/tour-state';
import { helpStorageKeys, welcomeSeenValue } from '../../../common/help/storage-keys';

/** The part of the Web Storage API the tours use (localStorage in the browser, a map in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage, or null where the browser refuses it (private modes, disabled storage). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** sessionStorage (this tab's visit), or null where the browser refuses it. */
export function browserSessionStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: KeyValueStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Full or refused storage: the tour still works for this visit.
  }
}

/** The welcome-seen flag as stored (spec §9: the value 'true'). */
export function readWelcomeSeen(storage: KeyValueStorage | null): boolean {
  return read(storage, helpStorageKeys.welcomeSeen) === welcomeSeenValue;
}

/** A fresh tour state with the stored progress map and welcome flag. */
export function loadTourState(storage: KeyValueStorage | null): TourState {
  return createTourState({
    progress: parseTourProgress(read(storage, helpStorageKeys.tourProgress)),
    welcomeSeen: readWelcomeSeen(storage),
  });
}

/** Stores the progress map and, once seen, the welcome flag (it is never unset). */
export function saveTourState(
  storage: KeyValueStorage | null,
  state: Pick<TourState, 'progress' | 'welcomeSeen'>,
): void {
  write(storage, helpStorageKeys.tourProgress, serializeTourProgress(state.progress));
  if (state.welcomeSeen) write(storage, helpStorageKeys.welcomeSeen, welcomeSeenValue);
}
