import { describe, expect, it } from 'vitest';
import { type OnboardingSnapshot, onboardingModal } from './onboarding-sequence';

const newUser: OnboardingSnapshot = {
  tourActive: false,
  welcomeSeen: false,
  welcomeDue: false,
  releasePending: true,
};

describe('onboardingModal', () => {
  it('holds a pending release back during the welcome delay', () => {
    expect(onboardingModal(newUser)).toBeNull();
  });

  it('shows the welcome first once its delay has passed, release or not', () => {
    expect(onboardingModal({ ...newUser, welcomeDue: true })).toBe('welcome');
    expect(onboardingModal({ ...newUser, welcomeDue: true, releasePending: false })).toBe('welcome');
  });

  it('shows the release once the welcome has been seen', () => {
    expect(onboardingModal({ ...newUser, welcomeDue: true, welcomeSeen: true })).toBe('release');
  });

  it('shows the release at once to a user who saw the welcome on an earlier visit', () => {
    expect(onboardingModal({ ...newUser, welcomeSeen: true })).toBe('release');
  });

  it('shows nothing over a running tour step, then the release when the tour stops', () => {
    const touring = { ...newUser, welcomeDue: true, welcomeSeen: true, tourActive: true };
    expect(onboardingModal(touring)).toBeNull();
    expect(onboardingModal({ ...touring, tourActive: false })).toBe('release');
  });

  it('keeps a due welcome back while a tour runs', () => {
    expect(onboardingModal({ ...newUser, welcomeDue: true, tourActive: true })).toBeNull();
  });

  it('shows nothing when the welcome is seen and no release is pending', () => {
    expect(onboardingModal({ ...newUser, welcomeSeen: true, releasePending: false })).toBeNull();
  });
});
