import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openApiReferencePath } from './documented-routes';

/** The reference page's HTML in the client build (vite.config.ts builds it as its own entry). */
export const apiReferencePage = 'api-docs.html';

/**
 * GET /api/docs: the interactive API reference, our own small page (docs/decisions/035) built as a
 * separate entry of the client, so its code loads only here and nothing comes from another site.
 */
export async function registerApiReference(app: FastifyInstance, clientDir: string | undefined) {
  const built = clientDir !== undefined && existsSync(path.join(clientDir, apiReferencePage));
  app.get(openApiReferencePath, { config: { access: 'public' } }, async (_request, reply) => {
    if (!built)
      return reply.status(404).send({ message: 'The API reference is not built: run `npm run build`' });
    return reply.header('cache-control', 'no-cache').sendFile(apiReferencePage, clientDir as string);
  });
}
