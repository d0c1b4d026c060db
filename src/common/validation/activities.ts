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
  urlField,
} from './common';

/** Fields shared by client/deal activities and lead activities (data-model §3). */
const activityFields = {
  type: enumField(activityTypes, 'Invalid activity type'),
  subject: requiredText('Subject is required'),
  description: optionalText,
  emailContent: optionalText,
  // Shown as links: each is a name and an http(s) URL (never a `javascript:` link).
  attachments: z
    .array(
      z.object(
        {
          name: requiredText('Attachment name is required'),
          url: urlField('Attachment URL must be a valid URL'),
        },
        { error: 'Each attachment needs a name and a URL' },
      ),
      { error: 'Attachments must be a list' },
    )
    .optional(),
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
