import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/** Longest text kept of one logged value: a query error's message repeats its parameters. */
export const maxLoggedTextLength = 2048;
/** Items kept of a logged list (a query's parameters). */
const maxLoggedItems = 50;
const maxLoggedDepth = 6;

/** `value` with every long string cut short and every long list trimmed, so a log line stays small. */
export function clipForLog<T>(value: T, depth = 0): T {
  return clip(value, depth) as T;
}

function clip(value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    return value.length > maxLoggedTextLength
      ? `${value.slice(0, maxLoggedTextLength)}… [${value.length} characters]`
      : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= maxLoggedDepth) return '[nested]';
  if (Array.isArray(value)) {
    const items = value.slice(0, maxLoggedItems).map((item) => clip(item, depth + 1));
    if (value.length > maxLoggedItems) items.push(`… [${value.length} items]`);
    return items;
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clip(item, depth + 1)]));
}

/**
 * A signing or share link's token is its only secret (issue 17): URLs of the signing pages
 * and their API are logged without it.
 */
const linkTokenPattern = /(\/(?:sign|share|api\/signing|api\/shares)\/)[^/?#]+/g;

export function redactLinkTokens(url: string): string {
  return url.replace(linkTokenPattern, '$1[redacted]');
}

/**
 * Structured JSON logs (pino); secrets are redacted wherever they might appear, and errors and
 * request URLs are clipped: a 1 MB value sent in a body or a query string must not become a 1 MB
 * log line (drizzle's query errors carry the parameters in their message).
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      err: (error: Error) => clipForLog(stdSerializers.err(error)),
      // Fastify's own request fields, the URL clipped (a query string can be as long as a body).
      req: (request: FastifyRequest) =>
        clipForLog({
          method: request.method,
          url: redactLinkTokens(request.url),
          version: request.headers?.['accept-version'] as string | undefined,
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
    },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.secretAccessKey',
      ],
      censor: '[redacted]',
    },
  };
}
