import { z } from 'zod';
import { phoneNumberFormats } from '../phone-format-choice';
import {
  booleanField,
  emailField,
  enumField,
  nameField,
  optionalId,
  maxLength,
  optionalLine,
  passwordField,
  permissionSetField,
  requiredText,
  updateSchemaOf,
} from './common';
import { userRoles, userStatuses } from '../allowed-values';

/** POST /api/users (DESIGN §3, data-model §5). */
export const createUserSchema = z.object({
  email: emailField('Please enter a valid email address'),
  firstName: nameField('First name must be at least 2 characters'),
  lastName: nameField('Last name must be at least 2 characters'),
  role: enumField(userRoles, 'Invalid role').default('user'),
  status: enumField(userStatuses, 'Invalid status').default('active'),
  password: passwordField,
  teamId: optionalId('Invalid team ID'),
  permissions: permissionSetField.optional(),
});

/** PATCH /api/users/:id: every field optional; an empty password means "unchanged". */
export const updateUserSchema = updateSchemaOf(createUserSchema).extend({
  password: z.preprocess((value) => (value === '' ? undefined : value), passwordField.optional()).optional(),
});

/** The signed-in user's own profile and preferences; blank preferences are refused, not cleared. */
export const updateProfileSchema = z.object({
  firstName: nameField('First name must be at least 2 characters').optional(),
  lastName: nameField('Last name must be at least 2 characters').optional(),
  phoneNumber: optionalLine('Phone number', maxLength.phone),
  phoneNumberFormat: enumField(phoneNumberFormats, 'Invalid phone number format').optional(),
  timezone: requiredText('Timezone is required', maxLength.code).optional(),
  dateNumberFormat: requiredText('Date and number format is required', maxLength.code).optional(),
  language: requiredText('Language is required', maxLength.code).optional(),
  defaultCurrency: requiredText('Default currency is required', maxLength.code).optional(),
  colorScheme: requiredText('Color scheme is required', maxLength.code).optional(),
  kanbanTheme: requiredText('Kanban theme is required', maxLength.code).optional(),
  showReleaseNotifications: booleanField('showReleaseNotifications').optional(),
});

/** POST /api/user/release-notification-preference (product spec §7). */
export const releaseNotificationPreferenceSchema = z.object({
  showReleaseNotifications: booleanField('showReleaseNotifications'),
  lastSeenReleaseVersion: requiredText('Release version is required', maxLength.code),
});

export type CreateUserInput = z.infer<typeof createUserSchema>;
export type UpdateUserInput = z.infer<typeof updateUserSchema>;
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
export type ReleaseNotificationPreferenceInput = z.infer<typeof releaseNotificationPreferenceSchema>;

/** POST /api/users/invitations: a new user who chooses their own password from the e-mailed link. */
export const inviteUserSchema = createUserSchema.omit({ password: true, status: true });
export type InviteUserInput = z.infer<typeof inviteUserSchema>;
