import { syncMailboxHandler } from '../features/email-sync/sync-mailbox-handler';
import { outboxKinds } from '../lib/outbox';
import type { OutboxHandler } from './outbox-handler';

/** What the outbox worker runs for each kind of job. */
export const outboxHandlers: Record<string, OutboxHandler> = {
  [outboxKinds.syncMailbox]: syncMailboxHandler,
};
