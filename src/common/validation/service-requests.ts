import { z } from 'zod';
import { blankable, enumField, idField, maxLength, optionalLongText, tooLongMessage } from './common';
import {
  serviceRequestCategories,
  serviceRequestPriorities,
  serviceRequestStatuses,
} from './platform-values';

export type ServiceRequestStatus = (typeof serviceRequestStatuses)[number];
export type ServiceRequestPriority = (typeof serviceRequestPriorities)[number];
export type ServiceRequestCategory = (typeof serviceRequestCategories)[number];

export const serviceRequestStatusLabels: Record<ServiceRequestStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const serviceRequestPriorityLabels: Record<ServiceRequestPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

export const serviceRequestCategoryLabels: Record<ServiceRequestCategory, string> = {
  technical: 'Technical problem',
  billing: 'Billing',
  account: 'Account',
  feature_request: 'Feature request',
  other: 'Other',
};

export const serviceRequestSubjectMinLength = 3;
export const serviceRequestDescriptionMinLength = 10;
export const closedServiceRequestMessage = 'A closed service request cannot be reopened';

/**
 * Status moves forward open → in progress → resolved / closed; a resolved request may be reopened
 * (back to open or in progress) while the organization still needs help, but closed is final: a
 * new problem is a new request, so the closed one's history stays as it was.
 */
export function canMoveServiceRequest(from: ServiceRequestStatus, to: ServiceRequestStatus): boolean {
  return from === to || from !== 'closed';
}

/** POST /api/service-requests: what an organization admin files from the help panel. */
export const createServiceRequestSchema = z.object({
  subject: z
    .string({ error: 'Subject must be at least 3 characters' })
    .trim()
    .min(serviceRequestSubjectMinLength, 'Subject must be at least 3 characters')
    .max(maxLength.line, tooLongMessage('Subject', maxLength.line)),
  description: z
    .string({ error: 'Description must be at least 10 characters' })
    .trim()
    .min(serviceRequestDescriptionMinLength, 'Description must be at least 10 characters')
    .max(maxLength.text, tooLongMessage('Description', maxLength.text)),
  // Left out by an API caller (the spec gives it no default): other. The form's unchosen '' is refused.
  category: enumField(serviceRequestCategories, 'Please select a category').default('other'),
  priority: enumField(serviceRequestPriorities, 'Please select a priority').default('medium'),
});

export type CreateServiceRequestInput = z.input<typeof createServiceRequestSchema>;

/** PATCH /api/super-admin/service-requests/:id: a super admin's triage; assignedTo null unassigns. */
export const updateServiceRequestSchema = z
  .object({
    status: enumField(serviceRequestStatuses, 'Please select a status').optional(),
    priority: enumField(serviceRequestPriorities, 'Please select a priority').optional(),
    assignedTo: blankable(idField('Assignee must be a super admin')),
    resolution: optionalLongText('Resolution', maxLength.text),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: 'Nothing to change',
    path: ['status'],
  });

export type UpdateServiceRequestInput = z.input<typeof updateServiceRequestSchema>;
