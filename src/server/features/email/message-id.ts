import { randomUUID } from 'node:crypto';

/**
 * A fresh RFC 5322 Message-ID under the sender's domain. It is stored with the message before
 * the first try, so every retry sends the same id and receivers (and our own sync) see one message.
 */
export function newMessageId(fromAddress: string): string {
  const domain =
    fromAddress
      .split('@')[1]
      ?.trim()
      .toLowerCase()
      .replace(/[^a-z0-9.-]/g, '') || 'locus.invalid';
  return `<${randomUUID()}@${domain}>`;
}

/** Message-IDs as headers carry them: `<id>` tokens, in order, without duplicates. */
export function parseMessageIds(header: string | string[] | null | undefined): string[] {
  const text = Array.isArray(header) ? header.join(' ') : (header ?? '');
  const ids = text.match(/<[^<>\s]+>/g) ?? [];
  return [...new Set(ids)];
}
