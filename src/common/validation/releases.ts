import { z } from 'zod';
import { parseReleaseNotes } from '../release-notes';
import {
  blankable,
  dateField,
  enumField,
  maxLength,
  optionalLongText,
  requiredText,
  tooLongMessage,
} from './common';
import { deploymentEnvironments, deploymentStatuses } from './platform-values';

/* Releases (issue 20 §7): deployments recorded from the super-admin screen. */

export const releaseTypeValues = ['major', 'minor'] as const;

/** 1.2.0, 2.0.0-rc.1, 1.4.2+build.7: what `npm run release` takes too. */
export const semverPattern = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
export const commitHashPattern = /^[0-9a-f]{7,40}$/i;

export const versionMessage = 'Version must look like 1.2.0';
export const commitHashMessage = 'Commit must be a hexadecimal hash of 7 to 40 characters';
export const releaseNotesTitleMessage = 'Release notes must start with a "# title" heading';

/** POST /api/super-admin/deployments. */
export const recordDeploymentSchema = z.object({
  version: requiredText('Version is required', maxLength.code).pipe(
    z.string().regex(semverPattern, versionMessage),
  ),
  releaseType: enumField(releaseTypeValues, 'Release type must be major or minor').default('minor'),
  environment: enumField(
    deploymentEnvironments,
    'Environment must be production, staging or development',
  ).default('production'),
  status: enumField(deploymentStatuses, 'Status must be success, failed, in progress or rolled back').default(
    'success',
  ),
  commitHash: blankable(z.string().trim().regex(commitHashPattern, commitHashMessage)),
  commitMessage: optionalLongText('Commit message', maxLength.text),
  // The release dialog shows these notes to every user once the release is the latest one.
  releaseNotes: blankable(
    z
      .string()
      .trim()
      .max(maxLength.notes, tooLongMessage('Release notes', maxLength.notes))
      .refine((text) => parseReleaseNotes(text).title !== '', releaseNotesTitleMessage),
  ),
  deployedAt: blankable(dateField('Deployed at')),
});
export type RecordDeploymentInput = z.input<typeof recordDeploymentSchema>;
