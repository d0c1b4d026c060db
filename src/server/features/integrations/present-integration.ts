import type { integrations } from '../../db/schema/integrations';

type IntegrationRow = typeof integrations.$inferSelect;

/** A webhook's delivery health, from its recent webhook_logs rows. */
export interface WebhookHealth {
  lastDeliveryAt: Date | null;
  lastDeliveryStatus: string | null;
  lastResponseStatus: number | null;
  /** Attempts and failed attempts in the last 24 hours. */
  recentDeliveries: number;
  recentFailures: number;
}

/** What config holds that no answer may show: the sealed signing secret, who created it. */
const privateConfigKeys = new Set(['secret', 'createdBy']);

/**
 * An integration as the API answers it: the stored config without its secret (a webhook says only
 * that it has one), with health when it was read.
 */
export function presentIntegration(row: IntegrationRow, health?: WebhookHealth) {
  const config = (row.config ?? {}) as Record<string, unknown>;
  const publicConfig = Object.fromEntries(
    Object.entries(config).filter(([key]) => !privateConfigKeys.has(key)),
  );
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    config: publicConfig,
    hasSecret: typeof config.secret === 'string',
    fieldMappings: row.fieldMappings ?? null,
    lastSync: row.lastSync,
    errorMessage: row.errorMessage,
    createdBy: typeof config.createdBy === 'string' ? config.createdBy : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.type === 'webhook' ? { health: health ?? null } : {}),
  };
}

export type PresentedIntegration = ReturnType<typeof presentIntegration>;
