import { z } from 'zod';
import { logoMaxBytes } from '../constants';
import {
  emailField,
  enumField,
  jsonObject,
  nameField,
  numberField,
  optionalDate,
  optionalEmail,
  maxLength,
  optionalLine,
  optionalLongText,
  requiredText,
  updateSchemaOf,
} from './common';
import { industrySectors, organizationPlanTypes, organizationStatuses } from '../allowed-values';

const organizationName = nameField('Organization name must be at least 2 characters');
const industrySector = enumField(industrySectors, 'Please select an industry sector');

/** The organization's outgoing email identity (data-model §5, exact messages). */
export const organizationEmailSettingsSchema = z.object({
  emailFromName: requiredText('From name is required'),
  emailFromAddress: emailField('Invalid email address'),
  emailReplyTo: optionalEmail('Invalid reply-to email address'),
  emailSignature: optionalLongText('Email signature', maxLength.text),
});

/** Created by a super admin; plan, limits and status are platform decisions, not tenant settings. */
export const createOrganizationSchema = z.object({
  name: organizationName,
  domain: optionalLine('Domain'),
  subdomain: z
    .string({ error: 'Subdomain must be at least 2 characters' })
    .trim()
    .toLowerCase()
    .min(2, 'Subdomain must be at least 2 characters')
    .max(63, 'Subdomain must be at most 63 characters')
    .regex(/^[a-z0-9-]+$/, 'Subdomain may only contain lowercase letters, numbers and hyphens'),
  planType: enumField(organizationPlanTypes, 'Invalid plan type').default('free'),
  maxUsers: numberField('Max users', { min: 1, int: true }).default(5),
  status: enumField(organizationStatuses, 'Invalid status').default('active'),
  industrySector: industrySector.default('Surplus Funds Locator'),
  corporatePhone: optionalLine('Corporate phone', maxLength.phone),
  billingEmail: optionalEmail('Please enter a valid email address'),
  contractStart: optionalDate('Contract start'),
  contractEnd: optionalDate('Contract end'),
  settings: jsonObject.optional(),
  // Optional here (set later in the tenant's settings), but valid whenever given.
  ...organizationEmailSettingsSchema.partial().shape,
});

export const updateOrganizationSchema = updateSchemaOf(createOrganizationSchema);

/** PATCH of the signed-in organization's own settings by its admin. */
export const updateOrganizationSettingsSchema = updateSchemaOf(
  z.object({
    name: organizationName,
    corporatePhone: optionalLine('Corporate phone', maxLength.phone),
    industrySector,
    settings: jsonObject,
    ...organizationEmailSettingsSchema.shape,
  }),
);

export type OrganizationEmailSettingsInput = z.infer<typeof organizationEmailSettingsSchema>;
export type CreateOrganizationInput = z.infer<typeof createOrganizationSchema>;
export type UpdateOrganizationInput = z.infer<typeof updateOrganizationSchema>;
export type UpdateOrganizationSettingsInput = z.infer<typeof updateOrganizationSettingsSchema>;

/** PUT /api/organization/logo: the image as a `data:` URL; its type is checked by content on the server. */
export const organizationLogoSchema = z.object({
  // An image as a data URL: its size is told by the server (413, "Logo must be 512 KB or smaller"),
  // which checks it by content; the route's body limit (four times the image limit) bounds the text.
  dataUrl: requiredText('Please choose an image', 4 * logoMaxBytes, 'Image'),
});

export type OrganizationLogoInput = z.infer<typeof organizationLogoSchema>;
