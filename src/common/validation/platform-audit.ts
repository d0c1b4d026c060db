import { z } from 'zod';
import { auditActions, auditRiskLevels } from '../audit-actions';
import { dateField, maxLength } from './common';

/*
 * The super admins' audit trail across organizations (issue 20 §4): its filters, shared by the
 * list, the CSV export and the screen. `organizationId` is an organization's id, or `platform`
 * for the platform's own events (written with no organization).
 */

/** `?organizationId=platform`: events that concern the platform, not one organization. */
export const platformAuditScope = 'platform';

const blank = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

/**
 * The kinds of event the screen calls out: repeated failed sign-ins and permission escalations
 * (rated high), and exports (data leaving in bulk, any risk).
 */
export const platformAuditCategories = ['failed_sign_ins', 'permission_escalations', 'exports'] as const;
export type PlatformAuditCategory = (typeof platformAuditCategories)[number];

export const platformAuditFilterShape = {
  category: optional(z.enum(platformAuditCategories, { error: 'Invalid category' })),
  organizationId: optional(
    z
      .string({ error: 'Invalid organization ID' })
      .refine(
        (value) => value === platformAuditScope || z.guid().safeParse(value).success,
        'Invalid organization ID',
      ),
  ),
  userId: optional(z.guid({ error: 'Invalid user ID' })),
  action: optional(z.enum(auditActions as [string, ...string[]], { error: 'Invalid action' })),
  riskLevel: optional(z.enum(auditRiskLevels, { error: 'Invalid risk level' })),
  from: optional(dateField('From')),
  to: optional(dateField('To')),
  search: optional(z.string().trim().max(maxLength.search, 'Search is too long')),
};

/** GET /api/super-admin/system-audit-logs/summary: the window the high-risk summary looks back over. */
export const platformAuditSummaryQuerySchema = z.object({
  days: optional(
    z.coerce
      .number({ error: 'Days must be a number' })
      .int('Days must be a whole number')
      .min(1, 'Days must be between 1 and 90')
      .max(90, 'Days must be between 1 and 90'),
  ),
});
