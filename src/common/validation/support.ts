import { z } from 'zod';
import { emailField, enumField, nameField, optionalText, supportSubmissionTypes } from './common';

/** Support form (product spec §5) and POST /api/support-submission (data-model §5, §7). */
export const supportSubmissionSchema = z.object({
  firstName: nameField('First name must be at least 2 characters'),
  lastName: nameField('Last name must be at least 2 characters'),
  email: emailField('Please enter a valid email address'),
  type: enumField(supportSubmissionTypes, 'Please select a type'),
  description: z
    .string({ error: 'Description must be at least 10 characters' })
    .trim()
    .min(10, 'Description must be at least 10 characters'),
  // The image is optional: a URL or data URL of an uploaded screenshot.
  imageUrl: optionalText,
});

export type SupportSubmissionInput = z.infer<typeof supportSubmissionSchema>;
