import { z } from 'zod';
import {
  emailField,
  enumField,
  maxLength,
  nameField,
  optionalLine,
  optionalLongText,
  requiredText,
} from './common';
import { demoRequestStatuses } from './platform-values';

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

export type DemoRequestStatus = (typeof demoRequestStatuses)[number];

export const demoRequestStatusLabels: Record<DemoRequestStatus, string> = {
  pending: 'Pending',
  contacted: 'Contacted',
  scheduled: 'Scheduled',
  closed: 'Closed',
};

/** PATCH /api/super-admin/demo-requests/:id: the team's follow-up; blank notes clear them. */
export const updateDemoRequestSchema = z
  .object({
    status: enumField(demoRequestStatuses, 'Please select a status').optional(),
    notes: optionalLongText('Notes', maxLength.text),
  })
  .refine((input) => input.status !== undefined || input.notes !== undefined, {
    message: 'Nothing to change',
    path: ['status'],
  });

export type UpdateDemoRequestInput = z.input<typeof updateDemoRequestSchema>;
