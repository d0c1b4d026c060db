import type { FeedbackInput } from '../../../common/validation/feedback';
import { feedback } from '../../db/schema/public-submissions';
import type { ServiceContext } from '../../lib/service-context';

/** Context fields are informational: overlong ones are cut rather than refused. */
const PAGE_MAX = 2048;
const USER_AGENT_MAX = 512;

/**
 * Stores in-app feedback from the signed-in caller: organization and user come from the
 * context (the session), never from the input. The time stored is the server's; the browser's
 * timestamp only tells when the dialog was filled in and can be wrong.
 */
export async function submitFeedback(ctx: ServiceContext, input: FeedbackInput) {
  const [row] = await ctx.db
    .insert(feedback)
    .values({
      organizationId: ctx.orgId,
      userId: ctx.actor.id,
      type: input.type,
      message: input.message,
      page: input.page?.slice(0, PAGE_MAX) ?? null,
      userAgent: input.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    })
    .returning({ id: feedback.id });
  return { id: row.id };
}
