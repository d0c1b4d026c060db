import { and, eq, sql } from 'drizzle-orm';
import { claimDeadlineFrom, isCalendarDate, surplusFieldKeys as k, toIsoDate } from '../../../common/surplus';
import type { Database } from '../../db';
import { deals } from '../../db/schema/crm';

/*
 * A case's claim deadline lives in its customFields: typed by the locator, or derived (sale date
 * + the state's claim window) when none was typed. It is stored, not derived at read time, because
 * the dashboard and the board filter and sort deadlines in SQL over an index of the stored value;
 * so a derived deadline is kept in step when the case or the rule changes, and a typed one is left
 * alone. A deadline counts as derived while it equals what the rule gives the case.
 */

type Fields = Record<string, unknown>;

/** Sale date + the claim window ('YYYY-MM-DD'), or null when either is unknown. */
export function deadlineFor(fields: Fields, claimWindowDays: number | null | undefined): string | null {
  const saleDate = fields[k.saleDate];
  return claimWindowDays && isCalendarDate(saleDate) ? claimDeadlineFrom(saleDate, claimWindowDays) : null;
}

/** The case's deadline as 'YYYY-MM-DD', or null when it has none. */
function deadlineOf(fields: Fields): string | null {
  const deadline = fields[k.claimDeadline];
  return isCalendarDate(deadline) ? toIsoDate(deadline) : null;
}

/** Whether the case's deadline is unset or the one `claimWindowDays` derives: then it follows the rule. */
export function deadlineFollowsRule(fields: Fields, claimWindowDays: number | null | undefined): boolean {
  const deadline = deadlineOf(fields);
  return deadline === null || deadline === deadlineFor(fields, claimWindowDays);
}

/**
 * A state's claim window changed from `from` to `to` days (null: no rule, or no window): the
 * organization's cases in that state whose deadline followed the old window follow the new one,
 * or lose it. Raw SQL: the deals were not edited, so updatedAt stays. Run in the rule's transaction.
 */
export async function followClaimWindow(
  tx: Database,
  orgId: string,
  state: string,
  from: number | null,
  to: number | null,
) {
  if (from === to) return;
  const rows = await tx
    .select({ id: deals.id, customFields: deals.customFields })
    .from(deals)
    .where(
      and(
        eq(deals.organizationId, orgId),
        sql`upper(btrim(${deals.customFields} ->> ${k.state}::text)) = ${state.toUpperCase()}`,
      ),
    );
  const changes = rows.flatMap(({ id, customFields }) => {
    const fields = customFields ?? {};
    if (!deadlineFollowsRule(fields, from)) return [];
    const deadline = deadlineFor(fields, to);
    return deadline === deadlineOf(fields) ? [] : [{ id, deadline }];
  });
  if (changes.length === 0) return;
  const column = sql.identifier('custom_fields');
  await tx.execute(sql`
    update ${deals} set ${column} = case
        when v.deadline is null then ${column} - ${k.claimDeadline}::text
        else jsonb_set(${column}, array[${k.claimDeadline}::text], to_jsonb(v.deadline)) end
    from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as v(id uuid, deadline text)
    where ${deals.id} = v.id and ${deals.organizationId} = ${orgId}`);
}
