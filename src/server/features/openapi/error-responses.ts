import type { OpenAPIV3_1 } from 'openapi-types';
import { validationFailedMessage } from '../../lib/app-error';
import { notSignedInMessage } from '../../plugins/access-guard';

/** The one error shape of every failure (DESIGN §3, plugins/error-handler.ts). */
export const errorSchema = {
  type: 'object',
  description:
    'Every failure: a message for people, and for invalid input one entry per failing field (path in dot notation).',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} satisfies OpenAPIV3_1.SchemaObject;

interface ErrorResponse {
  name: string;
  description: string;
  example: { message: string; errors?: { path: string; message: string }[] };
}

/** The error answers, by status; each operation refers to the ones it can give. */
export const errorResponses: Record<string, ErrorResponse> = {
  '400': {
    name: 'BadRequest',
    description: 'Invalid input: one entry per failing field.',
    example: {
      message: validationFailedMessage,
      errors: [{ path: 'email', message: 'Must be a valid email' }],
    },
  },
  '401': {
    name: 'Unauthorized',
    description: 'No valid session or API key (missing, malformed, revoked or expired).',
    example: { message: notSignedInMessage },
  },
  '403': {
    name: 'Forbidden',
    description: "Signed in, but the user's permissions (or the API key's level) do not allow this.",
    example: { message: "You don't have permission to access this feature." },
  },
  '404': {
    name: 'NotFound',
    description: 'No such record in your organization (records of other organizations answer 404 too).',
    example: { message: 'Lead not found' },
  },
  '409': {
    name: 'Conflict',
    description: 'A conflict: a duplicate unique value, or the record changed since it was read (If-Match).',
    example: { message: 'A record with this value already exists' },
  },
  '413': {
    name: 'PayloadTooLarge',
    description: 'The request body is larger than the route accepts.',
    example: { message: 'Request body is too large' },
  },
  '429': {
    name: 'TooManyRequests',
    description: 'Rate limited: wait the number of seconds in the Retry-After header.',
    example: { message: 'Too many requests: try again in 12 seconds' },
  },
};

/**
 * Which errors an operation can answer: every one can be unauthorized, forbidden or rate limited;
 * input makes a 400, an id in the path a 404, a body a 413 and a write a 409.
 */
export function errorStatusesOf(method: string, path: string, hasInput: boolean, hasBody: boolean): string[] {
  const statuses = ['401', '403', '429'];
  if (hasInput) statuses.push('400');
  if (path.includes('{')) statuses.push('404');
  if (method !== 'get' && method !== 'delete') statuses.push('409');
  if (hasBody) statuses.push('413');
  return statuses.toSorted();
}
