import { z } from 'zod';

/** The outbox's kinds as the health screen groups them (issue 20 §10). */
export const outboxKindGroups = [
  'email',
  'webhooks',
  'sealing',
  'imports',
  'notifications',
  'other',
] as const;
export type OutboxKindGroup = (typeof outboxKindGroups)[number];

export const unknownJobKindMessage = 'Unknown job kind';

/** POST /api/super-admin/health/retry: every failed job, or those of one kind. */
export const retryFailedJobsSchema = z.object({
  kind: z
    .string({ error: unknownJobKindMessage })
    .trim()
    .min(1, unknownJobKindMessage)
    .max(100, unknownJobKindMessage)
    .optional(),
});

export type RetryFailedJobsInput = z.infer<typeof retryFailedJobsSchema>;
