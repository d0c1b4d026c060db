import { z } from 'zod';
import {
  activityStatuses,
  activityTypes,
  enumField,
  idField,
  optionalDate,
  optionalId,
  optionalText,
  requireOneOf,
  requiredText,
  updateSchemaOf,
} from './common';

/** Fields shared by client/deal activities and lead activities (data-model §3). */
const activityFields = {
  type: enumField(activityTypes, 'Invalid activity type'),
  subject: requiredText('Subject is required'),
  description: optionalText,
  emailContent: optionalText,
  attachments: z.array(z.unknown(), { error: 'Attachments must be a list' }).optional(),
  status: enumField(activityStatuses, 'Invalid status').default('completed'),
  dueDate: optionalDate('Due date'),
};

const activityObject = z.object({
  ...activityFields,
  clientId: optionalId('Invalid client ID'),
  dealId: optionalId('Invalid deal ID'),
});

/** /api/activities: an activity belongs to a client or a deal. */
export const createActivitySchema = requireOneOf(
  activityObject,
  ['clientId', 'dealId'],
  'Either clientId or dealId is required',
);

export const updateActivitySchema = updateSchemaOf(activityObject);

/** /api/lead-activities: an activity on a lead. */
export const createLeadActivitySchema = z.object({
  ...activityFields,
  leadId: idField('Lead ID is required'),
});

export const updateLeadActivitySchema = updateSchemaOf(createLeadActivitySchema);

export type CreateActivityInput = z.infer<typeof createActivitySchema>;
export type UpdateActivityInput = z.infer<typeof updateActivitySchema>;
export type CreateLeadActivityInput = z.infer<typeof createLeadActivitySchema>;
export type UpdateLeadActivityInput = z.infer<typeof updateLeadActivitySchema>;
