import { z } from 'zod';

/** The analytics windows the screen offers (issue 20 §5: 30 and 90 days). */
export const analyticsWindows = [30, 90] as const;
export type AnalyticsWindow = (typeof analyticsWindows)[number];

/** GET /api/super-admin/tenant-analytics and GET /api/super-admin/organizations/:id/analytics. */
export const tenantAnalyticsQuerySchema = z.object({
  days: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'Days must be 30 or 90' })
      .refine((days) => (analyticsWindows as readonly number[]).includes(days), 'Days must be 30 or 90')
      .optional(),
  ),
});
