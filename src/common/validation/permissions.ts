import { z } from 'zod';
import { maxLength, nameField, optionalLongText, requiredText } from './common';

/** A permission catalogue entry (data-model §3, §5). */
export const permissionSchema = z.object({
  name: nameField('Name must be at least 2 characters'),
  description: optionalLongText('Description'),
  category: requiredText('Category is required', maxLength.code),
  action: requiredText('Action is required', maxLength.code),
  resource: requiredText('Resource is required', maxLength.code),
});

/** What a super admin may change of an entry: its wording, never which box it describes. */
export const updatePermissionSchema = permissionSchema.pick({ name: true, description: true }).partial();

export type PermissionInput = z.infer<typeof permissionSchema>;
export type UpdatePermissionInput = z.infer<typeof updatePermissionSchema>;
