import { useSignedInUser } from '../../features/auth/signed-in-user';
import { ReleaseDialog, usePendingRelease } from '../../features/releases/components/release-dialog';
import { WelcomeDialog } from '../../features/tours/components/welcome-dialog';
import { useTours } from '../../features/tours/tour-context';
import { onboardingModal } from './onboarding-sequence';

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
  return (
    <>
      <WelcomeDialog firstName={user.firstName} open={modal === 'welcome'} />
      {modal === 'release' && release ? (
        <ReleaseDialog key={release.version} release={release} onConfirmed={() => confirm(release.version)} />
      ) : null}
    </>
  );
}
