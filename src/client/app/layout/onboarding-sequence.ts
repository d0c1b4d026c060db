/** The modals that greet a signed-in user; at most one of them is on screen at a time. */
export type OnboardingModal = 'welcome' | 'release';

export interface OnboardingSnapshot {
  /** A tour step is on screen (started, not paused, skipped or completed). */
  tourActive: boolean;
  /** The welcome was skipped, or a tour was started, now or on an earlier visit. */
  welcomeSeen: boolean;
  /** The welcome's one-second delay after sign-in has passed. */
  welcomeDue: boolean;
  /** There is a release the user wants to hear about and has not confirmed. */
  releasePending: boolean;
}

/**
 * Which onboarding modal may open now (spec §2, §4), or null. The spec times each one on its own; this
 * sequences them so they never stack: the welcome comes first, the release dialog waits until the
 * welcome has been seen, and neither covers a running tour step.
 */
export function onboardingModal({
  tourActive,
  welcomeSeen,
  welcomeDue,
  releasePending,
}: OnboardingSnapshot): OnboardingModal | null {
  if (tourActive) return null;
  // An unseen welcome holds the release back during its delay too, or the release would open first
  // and the welcome would land on top of it a second later.
  if (!welcomeSeen) return welcomeDue ? 'welcome' : null;
  return releasePending ? 'release' : null;
}
