import type { FastifyInstance } from 'fastify';

/** The content security policy: our own origin only (no inline scripts or styles). */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/**
 * The hardening headers helmet sends by default, with our CSP. They never vary by request, so
 * they are built once: applying helmet per request re-parsed the CSP directives every time.
 */
export function securityHeaders(production: boolean): Record<string, string> {
  return {
    'content-security-policy': [
      ...contentSecurityPolicy,
      ...(production ? ['upgrade-insecure-requests'] : []),
    ].join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    // HSTS only makes sense when served over https.
    ...(production ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * Security headers on every response, including errors, 404s and static files. API answers
 * hold one user's records, so no cache (the browser's, a proxy's) keeps them unless a route
 * says otherwise (an image it serves again, for instance).
 */
export function registerSecurityHeaders(app: FastifyInstance, production: boolean) {
  const headers = securityHeaders(production);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
