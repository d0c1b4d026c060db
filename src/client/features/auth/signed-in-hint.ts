/*
 * Whether this browser was signed in when it last knew. The session cookie is httpOnly, so the
 * public entry cannot see it; with this hint it shows a loader instead of flashing the landing page
 * at a returning user while /api/user answers. Only a hint: the answer decides.
 */
const signedInHintKey = 'locus-signed-in';

export function rememberSignedIn(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(signedInHintKey, '1');
    else localStorage.removeItem(signedInHintKey);
  } catch {
    // Storage may be unavailable: the landing page then shows while the check runs.
  }
}

export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(signedInHintKey) === '1';
  } catch {
    return false;
  }
}
