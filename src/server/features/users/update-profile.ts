import { and, eq } from 'drizzle-orm';
import type {
  ReleaseNotificationPreferenceInput,
  UpdateProfileInput,
} from '../../../common/validation/users';
import { users } from '../../db/schema/identity';
import { notFound } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';

/** The signed-in user's own name, phone and preferences; answers the updated row. */
export async function updateProfile(ctx: ServiceContext, input: UpdateProfileInput) {
  const [user] = await ctx.db
    .update(users)
    .set({
      ...(input.firstName !== undefined && { firstName: input.firstName }),
      ...(input.lastName !== undefined && { lastName: input.lastName }),
      ...(input.phoneNumber !== undefined && { phoneNumber: input.phoneNumber }),
      ...(input.phoneNumberFormat !== undefined && { phoneNumberFormat: input.phoneNumberFormat }),
      ...(input.timezone !== undefined && { timezone: input.timezone }),
      ...(input.dateNumberFormat !== undefined && { dateNumberFormat: input.dateNumberFormat }),
      ...(input.language !== undefined && { language: input.language }),
      ...(input.defaultCurrency !== undefined && { defaultCurrency: input.defaultCurrency }),
      ...(input.colorScheme !== undefined && { colorScheme: input.colorScheme }),
      ...(input.kanbanTheme !== undefined && { kanbanTheme: input.kanbanTheme }),
      ...(input.showReleaseNotifications !== undefined && {
        showReleaseNotifications: input.showReleaseNotifications,
      }),
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, ctx.actor.id), eq(users.organizationId, ctx.orgId)))
    .returning();
  if (!user) throw notFound('User not found');
  return user;
}

/** Whether to show release notes, and the last release the user has seen (product spec §7). */
export async function updateReleasePreference(
  ctx: ServiceContext,
  input: ReleaseNotificationPreferenceInput,
) {
  await ctx.db
    .update(users)
    .set({
      showReleaseNotifications: input.showReleaseNotifications,
      lastSeenReleaseVersion: input.lastSeenReleaseVersion,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, ctx.actor.id), eq(users.organizationId, ctx.orgId)));
}
