import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldError } from '../../common/validation/common';
import { AppError, validationFailedMessage } from '../lib/app-error';
import { fieldLabel } from '../lib/field-label';
import { etagOf, VersionConflictError } from '../lib/record-version';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** More checks of a body that failed its schema, reported in the same 400 (custom fields). */
    alsoValidate?: (request: FastifyRequest) => Promise<FieldError[]>;
    /** What a body over the route's `bodyLimit` is told (413), when the generic wording is too vague. */
    bodyTooLargeMessage?: string;
  }
}

export interface ApiError {
  message: string;
  errors?: { path: string; message: string }[];
}

/** One error shape for every failure (DESIGN §3); never a stack trace, never a 500 for bad input. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      if (error.validationContext === 'body') errors.push(...(await furtherErrors(request, errors)));
      return reply.status(400).send({ message: validationFailedMessage, errors });
    }
    if (error instanceof AppError) {
      const body: ApiError = { message: error.message };
      if (error.errors) body.errors = error.errors;
      if (error instanceof VersionConflictError) {
        reply.header('etag', etagOf(error.current.updatedAt));
        return reply.status(409).send({ ...body, current: error.current, changedBy: error.changedBy });
      }
      return reply.status(error.statusCode).send(body);
    }
    const constraint = databaseConstraintError(error);
    if (constraint) return reply.status(constraint.status).send({ message: constraint.message });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    // Fastify's own 4xx errors (bad JSON, body too large, unsupported media type).
    return reply.status(status).send({ message: clientMessage(error, request) });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}

/** The route's `alsoValidate` errors on fields the schema did not already report. */
async function furtherErrors(request: FastifyRequest, reported: FieldError[]): Promise<FieldError[]> {
  const check = request.routeOptions.config.alsoValidate;
  if (!check) return [];
  try {
    const seen = new Set(reported.map((entry) => entry.path));
    return (await check(request)).filter((entry) => !seen.has(entry.path));
  } catch (error) {
    // The schema's errors stand on their own: a failing extra check must not turn a 400 into a 500.
    request.log.warn({ err: error }, 'further validation failed');
    return [];
  }
}

interface SchemaIssue {
  instancePath: string;
  keyword?: string;
  message?: string;
  params?: { expected?: unknown };
}

function fieldErrors(issues: SchemaIssue[]) {
  const byPath = new Map<string, string>();
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    // One entry per field: the first rule that failed is the one to show.
    if (!byPath.has(path)) byPath.set(path, readableMessage(issue, path));
  }
  return [...byPath].map(([path, message]) => ({ path, message }));
}

/** What a value of each type "must be", for a wrong type a schema gave no message of its own. */
const typeRequirements: Record<string, string> = {
  string: 'must be text',
  number: 'must be a number',
  int: 'must be a whole number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  record: 'must be an object',
};

/**
 * The schema's own message, or for zod's generic wrong-type wording ("Invalid input: expected
 * string, received number") one that names the field: "Deal type must be text".
 */
function readableMessage(issue: SchemaIssue, path: string): string {
  const message = issue.message ?? 'Invalid value';
  if (issue.keyword !== 'invalid_type' || !message.startsWith('Invalid input')) return message;
  if (path === '') return 'Request body must be a JSON object';
  const label = fieldLabel(path);
  if (message.endsWith('received undefined')) return `${label} is required`;
  const requirement = typeRequirements[String(issue.params?.expected)];
  return requirement ? `${label} ${requirement}` : `${label} is not valid`;
}

/**
 * Races the services cannot rule out in advance (two sign-ups taking the same e-mail at once)
 * surface as constraint violations, and values only the database can judge (the sort value of a
 * tampered cursor) as data exceptions, and values past a database limit as such: the caller's
 * fault, not a server failure.
 */
function databaseConstraintError(error: unknown): { status: 400 | 409; message: string } | null {
  const code = pgErrorCode(error);
  if (code === '23505') return { status: 409, message: 'A record with this value already exists' };
  if (code === '23503') return { status: 400, message: 'A referenced record does not exist' };
  // Class 54, "program limit exceeded": a value too large for an index entry (54000) or a query
  // too complex (54001). Every field has a maximum, so this only guards what they may have missed.
  if (code?.startsWith('54')) return { status: 400, message: 'A value is too long to store' };
  // Class 22, "data exception": a value the column cannot hold (a bad date, number or byte).
  if (code === '23514' || code?.startsWith('22')) return { status: 400, message: 'Invalid value' };
  return null;
}

function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function clientMessage(error: FastifyError, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return request.routeOptions.config.bodyTooLargeMessage ?? 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty';
    default:
      return error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Request body is not valid JSON'
        : error.message;
  }
}
