import { useState } from 'react';
import { useSignedInUser } from '../auth/signed-in-user';
import { useLatestRelease } from './api';
import { type Release, releaseToAnnounce } from './release';

/** The release to announce now (spec §4), if any, and how to record that the user confirmed it. */
export interface PendingRelease {
  release: Release | null;
  /** Hides `version` until the reloaded user record says it was seen. */
  confirm: (version: string) => void;
}

/**
 * The latest release when it is one the user wants to hear about and has not yet confirmed. Polled
 * whether or not the dialog may open yet, so it is ready once the other onboarding modals are done.
 */
export function usePendingRelease(): PendingRelease {
  const user = useSignedInUser();
  const { data } = useLatestRelease();
  const [confirmedVersion, setConfirmedVersion] = useState<string | null>(null);
  const release = releaseToAnnounce(data, user, confirmedVersion);
  return { release, confirm: setConfirmedVersion };
}
