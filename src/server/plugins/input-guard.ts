import type { FastifyInstance } from 'fastify';
import { invalidFields } from '../lib/app-error';

/**
 * Input no route schema should have to think about, refused before any handler sees it:
 * - a NUL character anywhere in a JSON body, a query string or a path parameter (PostgreSQL
 *   text cannot hold one, so it would fail as a 500 deep in a query);
 * - JSON nested deeper than any record needs (free-form custom-field values would otherwise
 *   reach a recursive JSON.stringify and overflow the stack).
 * It also reads an empty JSON body as no body, so `DELETE` sent with the JSON content type —
 * as a client that sets it on every write does — is not refused for having nothing to parse.
 */
export const nulCharacterMessage = 'Text cannot contain a NUL character';
export const nestedTooDeeplyMessage = 'Value is nested too deeply';
const maxJsonDepth = 32;

export function registerInputGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error, value) => {
      if (error) return done(error);
      const problem = findUnstorable(value, '', 0);
      done(problem ? invalidInput(problem) : null, value);
    });
  });

  app.addHook('preValidation', async (request) => {
    for (const source of [request.params, request.query]) {
      const problem = findUnstorable(source, '', 0);
      if (problem) throw invalidInput(problem);
    }
  });
}

interface Problem {
  path: string;
  message: string;
}

function invalidInput(problem: Problem) {
  return invalidFields([problem]);
}

function findUnstorable(value: unknown, path: string, depth: number): Problem | undefined {
  if (typeof value === 'string') {
    return value.includes('\u0000') ? { path, message: nulCharacterMessage } : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= maxJsonDepth) return { path, message: nestedTooDeeplyMessage };
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return { path: itemPath, message: nulCharacterMessage };
    const problem = findUnstorable(item, itemPath, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}
