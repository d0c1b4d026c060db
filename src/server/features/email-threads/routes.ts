import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PermissionAction, PermissionCategory } from '../../../common/permissions';
import {
  composeEmailSchema,
  emailAddressesQuerySchema,
  emailContentTooLongMessage,
  emailThreadQuerySchema,
  emailThreadsQuerySchema,
  updateEmailThreadSchema,
} from '../../../common/validation/email';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import { composeEmail } from './compose-email';
import { emailBodyDocument, getEmailThread, listEmailThreads, updateEmailThread } from './email-threads';
import { messageFramePolicy } from './message-frame';
import { suggestAddresses } from './suggest-addresses';

const idParams = z.object({ id: z.string() });

/**
 * Mail is seen on its records: the guard lets through anyone who reads some record type, and
 * the service asks for read of the record itself (or, for a thread, of a record it is on).
 */
const readsARecord = {
  anyOf: (['leads', 'clients', 'companies', 'deals'] as const).map(
    (category): [PermissionCategory, PermissionAction] => [category, 'read'],
  ),
};

/** A 2 MB body is JSON-escaped on the way in; the limit of the field itself is checked by the schema. */
const composeBodyLimit = 8 * 1024 * 1024;

/** /api/email-threads (mail on records), /api/emails (compose, reply, send) and /api/email-addresses. */
export async function emailThreadRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/email-threads',
    { config: { access: readsARecord }, schema: { querystring: emailThreadsQuerySchema } },
    async (request) => listEmailThreads(contextOf(request, db), request.query),
  );

  app.get(
    '/api/email-threads/:id',
    { config: { access: readsARecord }, schema: { params: idParams, querystring: emailThreadQuerySchema } },
    async (request) =>
      getEmailThread(contextOf(request, db), request.params.id, { showImages: request.query.images === '1' }),
  );

  app.patch(
    '/api/email-threads/:id',
    { config: { access: readsARecord }, schema: { params: idParams, body: updateEmailThreadSchema } },
    async (request) => updateEmailThread(contextOf(request, db), request.params.id, request.body),
  );

  // Sending puts the message on the record's timeline, so it needs activities:create (and read of the record).
  app.post(
    '/api/emails',
    {
      config: {
        access: { permission: ['activities', 'create'] },
        bodyTooLargeMessage: emailContentTooLongMessage,
      },
      bodyLimit: composeBodyLimit,
      schema: { body: composeEmailSchema },
    },
    async (request, reply) =>
      reply.status(201).send(await composeEmail(contextOf(request, db), request.body)),
  );

  // The frame's document: its own CSP (no script, no fetch but images), never cached.
  app.get(
    '/api/emails/:id/body',
    { config: { access: readsARecord }, schema: { params: idParams, querystring: emailThreadQuerySchema } },
    async (request, reply) => {
      const html = await emailBodyDocument(contextOf(request, db), request.params.id, {
        showImages: request.query.images === '1',
      });
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', messageFramePolicy)
        .header('x-frame-options', 'SAMEORIGIN')
        .send(html);
    },
  );

  app.get(
    '/api/email-addresses',
    {
      config: { access: { permission: ['activities', 'create'] } },
      schema: { querystring: emailAddressesQuerySchema },
    },
    async (request) => ({ items: await suggestAddresses(contextOf(request, db), request.query.search) }),
  );
}
