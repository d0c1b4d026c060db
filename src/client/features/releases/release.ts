/** What GET /api/latest-release answers (spec §3 "Release", §7). */
export interface Release {
  version: string;
  releaseType: 'major' | 'minor';
  releaseNotes: string;
  deployedAt: string;
  commitHash: string | null;
}

export interface LatestReleaseAnswer {
  success: boolean;
  data: Release | null;
}

/** The part of the current user the rule reads. */
export interface ReleaseViewer {
  showReleaseNotifications: boolean;
  lastSeenReleaseVersion: string | null;
}

/**
 * The release to announce, or null (spec §4): the answer says success and carries a release, the
 * user wants release notices, and has not yet confirmed this version.
 */
export function releaseToAnnounce(
  answer: LatestReleaseAnswer | null | undefined,
  viewer: ReleaseViewer,
  /** A version confirmed in this session whose user record has not been reloaded yet. */
  confirmedVersion: string | null = null,
): Release | null {
  if (!answer?.success || !answer.data) return null;
  const release = answer.data;
  if (!viewer.showReleaseNotifications) return null;
  if (viewer.lastSeenReleaseVersion === release.version) return null;
  if (confirmedVersion === release.version) return null;
  return release;
}

/** Spec §9: the first 7 characters of the commit hash. */
export function shortCommitHash(hash: string | null | undefined): string | null {
  const trimmed = hash?.trim();
  return trimmed ? trimmed.slice(0, 7) : null;
}

/** "March 4, 2025 at 2:30 PM" in the user's locale; the raw value when it is not a date. */
export function formatDeployedAt(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(date);
}
