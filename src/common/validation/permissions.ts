import { z } from 'zod';
import { nameField, optionalText, requiredText } from './common';

/** A permission catalogue entry (data-model §3, §5). */
export const permissionSchema = z.object({
  name: nameField('Name must be at least 2 characters'),
  description: optionalText,
  category: requiredText('Category is required'),
  action: requiredText('Action is required'),
  resource: requiredText('Resource is required'),
});

export type PermissionInput = z.infer<typeof permissionSchema>;
