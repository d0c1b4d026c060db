import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAppPath } from '../../common/app-paths';

/**
 * Serves the built client: hashed assets cached for a year; the app's own paths (the shared list
 * in src/common/app-paths.ts, deep links such as /leads/123 included) get index.html. Any other
 * path gets index.html too, so the app shows its not-found page, but with status 404; a missing
 * asset is a plain 404 (a script tag given HTML fails obscurely, and caches would keep it).
 */
export async function registerClientApp(app: FastifyInstance, clientDir: string) {
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    app.log.warn({ clientDir }, 'built client not found: run `npm run build`');
    return;
  }
  // The build writes .br/.gz copies (vite.config.ts, precompressAssets); the best one accepted is sent.
  await app.register(fastifyStatic, { root: clientDir, serve: false, preCompressed: true });
  // Files known at start-up; only these are served, so no path can escape the folder.
  const files = new Set(listFiles(clientDir).filter((file) => !/\.(br|gz)$/.test(file)));

  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0]);
    if (urlPath.startsWith('/api/') || urlPath === '/api') {
      return reply.status(404).send({ message: `Route GET ${urlPath} not found` });
    }
    const file = urlPath.slice(1);
    if (file && files.has(file) && file !== 'index.html') {
      const immutable = file.startsWith('assets/');
      return reply.sendFile(file, { maxAge: immutable ? '365d' : '1h', immutable });
    }
    if (urlPath.startsWith('/assets/')) {
      return reply.status(404).header('Cache-Control', 'no-cache').type('text/plain').send('Not found');
    }
    return reply
      .status(isAppPath(urlPath) ? 200 : 404)
      .header('Cache-Control', isSigningPage(urlPath) ? 'no-store' : 'no-cache')
      .header('Referrer-Policy', 'no-referrer')
      .sendFile('index.html', { cacheControl: false });
  });
}

/**
 * A signing or share page: its URL holds the link's secret, so the page is never stored by a
 * cache and never named to another site as a referrer (issue 17).
 */
export const isSigningPage = (urlPath: string) => /^\/(sign|share)\/[^/]+\/?$/.test(urlPath);

function listFiles(root: string, prefix = ''): string[] {
  return readdirSync(path.join(root, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(root, relative) : [relative];
  });
}
