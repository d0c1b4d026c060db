import { createContext, type ReactNode, useContext } from 'react';
import type { CurrentUser } from './api';

const SignedInUserContext = createContext<CurrentUser | null>(null);

/**
 * The user of the signed-in screens, handed down by the router. Reading it from context (not
 * from the query) keeps a screen that is on its way out, e.g. kept hidden by Suspense while the
 * next page loads after logout, from seeing "no user" and failing.
 */
export function SignedInUserProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return <SignedInUserContext.Provider value={user}>{children}</SignedInUserContext.Provider>;
}

/** The signed-in user; only inside SignedInUserProvider. */
export function useSignedInUser(): CurrentUser {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser must be used inside <SignedInUserProvider>');
  return user;
}

/** The signed-in user when inside SignedInUserProvider, otherwise null. */
export function useMaybeSignedInUser(): CurrentUser | null {
  return useContext(SignedInUserContext);
}
