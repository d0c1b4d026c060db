import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The HTTP server Fastify listens with: a HEAD request is answered by its GET route. Fastify would
 * otherwise register a HEAD twin of every GET route, about 350 more routes to build at each start
 * (issue 21 §5). Node decides whether a response has a body from the method the request arrived
 * with, before this handler runs: the GET route's headers (Content-Length, ETag) go out, its body
 * does not. The timeouts are the ones Fastify sets on a server it makes itself.
 */
export function createHeadAsGetServer(handler: RequestHandler, options: FastifyServerOptions): Server {
  const server = createServer((request, response) => {
    if (request.method === 'HEAD') request.method = 'GET';
    handler(request, response);
  });
  server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
  server.requestTimeout = options.requestTimeout ?? 0;
  server.setTimeout(options.connectionTimeout ?? 0);
  return server;
}
