import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStateChanging } from '../lib/http-methods';
import { sessionCookieName } from './session';

/**
 * Cookie-authenticated writes must come from our own pages: a cross-site Origin (or a browser
 * saying so via Sec-Fetch-Site) is refused. Requests without an Origin (curl, server-to-server)
 * carry no ambient browser cookies worth forging and pass, and so do API-key calls without a
 * cookie: a key is sent on purpose, never attached by a browser (DESIGN §3).
 */
export function registerSameOriginCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isStateChanging(request.method)) return;
    if (isApiKeyCall(request)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      return reply.status(403).send({ message: 'Cross-site request refused' });
    }
    const origin = request.headers.origin;
    if (!origin) return;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return reply.status(403).send({ message: 'Cross-site request refused' });
    }
    if (originHost !== request.host) {
      return reply.status(403).send({ message: 'Cross-site request refused' });
    }
  });
}

/** `Authorization: Bearer …` and no session cookie: the session plugin authenticates it as a key. */
function isApiKeyCall(request: FastifyRequest): boolean {
  const authorization = request.headers.authorization;
  if (!authorization || !/^Bearer\s/i.test(authorization)) return false;
  const cookies = request.headers.cookie ?? '';
  return !cookies.split(';').some((pair) => pair.trim().startsWith(`${sessionCookieName}=`));
}
