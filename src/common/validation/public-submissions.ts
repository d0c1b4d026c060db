import { z } from 'zod';
import { emailField, nameField, optionalText, requiredText } from './common';

/** POST /api/early-access (data-model §5 "Early access signup"). */
export const earlyAccessSchema = z.object({
  email: emailField('Please enter a valid email address'),
  name: nameField('Name must be at least 2 characters'),
  company: optionalText,
  persona: requiredText('Please select your role'),
});

/** POST /api/demo-request: early access plus a required company. */
export const demoRequestSchema = earlyAccessSchema.extend({
  company: nameField('Company name must be at least 2 characters'),
  message: optionalText,
  phoneNumber: optionalText,
  preferredTime: optionalText,
});

export type EarlyAccessInput = z.infer<typeof earlyAccessSchema>;
export type DemoRequestInput = z.infer<typeof demoRequestSchema>;
