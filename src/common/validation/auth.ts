import { z } from 'zod';
import { emailField, maxLength, nameField, passwordField, requiredText } from './common';
import { industrySectors } from '../allowed-values';

/** POST /api/auth/register: creates the organization and its owner (DESIGN §3). */
export const registerSchema = z.object({
  organizationName: nameField('Organization name must be at least 2 characters'),
  industrySector: z
    .enum(industrySectors, { error: 'Please select an industry sector' })
    .default('Surplus Funds Locator'),
  firstName: nameField('First name must be at least 2 characters'),
  lastName: nameField('Last name must be at least 2 characters'),
  email: emailField('Please enter a valid email address'),
  password: passwordField,
});

/** POST /api/auth/login: only presence is checked, so a wrong format reads as wrong credentials. */
export const loginSchema = z.object({
  email: requiredText('Email is required', maxLength.email),
  // Longer than any password can be set: refused before it is hashed.
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
});

/** POST /api/auth/change-password. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1024, 'Current password is too long'),
  newPassword: passwordField,
});

export type RegisterInput = z.infer<typeof registerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Single-use links sent by e-mail: a reset of a forgotten password, and an invitation. */
export const tokenField = z
  .string({ error: 'This link is invalid or has expired' })
  .min(1, 'This link is invalid or has expired')
  .max(200, 'This link is invalid or has expired');

/** POST /api/auth/forgot-password */
export const forgotPasswordSchema = z.object({
  email: emailField('Please enter a valid email address'),
});

/** POST /api/auth/reset-password */
export const resetPasswordSchema = z.object({ token: tokenField, password: passwordField });

/** POST /api/auth/accept-invitation */
export const acceptInvitationSchema = z.object({ token: tokenField, password: passwordField });

/** GET /api/auth/token?token=&purpose= */
export const tokenQuerySchema = z.object({
  token: tokenField,
  purpose: z.enum(['password_reset', 'invitation'], { error: 'Invalid purpose' }),
});

export const forgotPasswordMessage =
  "If an account exists for that address, we've sent a link to reset the password.";
export const invalidLinkMessage = 'This link is invalid or has expired';

export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;
