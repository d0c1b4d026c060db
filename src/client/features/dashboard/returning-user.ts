import type { KeyValueStorage } from '../tours/tour-storage';

/** Browser storage: the visit (tab session) in which each user was first seen here. */
const firstVisitKey = (userId: string) => `locus-first-visit:${userId}`;
const visitKey = 'locus-visit';

/**
 * Whether the user has been here before: the dashboard greets a new user "Welcome, Maria" for
 * their whole first visit and "Welcome back, Maria" after. The first visit is remembered in this
 * browser (no account field records it); a visit is the tab's session, so reloads keep the greeting.
 * Without storage (private modes) everyone is new, which reads fine.
 */
export function isReturningUser(
  userId: string,
  local: KeyValueStorage | null,
  session: KeyValueStorage | null,
): boolean {
  try {
    let visit = session?.getItem(visitKey) ?? null;
    if (!visit) {
      visit = crypto.randomUUID();
      session?.setItem(visitKey, visit);
    }
    const firstVisit = local?.getItem(firstVisitKey(userId)) ?? null;
    if (firstVisit === null) {
      local?.setItem(firstVisitKey(userId), visit);
      return false;
    }
    return firstVisit !== visit;
  } catch {
    return false;
  }
}

export function welcomeTitle(firstName: string, returning: boolean): string {
  return returning ? `Welcome back, ${firstName}` : `Welcome, ${firstName}`;
}
