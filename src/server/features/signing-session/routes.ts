import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { maxLength } from '../../../common/validation/common';
import {
  declineSigningSchema,
  finishSigningSchema,
  signingCodeSchema,
  signingConsentSchema,
  signingEventSchema,
} from '../../../common/validation/signing';
import type { FeatureOptions } from '../../app';
import { AppError } from '../../lib/app-error';
import { reserveAttemptsOrRefuse } from '../../lib/attempt-limit';
import { attachmentDisposition } from '../../lib/content-disposition';
import { requestClientOf } from '../../lib/service-context';
import { signedCopyOf } from '../sealing/sealed-file';
import type { SigningDeps } from '../signing/invite-step';
import { declineSigning } from './decline-signing';
import { finishSigning, gatesFirstMessage } from './finish-signing';
import { recordConsent } from './record-consent';
import { recordSigningEvent } from './record-signing-event';
import { recordSigningView } from './record-signing-view';
import { sendSigningCode } from './send-signing-code';
import { findShareLink, openShare, sharePdf } from './share-access';
import { signingDocumentPdf } from './signing-document';
import { assertLinkUsable, findSigningLink, type SigningLink, SigningLinkError } from './signing-link';
import type { SignerClient } from './signing-step-records';
import { hashSession, presentSigningView, signingSessionCookie, signingStateOf } from './signing-view';
import { imageTooLargeMessage } from './validate-signing-values';
import { verifySigningCode } from './verify-signing-code';

const tokenParams = z.object({ token: z.string() });

/** Calls per IP per minute on the public signing and share routes (a page makes a handful). */
export const signingCallsPerMinute = 600;
export const tooManySigningCallsMessage = (seconds: number) =>
  `Too many requests from this address: try again in ${seconds} seconds`;
export const codeTooSoonMessage = (seconds: number) => `Wait ${seconds} seconds before asking for a new code`;
export const signFirstMessage = 'Your copy is ready once you have signed';

/** A finish carries every value at once: a few drawn signatures (≤ 500 KB each) and their strokes. */
const finishBodyLimit = 2 * 1024 * 1024;

const cookieOf = (request: FastifyRequest) => request.cookies[signingSessionCookie];

const sendPdf = (reply: FastifyReply, name: string, pdf: Buffer, disposition: 'inline' | 'attachment') =>
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', attachmentDisposition(`${name}.pdf`).replace(/^attachment/, disposition))
    .header('X-Content-Type-Options', 'nosniff')
    .send(pdf);

const clientOf = (request: FastifyRequest): SignerClient => {
  const cookie = cookieOf(request);
  return { ...requestClientOf(request), sessionId: cookie ? hashSession(cookie) : null };
};

/** The signer's side (issue 17): public routes reached with a link's token, no account. */
export async function signingSessionRoutes(base: FastifyInstance, options: FeatureOptions) {
  const { db, files, secrets, appUrl } = options;
  const deps: SigningDeps = { secrets, appUrl };
  const app = base.withTypeProvider<ZodTypeProvider>();

  // A signing page's answers name a document and a person: never kept by a cache, never sent on as a referrer.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'no-store');
    await reserveAttemptsOrRefuse(
      db,
      reply,
      60_000,
      [{ scope: 'signing-link', subject: request.ip, limit: signingCallsPerMinute }],
      tooManySigningCallsMessage,
    );
  });
  app.setErrorHandler(async (error, _request, reply) => {
    if (error instanceof SigningLinkError) {
      return reply.status(error.statusCode).send({ message: error.message, reason: error.reason });
    }
    // Everything else is answered as on every other route (the app's error handler).
    throw error;
  });

  /** The link, usable; its first view recorded once the document opens to the recipient. */
  const answer = async (request: FastifyRequest, link: SigningLink) => {
    const cookie = cookieOf(request);
    const seen =
      signingStateOf(link, cookie) === 'ready' ? await recordSigningView(db, link, clientOf(request)) : link;
    return presentSigningView(db, files, seen, cookie);
  };
  const usableLink = async (token: string) => {
    const link = await findSigningLink(db, token);
    assertLinkUsable(link);
    return link;
  };

  app.get(
    '/api/signing/:token',
    { config: { access: 'public' }, schema: { params: tokenParams } },
    async (request) => answer(request, await usableLink(request.params.token)),
  );

  app.post(
    '/api/signing/:token/consent',
    { config: { access: 'public' }, schema: { params: tokenParams, body: signingConsentSchema } },
    async (request) => {
      const link = await recordConsent(db, await usableLink(request.params.token), request.body.version);
      return answer(request, link);
    },
  );

  app.post(
    '/api/signing/:token/code',
    { config: { access: 'public' }, schema: { params: tokenParams } },
    async (request, reply) => {
      const sent = await sendSigningCode(db, deps, await usableLink(request.params.token));
      if (sent.retryAfter) {
        reply.header('Retry-After', String(sent.retryAfter));
        throw new AppError(429, codeTooSoonMessage(sent.retryAfter));
      }
      return reply.status(202).send({ sentTo: sent.sentTo });
    },
  );

  app.post(
    '/api/signing/:token/verify',
    { config: { access: 'public' }, schema: { params: tokenParams, body: signingCodeSchema } },
    async (request, reply) => {
      const verified = await verifySigningCode(
        db,
        deps,
        await usableLink(request.params.token),
        request.body.code,
      );
      reply.setCookie(signingSessionCookie, verified.session, {
        httpOnly: true,
        sameSite: 'strict',
        path: '/api/signing',
        secure: 'auto',
      });
      // This request carried no session yet: the view is answered as the new cookie sees it.
      request.cookies[signingSessionCookie] = verified.session;
      return answer(request, verified.link);
    },
  );

  app.get(
    '/api/signing/:token/pdf',
    { config: { access: 'public' }, schema: { params: tokenParams } },
    async (request, reply) => {
      const link = await usableLink(request.params.token);
      const state = signingStateOf(link, cookieOf(request));
      if (state !== 'ready' && state !== 'signed') throw new AppError(403, gatesFirstMessage);
      const { name, pdf } = await signingDocumentPdf(
        db,
        files,
        link.request.organizationId,
        link.request.documentInstanceId,
      );
      return sendPdf(reply, name, pdf, 'inline');
    },
  );

  app.post(
    '/api/signing/:token/events',
    { config: { access: 'public' }, schema: { params: tokenParams, body: signingEventSchema } },
    async (request, reply) => {
      const link = await findSigningLink(db, request.params.token);
      await recordSigningEvent(db, link, cookieOf(request), request.body, clientOf(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/signing/:token/finish',
    {
      config: { access: 'public', bodyTooLargeMessage: imageTooLargeMessage },
      bodyLimit: finishBodyLimit,
      // An image too large is 413 whatever else is wrong (the schema would only say "too long").
      preValidation: async (request) => {
        const fields = (request.body as { fields?: unknown } | undefined)?.fields;
        if (!Array.isArray(fields)) return;
        const tooLarge = fields.some(
          (field) =>
            typeof (field as { signatureData?: unknown })?.signatureData === 'string' &&
            (field as { signatureData: string }).signatureData.length > maxLength.signatureImage,
        );
        if (tooLarge) throw new AppError(413, imageTooLargeMessage);
      },
      schema: { params: tokenParams, body: finishSigningSchema },
    },
    async (request) => {
      const link = await findSigningLink(db, request.params.token);
      const cookie = cookieOf(request);
      const signed = await finishSigning(db, deps, link, cookie, request.body, clientOf(request));
      return presentSigningView(db, files, signed, cookie);
    },
  );

  app.post(
    '/api/signing/:token/decline',
    { config: { access: 'public' }, schema: { params: tokenParams, body: declineSigningSchema } },
    async (request) => {
      const link = await findSigningLink(db, request.params.token);
      const declined = await declineSigning(db, deps, link, request.body.reason, clientOf(request));
      return presentSigningView(db, files, declined, cookieOf(request));
    },
  );

  app.get(
    '/api/signing/:token/copy',
    { config: { access: 'public' }, schema: { params: tokenParams } },
    async (request, reply) => {
      const link = await usableLink(request.params.token);
      if (link.recipient.status !== 'signed') throw new AppError(403, signFirstMessage);
      const { pdf } = await signedCopyOf(db, files, link.request);
      return sendPdf(reply, link.request.title, pdf, 'attachment');
    },
  );

  app.get(
    '/api/shares/:token',
    { config: { access: 'public' }, schema: { params: tokenParams } },
    async (request) => openShare(db, files, await findShareLink(db, request.params.token), clientOf(request)),
  );

  app.get(
    '/api/shares/:token/pdf',
    { config: { access: 'public' }, schema: { params: tokenParams } },
    async (request, reply) => {
      const { name, pdf } = await sharePdf(db, files, await findShareLink(db, request.params.token));
      return sendPdf(reply, name, pdf, 'inline');
    },
  );
}
