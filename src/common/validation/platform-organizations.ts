import { z } from 'zod';
import { maxLength, requiredText } from './common';
import { createOrganizationSchema } from './organizations';

/*
 * What a super admin may change about an organization (issue 20). The field rules are the
 * organization's own (organizations.ts); only the fields the platform steers are accepted.
 */

export const contractEndBeforeStartMessage = 'Contract end must be on or after contract start';
export const deleteConfirmationMessage = 'Type the organization name to confirm';
export const noOrganizationChangeMessage = 'Change at least one field';

/** "Max users cannot be below the 3 active users of this organization". */
export function maxUsersBelowActiveMessage(active: number) {
  const users = active === 1 ? '1 active user' : `${active.toLocaleString('en-US')} active users`;
  return `Max users cannot be below the ${users} of this organization; deactivate users first`;
}

const base = createOrganizationSchema.shape;

/** The fields a super admin edits (the edit form's schema; every field optional). */
export const platformOrganizationFieldsSchema = z.object({
  name: base.name.optional(),
  planType: base.planType.unwrap().optional(),
  maxUsers: base.maxUsers.unwrap().optional(),
  billingEmail: base.billingEmail,
  contractStart: base.contractStart,
  contractEnd: base.contractEnd,
  /** Also reachable here: "suspended" suspends (sessions end), "active" reactivates. */
  status: base.status.unwrap().optional(),
});

type PlatformOrganizationFields = z.infer<typeof platformOrganizationFieldsSchema>;

/** Both dates given: the end may not come before the start (one given: the server checks the stored other). */
function checkContractDates(input: PlatformOrganizationFields, context: z.RefinementCtx) {
  if (input.contractStart && input.contractEnd && input.contractEnd < input.contractStart) {
    context.addIssue({ code: 'custom', path: ['contractEnd'], message: contractEndBeforeStartMessage });
  }
}

/** The edit form: the same fields and date rule. */
export const platformOrganizationFormSchema =
  platformOrganizationFieldsSchema.superRefine(checkContractDates);

/** PATCH /api/super-admin/organizations/:id: any of these, at least one. */
export const updatePlatformOrganizationSchema = platformOrganizationFieldsSchema
  .refine((input) => Object.values(input).some((value) => value !== undefined), noOrganizationChangeMessage)
  .superRefine(checkContractDates);

/** DELETE /api/super-admin/organizations/:id: the organization's name typed again. */
export const deletePlatformOrganizationSchema = z.object({
  confirm: requiredText(deleteConfirmationMessage, maxLength.line, 'Confirmation'),
});

export type UpdatePlatformOrganizationInput = z.infer<typeof updatePlatformOrganizationSchema>;
export type DeletePlatformOrganizationInput = z.infer<typeof deletePlatformOrganizationSchema>;
