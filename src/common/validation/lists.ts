import { z } from 'zod';
import { booleanField, enumField, hexColor, idField, nameField, numberField, updateSchemaOf } from './common';
import { dealReasonTypes } from '../allowed-values';

/* Configurable lists (data-model §3 "Configurable lists", §5). */

const listName = nameField('Name must be at least 2 characters');
const orderIndex = numberField('Order index', { min: 0, int: true }).optional();
const isActive = booleanField('isActive').optional();

export const createDealReasonSchema = z.object({
  name: listName,
  type: enumField(dealReasonTypes, 'Invalid reason type'),
  isActive,
  showInDetails: booleanField('showInDetails').optional(),
  showInDialog: booleanField('showInDialog').optional(),
  orderIndex,
});
export const updateDealReasonSchema = updateSchemaOf(createDealReasonSchema);

export const createPipelineSchema = z.object({
  name: listName,
  isDefault: booleanField('isDefault').optional(),
  isActive,
  orderIndex,
});
export const updatePipelineSchema = updateSchemaOf(createPipelineSchema);

export const createStageSchema = z.object({
  pipelineId: idField('Pipeline ID is required'),
  name: listName,
  probability: numberField('Probability', { min: 0, max: 100, int: true }).default(0),
  orderIndex,
  isActive,
});
export const updateStageSchema = updateSchemaOf(createStageSchema);

/** Revenue types and lead sources have the same shape. */
export const createRevenueTypeSchema = z.object({ name: listName, orderIndex, isActive });
export const updateRevenueTypeSchema = updateSchemaOf(createRevenueTypeSchema);
export const createLeadSourceSchema = createRevenueTypeSchema;
export const updateLeadSourceSchema = updateRevenueTypeSchema;

export const createPersonStatusSchema = z.object({ name: listName, color: hexColor, orderIndex, isActive });
export const updatePersonStatusSchema = updateSchemaOf(createPersonStatusSchema);

/** isSystem is not an input: system statuses are seeded, never created through the API. */
export const createDealStatusSchema = createPersonStatusSchema;
export const updateDealStatusSchema = updatePersonStatusSchema;

export type CreateDealReasonInput = z.infer<typeof createDealReasonSchema>;
export type UpdateDealReasonInput = z.infer<typeof updateDealReasonSchema>;
export type CreatePipelineInput = z.infer<typeof createPipelineSchema>;
export type UpdatePipelineInput = z.infer<typeof updatePipelineSchema>;
export type CreateStageInput = z.infer<typeof createStageSchema>;
export type UpdateStageInput = z.infer<typeof updateStageSchema>;
export type CreateRevenueTypeInput = z.infer<typeof createRevenueTypeSchema>;
export type UpdateRevenueTypeInput = z.infer<typeof updateRevenueTypeSchema>;
export type CreateLeadSourceInput = CreateRevenueTypeInput;
export type UpdateLeadSourceInput = UpdateRevenueTypeInput;
export type CreatePersonStatusInput = z.infer<typeof createPersonStatusSchema>;
export type UpdatePersonStatusInput = z.infer<typeof updatePersonStatusSchema>;
export type CreateDealStatusInput = CreatePersonStatusInput;
export type UpdateDealStatusInput = UpdatePersonStatusInput;
