import { z } from 'zod';
import { attachmentMaxBytes } from '../constants';
import {
  enumField,
  idField,
  optionalDueDate,
  optionalId,
  maxLength,
  optionalLongText,
  requireOneOf,
  requiredText,
  updateSchemaOf,
  urlField,
} from './common';
import { activityStatuses, activityTypes } from '../allowed-values';

export const attachmentUrlMessage = 'Attachment URL must be a valid URL';
/** An uploaded-file link whose file the organization does not have (never uploaded, removed, or another organization's). */
export const attachmentFileMissingMessage = 'Attached file not found: upload it again';
export const attachmentSizeMessage = 'Attachment size must be a whole number of bytes';
export const fileTooLargeMessage = `File must be ${attachmentMaxBytes / (1024 * 1024)} MB or smaller`;
export const emptyFileMessage = 'File is empty';
export const fileNameRequiredMessage = 'File name is required';
export const fileNameDotsMessage = 'File name cannot be "." or ".."';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The characters encodeURIComponent leaves as they are, plus its %XX escapes. */
const encodedName = "[A-Za-z0-9\\-_.!~*'()%]+";
const uploadedFilePath = new RegExp(`^/api/files/${uuid}/${encodedName}$`, 'i');

/** Whether an attachment is a file uploaded here (downloaded) rather than a link (opened). */
export function isUploadedFileUrl(url: string) {
  return uploadedFilePath.test(url);
}

/** The file id in an uploaded file's URL (lower case), or null for a link. */
export function uploadedFileId(url: string): string | null {
  return isUploadedFileUrl(url) ? url.split('/')[3].toLowerCase() : null;
}

/** Where POST /api/files serves an upload (the name only makes the link readable). */
export function uploadedFileUrl(id: string, name: string) {
  return `/api/files/${id}/${encodeURIComponent(name)}`;
}

/**
 * An attachment links to a file uploaded here (`/api/files/<id>/<name>`) or to an http(s) page;
 * nothing else, so a stored link can never be `javascript:` or point at another of our endpoints.
 */
const attachmentUrl = z.union(
  [
    urlField(attachmentUrlMessage, 'Attachment URL'),
    z.string().trim().max(maxLength.url).regex(uploadedFilePath),
  ],
  {
    error: attachmentUrlMessage,
  },
);

/** One attachment: a name, where it lives, and for uploads its size. */
export const attachmentSchema = z.object(
  {
    name: requiredText('Attachment name is required'),
    url: attachmentUrl,
    size: z
      .number({ error: attachmentSizeMessage })
      .int(attachmentSizeMessage)
      .nonnegative(attachmentSizeMessage)
      .optional(),
  },
  { error: 'Each attachment needs a name and a URL' },
);

export const maxAttachments = 50;

/** Fields shared by client/deal activities and lead activities (data-model §3). */
const activityFields = {
  type: enumField(activityTypes, 'Invalid activity type'),
  subject: requiredText('Subject is required'),
  description: optionalLongText('Description', maxLength.notes),
  emailContent: optionalLongText('Email content', maxLength.notes),
  attachments: z
    .array(attachmentSchema, { error: 'Attachments must be a list' })
    .max(maxAttachments, `At most ${maxAttachments} attachments`)
    .optional(),
  status: enumField(activityStatuses, 'Invalid status').default('completed'),
  dueDate: optionalDueDate('Due date'),
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
