import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureOptions } from '../../app';
import type { Database } from '../../db';
import { emailTracking } from '../../db/schema/email';
import { AppError } from '../../lib/app-error';
import { requestClientOf } from '../../lib/service-context';
import { clickSignatureData } from './apply-tracking';

/** A transparent 1×1 GIF. */
const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const invalidTrackingLinkMessage = 'This link is invalid';

const pixelParams = z.object({ pixelId: z.string().max(100) });
const clickQuery = z.object({
  u: z.string({ error: invalidTrackingLinkMessage }).max(4096, invalidTrackingLinkMessage),
  s: z.string({ error: invalidTrackingLinkMessage }).max(200, invalidTrackingLinkMessage),
});

/*
 * Delivery status only moves forward: sent/delivered < opened < clicked < replied, and bounced or
 * failed are final. An open never demotes a click, a click never demotes a reply.
 */
const afterOpen = sql`case when ${emailTracking.deliveryStatus} in ('sent', 'delivered') then 'opened' else ${emailTracking.deliveryStatus} end`;
const afterClick = sql`case when ${emailTracking.deliveryStatus} in ('sent', 'delivered', 'opened') then 'clicked' else ${emailTracking.deliveryStatus} end`;

/** The open pixel and the signed click redirect of tracked mail: public, the reader has no session. */
export async function emailTrackingRoutes(base: FastifyInstance, { db, secrets }: FeatureOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/email-tracking/open/:pixelId',
    { config: { access: 'public' }, schema: { params: pixelParams } },
    async (request, reply) => {
      await recordOpen(db, request.params.pixelId, requestClientOf(request));
      // Same answer for unknown ids: the pixel says nothing about which ids exist.
      return reply
        .header('Cache-Control', 'no-store, no-cache, must-revalidate, private')
        .header('Pragma', 'no-cache')
        .type('image/gif')
        .send(pixel);
    },
  );

  app.get(
    '/api/email-tracking/click/:pixelId',
    { config: { access: 'public' }, schema: { params: pixelParams, querystring: clickQuery } },
    async (request, reply) => {
      const { pixelId } = request.params;
      const { u: url, s: signature } = request.query;
      // Only the exact URL this pixel id was signed with, and only to the web.
      if (!secrets.verify(clickSignatureData(pixelId, url), signature) || !/^https?:\/\//i.test(url)) {
        throw new AppError(400, invalidTrackingLinkMessage);
      }
      const client = requestClientOf(request);
      await db
        .update(emailTracking)
        .set({
          clickCount: sql`${emailTracking.clickCount} + 1`,
          clickedAt: sql`coalesce(${emailTracking.clickedAt}, now())`,
          deliveryStatus: afterClick,
          userAgent: client.userAgent,
          ipAddress: client.ip,
        })
        .where(eq(emailTracking.trackingPixelId, pixelId));
      return reply
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .redirect(url, 302);
    },
  );
}

async function recordOpen(
  db: Database,
  pixelId: string,
  client: { ip: string | null; userAgent: string | null },
) {
  await db
    .update(emailTracking)
    .set({
      openCount: sql`${emailTracking.openCount} + 1`,
      openedAt: sql`coalesce(${emailTracking.openedAt}, now())`,
      deliveryStatus: afterOpen,
      userAgent: client.userAgent,
      ipAddress: client.ip,
    })
    .where(eq(emailTracking.trackingPixelId, pixelId));
}
