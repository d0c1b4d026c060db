import type { FastifyServerOptions } from 'fastify';

/** Structured JSON logs (pino); secrets are redacted wherever they might appear. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
      ],
      censor: '[redacted]',
    },
  };
}
