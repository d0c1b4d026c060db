import { z } from 'zod';
import { idField } from './common';

/*
 * Support access (issue 20): a super admin opens an organization read-only as one of its users.
 * The reason is written to the organization's audit log, so it must say something.
 */

export const supportAccessReasonMinLength = 5;
export const supportAccessReasonMaxLength = 500;

export const supportAccessReasonTooShortMessage = `Give a reason of at least ${supportAccessReasonMinLength} characters`;

export const startSupportAccessSchema = z.object({
  organizationId: idField('Choose an organization'),
  userId: idField('Choose a user'),
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(supportAccessReasonMinLength, supportAccessReasonTooShortMessage)
    .max(supportAccessReasonMaxLength, `Keep the reason under ${supportAccessReasonMaxLength} characters`),
});

export type StartSupportAccessInput = z.infer<typeof startSupportAccessSchema>;
