import { type SQL, sql } from 'drizzle-orm';
import { deals } from '../../db/schema/crm';
import { stages } from '../../db/schema/lists';

/*
 * When a deal is closed. Deals name their stage (free text), so a deal is closed while its stage
 * name is one of the organization's stages with a closing type (won or lost) — the same test the
 * dashboard counts with. `closed_at` records when the deal entered such a stage: set on entry
 * (create, edit, bulk change, board move, lead conversion), kept while the stage stays the same,
 * cleared on a move back to a working stage. Both helpers are SQL, so the stage list is read in
 * the statement that writes the deal.
 */

/** The names of the organization's closing stages (of one type, or either). */
export function closingStageNames(orgId: string, type?: 'won' | 'lost'): SQL {
  const closing = type ? sql`${stages.closingType} = ${type}` : sql`${stages.closingType} is not null`;
  return sql`(select ${stages.name} from ${stages} where ${stages.organizationId} = ${orgId} and ${closing})`;
}

/** `closed_at` of a new deal in `stage`: now when the stage closes it, else null. */
export function closedAtOnCreate(orgId: string, stage: string): SQL<Date | null> {
  return sql<Date | null>`case when ${stage}::text in ${closingStageNames(orgId)} then now() end`;
}

/**
 * `closed_at` of an update that sets the stage to `stage`: kept when the stage is unchanged (an
 * edit that resends it), now when a closing stage is entered (also from the other closing type),
 * null in a working stage. In an UPDATE the deal's columns still hold the old row.
 */
export function closedAtOnStageChange(orgId: string, stage: string): SQL<Date | null> {
  return sql<Date | null>`case when ${stage}::text in ${closingStageNames(orgId)}
    then case when ${deals.stage} = ${stage}::text then ${deals.closedAt} else now() end end`;
}
