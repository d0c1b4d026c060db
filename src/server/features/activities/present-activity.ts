import { getTableColumns } from 'drizzle-orm';
import { activities, leadActivities } from '../../db/schema/crm';

export const activityNotFoundMessage = 'Activity not found';

export const activityFields = getTableColumns(activities);
export const leadActivityFields = getTableColumns(leadActivities);

export type ActivityRow = typeof activities.$inferSelect;
export type LeadActivityRow = typeof leadActivities.$inferSelect;

type SharedRow = Omit<ActivityRow, 'clientId' | 'dealId'>;

/** A pending activity past its due date. */
export function isOverdue(row: { status: string; dueDate: Date | null }, now = new Date()) {
  return row.status === 'pending' && row.dueDate !== null && row.dueDate < now;
}

function presentShared(row: SharedRow) {
  return {
    userId: row.userId,
    type: row.type,
    subject: row.subject,
    description: row.description,
    emailContent: row.emailContent,
    attachments: row.attachments,
    status: row.status,
    dueDate: row.dueDate,
    completedAt: row.completedAt,
    overdue: isOverdue(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** An activity on a client or a deal (/api/activities). */
export function presentActivity(row: ActivityRow) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    clientId: row.clientId,
    dealId: row.dealId,
    ...presentShared(row),
  };
}

/** An activity on a lead (/api/lead-activities). */
export function presentLeadActivity(row: LeadActivityRow) {
  return { id: row.id, organizationId: row.organizationId, leadId: row.leadId, ...presentShared(row) };
}
