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

/** What a super admin may change of an entry: its wording, never which box it describes. */
export const updatePermissionSchema = permissionSchema.pick({ name: true, description: true }).partial();

export type PermissionInput = z.infer<typeof permissionSchema>;
export type UpdatePermissionInput = z.infer<typeof updatePermissionSchema>;
