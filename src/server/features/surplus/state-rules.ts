import { and, asc, eq } from 'drizzle-orm';
import type { StateRuleFacts } from '../../../common/surplus';
import type { CreateStateRuleInput, UpdateStateRuleInput } from '../../../common/validation/state-rules';
import type { Database } from '../../db';
import { stateRules } from '../../db/schema/surplus';
import { conflict, notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { isUniqueViolation, listAnswer } from '../lists/list-entries';
import { followClaimWindow } from './claim-deadlines';

/*
 * /api/state-rules: the organization's own record of each state's claim window, fee cap and
 * filing rules. Starts empty: these are facts to verify with current state law, not defaults.
 * A change of a state's claim window moves the derived deadlines of its cases along
 * (claim-deadlines.ts), in the same transaction.
 */

export const stateRuleNotFoundMessage = 'State rule not found';
export const duplicateStateRuleMessage = 'A rule for this state already exists';

type StateRuleRow = typeof stateRules.$inferSelect;

export function presentStateRule(row: StateRuleRow) {
  return {
    id: row.id,
    state: row.state,
    claimWindowDays: row.claimWindowDays,
    feeCapPercent: row.feeCapPercent === null ? null : Number(row.feeCapPercent),
    assignmentAllowed: row.assignmentAllowed,
    attorneyRequired: row.attorneyRequired,
    notes: row.notes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type StateRule = ReturnType<typeof presentStateRule> & StateRuleFacts;

export async function listStateRules(ctx: ServiceContext) {
  const rows = await ctx.db
    .select()
    .from(stateRules)
    .where(eq(stateRules.organizationId, ctx.orgId))
    .orderBy(asc(stateRules.state));
  return listAnswer(rows.map(presentStateRule));
}

export async function getStateRule(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(stateRuleNotFoundMessage);
  const [row] = await ctx.db
    .select()
    .from(stateRules)
    .where(and(eq(stateRules.id, id), eq(stateRules.organizationId, ctx.orgId)))
    .limit(1);
  if (!row) throw notFound(stateRuleNotFoundMessage);
  return presentStateRule(row);
}

/** The organization's rule for a state ('fl' or 'FL'), or null. */
export async function findStateRule(db: Database, orgId: string, state: string): Promise<StateRule | null> {
  const code = state.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return null;
  const [row] = await db
    .select()
    .from(stateRules)
    .where(and(eq(stateRules.organizationId, orgId), eq(stateRules.state, code)))
    .limit(1);
  return row ? presentStateRule(row) : null;
}

const money = (value: number | null | undefined) =>
  value === null || value === undefined ? value : String(value);

async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateStateRuleMessage);
    throw error;
  }
}

export async function createStateRule(ctx: ServiceContext, input: CreateStateRuleInput) {
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await uniquely(() =>
      tx
        .insert(stateRules)
        .values({
          organizationId: ctx.orgId,
          state: input.state,
          claimWindowDays: input.claimWindowDays ?? null,
          feeCapPercent: money(input.feeCapPercent) ?? null,
          assignmentAllowed: input.assignmentAllowed ?? null,
          attorneyRequired: input.attorneyRequired ?? null,
          notes: input.notes ?? null,
        })
        .returning(),
    );
    await followClaimWindow(tx, ctx.orgId, created.state, null, created.claimWindowDays);
    return created;
  });
  return presentStateRule(row);
}

export async function updateStateRule(ctx: ServiceContext, id: string, input: UpdateStateRuleInput) {
  if (!isUuid(id)) throw notFound(stateRuleNotFoundMessage);
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ state: stateRules.state, claimWindowDays: stateRules.claimWindowDays })
      .from(stateRules)
      .where(and(eq(stateRules.id, id), eq(stateRules.organizationId, ctx.orgId)))
      .for('update');
    if (!before) throw notFound(stateRuleNotFoundMessage);
    const [after] = await uniquely(() =>
      tx
        .update(stateRules)
        .set({
          ...(input.state !== undefined && { state: input.state }),
          ...(input.claimWindowDays !== undefined && { claimWindowDays: input.claimWindowDays }),
          ...(input.feeCapPercent !== undefined && { feeCapPercent: money(input.feeCapPercent) }),
          ...(input.assignmentAllowed !== undefined && { assignmentAllowed: input.assignmentAllowed }),
          ...(input.attorneyRequired !== undefined && { attorneyRequired: input.attorneyRequired }),
          ...(input.notes !== undefined && { notes: input.notes }),
          updatedAt: new Date(),
        })
        .where(and(eq(stateRules.id, id), eq(stateRules.organizationId, ctx.orgId)))
        .returning(),
    );
    if (before.state === after.state) {
      await followClaimWindow(tx, ctx.orgId, after.state, before.claimWindowDays, after.claimWindowDays);
    } else {
      // The rule now speaks of another state: the old state's cases lose it, the new state's gain it.
      await followClaimWindow(tx, ctx.orgId, before.state, before.claimWindowDays, null);
      await followClaimWindow(tx, ctx.orgId, after.state, null, after.claimWindowDays);
    }
    return after;
  });
  return presentStateRule(row);
}

/**
 * Deleting a rule leaves the deals' saved deadlines as they are (the confirmation says so): a
 * deadline the team works to must not vanish with the rule. New and edited deals of that state
 * simply get no suggested deadline any more.
 */
export async function deleteStateRule(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(stateRuleNotFoundMessage);
  const [deleted] = await ctx.db
    .delete(stateRules)
    .where(and(eq(stateRules.id, id), eq(stateRules.organizationId, ctx.orgId)))
    .returning({ id: stateRules.id });
  if (!deleted) throw notFound(stateRuleNotFoundMessage);
}
