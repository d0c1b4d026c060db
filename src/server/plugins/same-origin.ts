import type { FastifyInstance } from 'fastify';
import { isStateChanging } from '../lib/http-methods';

/**
 * Cookie-authenticated writes must come from our own pages: a cross-site Origin (or a browser
 * saying so via Sec-Fetch-Site) is refused. Requests without an Origin (curl, server-to-server)
 * carry no ambient browser cookies worth forging and pass.
 */
export function registerSameOriginCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isStateChanging(request.method)) return;
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
