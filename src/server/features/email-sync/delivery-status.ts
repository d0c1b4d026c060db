import type { ParsedMail } from 'mailparser';
import { parseMessageIds } from '../email/message-id';

/** What a returned delivery report (RFC 3464) says about the message it returns. */
export interface DeliveryStatus {
  /** The Message-ID of the message that could not be delivered, when the report carries its headers. */
  originalMessageId: string | null;
  /** "5.1.1 smtp; 550 5.1.1 … User unknown": the Status and the server's Diagnostic-Code. */
  reason: string;
  /** Only failed reports are bounces (a report may also say "delayed" or "delivered"). */
  failed: boolean;
}

/**
 * Reads a `multipart/report; report-type=delivery-status` message; null for any other message.
 * mailparser folds the message/delivery-status part into the text, and hands the returned
 * message (message/rfc822 or text/rfc822-headers) over as an attachment.
 */
export function parseDeliveryStatus(
  parsed: Pick<ParsedMail, 'headers' | 'text' | 'attachments'>,
): DeliveryStatus | null {
  const contentType = parsed.headers.get('content-type') as
    | { value?: string; params?: Record<string, string> }
    | undefined;
  if (contentType?.value?.toLowerCase() !== 'multipart/report') return null;
  if (contentType.params?.['report-type']?.toLowerCase() !== 'delivery-status') return null;

  const fields = unfold(parsed.text ?? '');
  const status = field(fields, 'Status');
  const diagnostic = field(fields, 'Diagnostic-Code');
  const action = field(fields, 'Action')?.toLowerCase();

  let originalMessageId: string | null = null;
  for (const part of parsed.attachments ?? []) {
    const type = part.contentType?.toLowerCase();
    if (type !== 'message/rfc822' && type !== 'text/rfc822-headers' && type !== 'message/global-headers')
      continue;
    const headers = unfold(
      part.content
        .subarray(0, 64 * 1024)
        .toString('utf8')
        .split(/\r?\n\r?\n/)[0],
    );
    const id = field(headers, 'Message-ID');
    if (id) {
      originalMessageId = parseMessageIds(id)[0] ?? null;
      break;
    }
  }
  const reason = [status, diagnostic].filter(Boolean).join(' ').slice(0, 1000) || 'Returned as undeliverable';
  const failed = action ? action === 'failed' : !status || status.startsWith('5');
  return { originalMessageId, reason, failed };
}

/** Header-style lines with their folded continuations joined. */
function unfold(text: string): string[] {
  return text.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
}

function field(lines: string[], name: string): string | undefined {
  const prefix = `${name.toLowerCase()}:`;
  const line = lines.find((l) => l.toLowerCase().startsWith(prefix));
  return line?.slice(prefix.length).trim().replace(/\s+/g, ' ') || undefined;
}
