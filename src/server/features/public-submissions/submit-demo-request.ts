import type { DemoRequestInput } from '../../../common/validation/public-submissions';
import type { Database } from '../../db';
import { demoRequests } from '../../db/schema/public-submissions';
import { enqueueNotification, notificationKinds } from './enqueue-notification';

/** Stores a demo request (status pending) and queues the team's notice with it. */
export async function submitDemoRequest({ db, input }: { db: Database; input: DemoRequestInput }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(demoRequests)
      .values({
        email: input.email.toLowerCase(),
        name: input.name,
        company: input.company,
        persona: input.persona,
        message: input.message ?? null,
        phoneNumber: input.phoneNumber ?? null,
        preferredTime: input.preferredTime ?? null,
      })
      .returning({ id: demoRequests.id });
    await enqueueNotification(tx, notificationKinds.demoRequest, row.id);
    return { id: row.id };
  });
}
