import { z } from 'zod';
import { enumField, nameField, optionalLongText, permissionSetField, updateSchemaOf } from './common';
import { teamStatuses } from '../allowed-values';

/** POST /api/teams (DESIGN §3, data-model §5). */
export const createTeamSchema = z.object({
  name: nameField('Name must be at least 2 characters'),
  description: optionalLongText('Description'),
  permissions: permissionSetField.optional(),
  status: enumField(teamStatuses, 'Invalid status').default('active'),
});

export const updateTeamSchema = updateSchemaOf(createTeamSchema);

export type CreateTeamInput = z.infer<typeof createTeamSchema>;
export type UpdateTeamInput = z.infer<typeof updateTeamSchema>;
