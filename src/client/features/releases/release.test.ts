import { describe, expect, it } from 'vitest';
import { formatDeployedAt, type LatestReleaseAnswer, releaseToAnnounce, shortCommitHash } from './release';

const release = {
  version: '1.4.0',
  releaseType: 'minor' as const,
  releaseNotes: '# Faster pipeline',
  deployedAt: '2025-03-04T14:30:00.000Z',
  commitHash: 'abcdef1234567890',
};
const answer: LatestReleaseAnswer = { success: true, data: release };
const viewer = { showReleaseNotifications: true, lastSeenReleaseVersion: '1.3.0' };

describe('releaseToAnnounce', () => {
  it('announces a new release to a user who wants notices', () => {
    expect(releaseToAnnounce(answer, viewer)).toBe(release);
    expect(releaseToAnnounce(answer, { ...viewer, lastSeenReleaseVersion: null })).toBe(release);
  });

  it('needs success and data', () => {
    expect(releaseToAnnounce(undefined, viewer)).toBeNull();
    expect(releaseToAnnounce({ success: false, data: null }, viewer)).toBeNull();
    expect(releaseToAnnounce({ success: true, data: null }, viewer)).toBeNull();
    expect(releaseToAnnounce({ success: false, data: release }, viewer)).toBeNull();
  });

  it('stays quiet for users who turned notices off', () => {
    expect(releaseToAnnounce(answer, { ...viewer, showReleaseNotifications: false })).toBeNull();
  });

  it('stays quiet once the version was seen or confirmed', () => {
    expect(releaseToAnnounce(answer, { ...viewer, lastSeenReleaseVersion: '1.4.0' })).toBeNull();
    expect(releaseToAnnounce(answer, viewer, '1.4.0')).toBeNull();
    expect(releaseToAnnounce(answer, viewer, '1.3.0')).toBe(release);
  });
});

describe('shortCommitHash', () => {
  it('keeps the first 7 characters', () => {
    expect(shortCommitHash('abcdef1234567890')).toBe('abcdef1');
    expect(shortCommitHash('abc')).toBe('abc');
    expect(shortCommitHash(null)).toBeNull();
    expect(shortCommitHash('  ')).toBeNull();
  });
});

describe('formatDeployedAt', () => {
  it('shows date and time', () => {
    const text = formatDeployedAt('2025-03-04T14:30:00.000Z', 'en-US');
    expect(text).toContain('2025');
    expect(text).toMatch(/March/);
  });

  it('falls back to the raw value', () => {
    expect(formatDeployedAt('not a date')).toBe('not a date');
  });
});
