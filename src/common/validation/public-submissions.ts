import { z } from 'zod';
import { emailField, maxLength, nameField, optionalLine, optionalLongText, requiredText } from './common';

/** POST /api/early-access (data-model §5 "Early access signup"). */
export const earlyAccessSchema = z.object({
  email: emailField('Please enter a valid email address'),
  name: nameField('Name must be at least 2 characters'),
  company: optionalLine('Company'),
  persona: requiredText('Please select your role', maxLength.code, 'Role'),
});

/** POST /api/demo-request: early access plus a required company. */
export const demoRequestSchema = earlyAccessSchema.extend({
  company: nameField('Company name must be at least 2 characters'),
  message: optionalLongText('Message', maxLength.text),
  phoneNumber: optionalLine('Phone number', maxLength.phone),
  preferredTime: optionalLine('Preferred time', maxLength.code),
});

export type EarlyAccessInput = z.infer<typeof earlyAccessSchema>;
export type DemoRequestInput = z.infer<typeof demoRequestSchema>;
