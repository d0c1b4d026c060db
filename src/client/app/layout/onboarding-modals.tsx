import { lazy, Suspense } from 'react';
import { useSignedInUser } from '../../features/auth/signed-in-user';
import { usePendingRelease } from '../../features/releases/use-pending-release';
import { WelcomeDialog } from '../../features/tours/components/welcome-dialog';
import { useTours } from '../../features/tours/tour-context';
import { onboardingModal } from './onboarding-sequence';

// The release notes (markdown) load only when there is a release to announce.
const ReleaseDialog = lazy(() =>
  import('../../features/releases/components/release-dialog').then((m) => ({ default: m.ReleaseDialog })),
);

/**
 * The welcome dialog and the release dialog, one at a time: both are due right after a new user's
 * first sign-in, and the order between them and a running tour is decided in onboarding-sequence.ts.
 */
export function OnboardingModals() {
  const user = useSignedInUser();
  const { state, welcomeDue } = useTours();
  const { release, confirm } = usePendingRelease();
  const modal = onboardingModal({
    tourActive: state.isActive,
    welcomeSeen: state.welcomeSeen,
    welcomeDue,
    releasePending: release !== null,
  });
  // A super admin visiting as this user (support access) must not see, nor dismiss, their dialogs.
  if (user.supportAccess) return null;
  return (
    <>
      <WelcomeDialog firstName={user.firstName} open={modal === 'welcome'} />
      {modal === 'release' && release ? (
        <Suspense fallback={null}>
          <ReleaseDialog
            key={release.version}
            release={release}
            onConfirmed={() => confirm(release.version)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
