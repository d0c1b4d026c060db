import { and, eq, inArray, not, notInArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db';
import { deals } from '../../db/schema/crm';
import { stages } from '../../db/schema/lists';

/**
 * Whether deals sit in the stages `leaving` selects (a condition on stages): a deal names its
 * stage, so such a stage holds it unless another stage of the organization has the same name.
 */
export async function stagesHoldDeals(db: Database, orgId: string, leaving: SQL) {
  const namesOf = (which: SQL) =>
    db
      .select({ name: stages.name })
      .from(stages)
      .where(and(eq(stages.organizationId, orgId), which));
  const [held] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(
      and(
        eq(deals.organizationId, orgId),
        inArray(deals.stage, namesOf(leaving)),
        notInArray(deals.stage, namesOf(not(leaving))),
      ),
    )
    .limit(1);
  return Boolean(held);
}
