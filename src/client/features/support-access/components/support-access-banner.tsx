import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../../auth/api';

// Only a super admin's visit shows it: its code stays off everyone's first load (issue 21 §1).
const ActiveBanner = lazy(() =>
  import('./active-support-banner').then((module) => ({ default: module.ActiveBanner })),
);

/**
 * Shown above every signed-in page while a super admin views the organization as one of its
 * users (issue 20): who, that it is read-only, the time left, and the way back. Renders nothing
 * (and costs nothing) otherwise: the facts come with the current user.
 */
export function SupportAccessBanner() {
  const { user } = useCurrentUser();
  const visit = user?.supportAccess;
  if (!user || !visit) return null;
  return (
    <Suspense fallback={null}>
      <ActiveBanner
        organizationName={user.organizationName}
        userName={`${user.firstName} ${user.lastName}`.trim() || user.email}
        superAdminName={visit.superAdmin.name || visit.superAdmin.email}
        expiresAt={new Date(visit.expiresAt).getTime()}
      />
    </Suspense>
  );
}
