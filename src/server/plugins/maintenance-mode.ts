import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppPath } from '../../common/app-paths';
import { isPublicSitePath } from '../../common/public-paths';
import { maintenanceMessage } from '../../common/validation/system-config';
import type { Database } from '../db';
import { getCachedSystemConfig } from '../features/system-config/cached-system-config';
import { securityHeaders } from './security-headers';

/** How long clients are told to wait before trying again (seconds). */
export const maintenanceRetryAfterSeconds = 120;

/** Where the client sends a user whose call met maintenance; it shows the page while it lasts. */
export const maintenancePagePath = '/maintenance';

/*
 * What keeps working for everyone during maintenance: the health check, and what a super admin
 * needs to sign in and switch it off (sign-in, who am I, sign-out, the status itself).
 */
const openApiPaths = new Set([
  '/api/health',
  '/api/auth/login',
  '/api/user',
  '/api/session',
  '/api/login',
  '/api/logout',
  '/api/system-status',
  // A super admin visiting an organization read-only (support access) can still see and end the visit.
  '/api/support-access/current',
  '/api/support-access/end',
]);

/**
 * Maintenance mode (issue 20 §3): while system_config.maintenanceMode is on, everyone but super
 * admins gets 503 with Retry-After, as JSON on the API and as a maintenance page on the app's
 * pages. The public site (landing, marketing pages, /auth) stays up and shows a banner itself.
 * Registered after the sessions hook, so a super admin's session is known; the row is read from
 * a copy at most two seconds old, so this costs no query per request.
 */
export function registerMaintenanceMode(
  app: FastifyInstance,
  { db, production }: { db: Database; production: boolean },
) {
  const page = maintenancePage();
  const pageHeaders = {
    ...securityHeaders(production),
    // The page's one inline style, allowed by its hash (the app's policy forbids inline styles).
    'content-security-policy': pageSecurityPolicy(page.styleHash, production),
    'retry-after': String(maintenanceRetryAfterSeconds),
    'cache-control': 'no-store',
  };
  const sendPage = (reply: FastifyReply) =>
    reply.status(503).headers(pageHeaders).type('text/html; charset=utf-8').send(page.html);

  app.addHook('onRequest', async (request, reply) => {
    const kind = subjectTo(request);
    if (!kind) return;
    const config = await getCachedSystemConfig(db);
    if (!config.maintenanceMode || request.auth?.isSuperAdmin) return;
    if (kind === 'page') return sendPage(reply);
    return reply
      .status(503)
      .header('retry-after', String(maintenanceRetryAfterSeconds))
      .send({ message: maintenanceMessage, maintenance: true });
  });

  // The page itself, while maintenance lasts; afterwards it sends the visitor back to the app.
  app.get(maintenancePagePath, { config: { access: 'public' } }, async (request, reply) => {
    const config = await getCachedSystemConfig(db);
    if (config.maintenanceMode && !request.auth?.isSuperAdmin) return sendPage(reply);
    return reply.header('cache-control', 'no-store').redirect('/dashboard', 302);
  });
}

/** Whether maintenance concerns the request: an API call, an app page, or neither (assets, public site). */
function subjectTo(request: FastifyRequest): 'api' | 'page' | null {
  const path = request.url.split('?')[0];
  if (path.startsWith('/api/')) return openApiPaths.has(path) ? null : 'api';
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (path === maintenancePagePath) return null;
  if (path === '/auth' || isPublicSitePath(path)) return null;
  return isAppPath(path) ? 'page' : null;
}

function pageSecurityPolicy(styleHash: string, production: boolean) {
  return securityHeaders(production)['content-security-policy'].replace(
    "style-src 'self'",
    `style-src 'sha256-${styleHash}'`,
  );
}

const style = `body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}main{max-width:32rem;margin:1.5rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;box-shadow:0 1px 3px rgba(15,23,42,.08)}h1{font-size:1.375rem;margin:0 0 .75rem}p{line-height:1.6;margin:0 0 1rem;color:#334155}a{color:#2563eb;font-weight:600}`;

function maintenancePage() {
  const styleHash = createHash('sha256').update(style).digest('base64');
  // Refreshes itself: when maintenance ends the same address shows the app again.
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${maintenanceRetryAfterSeconds}">
<title>Down for maintenance · Locus</title>
<style>${style}</style>
</head>
<body>
<main>
<h1>Locus is down for maintenance</h1>
<p>Please try again in a few minutes. Your data is safe, and this page reloads by itself.</p>
<p><a href="/dashboard">Try again</a> · <a href="/">Locus home</a></p>
</main>
</body>
</html>
`;
  return { html, styleHash };
}
