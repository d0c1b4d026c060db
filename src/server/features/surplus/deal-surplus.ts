import { and, eq } from 'drizzle-orm';
import {
  applySurplusCaseRules,
  daysUntil,
  isCalendarDate,
  moneyRangeProblem,
  parseAmount,
  surplusFieldKeys,
  toIsoDate,
} from '../../../common/surplus';
import type { FieldError } from '../../../common/validation/common';
import { deals } from '../../db/schema/crm';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import type { CustomFieldCheckOptions } from '../../../common/validation/field-values';
import { validateCustomFields } from '../custom-fields/validate-custom-fields';
import { deadlineFollowsRule } from './claim-deadlines';
import { findStateRule, type StateRule } from './state-rules';

export const dealNotFoundMessage = 'Deal not found';

const surplusKeys = Object.values(surplusFieldKeys);

function stateOf(customFields: Record<string, unknown>): string | null {
  const state = customFields[surplusFieldKeys.state];
  return typeof state === 'string' && state.trim() ? state.trim().toUpperCase() : null;
}

export interface DealSurplusView {
  dealId: string;
  dealName: string;
  /** Every surplus-case key, computed values filled in; null when not entered. */
  values: Record<string, unknown>;
  /** The organization's recorded rule for the case's state, if any. */
  stateRule: StateRule | null;
  daysUntilDeadline: number | null;
  warnings: string[];
}

/** GET /api/deals/:id/surplus: the case as the rules compute it today (nothing is written). */
export async function getDealSurplus(ctx: ServiceContext, dealId: string, today: Date | string = new Date()) {
  if (!isUuid(dealId)) throw notFound(dealNotFoundMessage);
  const [deal] = await ctx.db
    .select({ id: deals.id, dealName: deals.dealName, customFields: deals.customFields })
    .from(deals)
    .where(and(eq(deals.id, dealId), eq(deals.organizationId, ctx.orgId)))
    .limit(1);
  if (!deal) throw notFound(dealNotFoundMessage);
  const state = stateOf(deal.customFields ?? {});
  const stateRule = state ? await findStateRule(ctx.db, ctx.orgId, state) : null;
  const { customFields, warnings } = applySurplusCaseRules(deal.customFields, stateRule, today);
  const values = Object.fromEntries(surplusKeys.map((key) => [key, customFields[key] ?? null]));
  const deadline = values[surplusFieldKeys.claimDeadline];
  const view: DealSurplusView = {
    dealId: deal.id,
    dealName: deal.dealName,
    values: {
      ...values,
      [surplusFieldKeys.claimDeadline]: isCalendarDate(deadline) ? toIsoDate(deadline) : deadline,
    },
    stateRule,
    daysUntilDeadline: isCalendarDate(deadline) ? daysUntil(deadline, today) : null,
    warnings,
  };
  return view;
}

export interface PreparedDealCustomFields {
  values: Record<string, unknown>;
  errors: FieldError[];
  warnings: string[];
}

export interface PrepareDealOptions extends CustomFieldCheckOptions {
  /** On an update, the customFields stored before it (`values` are these with the changes applied). */
  stored?: Record<string, unknown> | null;
}

/**
 * On an update: a deadline the rule derived for the stored case, and left as it was by this
 * update, is dropped so that it is derived again from the updated sale date and state.
 */
async function releaseDerivedDeadline(
  ruleOf: (state: string) => Promise<StateRule | null>,
  values: Record<string, unknown>,
  stored: Record<string, unknown>,
) {
  const deadline = values[surplusFieldKeys.claimDeadline];
  const before = stored[surplusFieldKeys.claimDeadline];
  if (!isCalendarDate(deadline) || !isCalendarDate(before) || toIsoDate(deadline) !== toIsoDate(before)) {
    return values;
  }
  const state = stateOf(stored);
  const rule = state ? await ruleOf(state) : null;
  if (!rule?.claimWindowDays || !deadlineFollowsRule(stored, rule.claimWindowDays)) return values;
  return Object.fromEntries(Object.entries(values).filter(([key]) => key !== surplusFieldKeys.claimDeadline));
}

const computedMoney = [
  [surplusFieldKeys.surplusAmount, 'Surplus amount'],
  [surplusFieldKeys.expectedFee, 'Expected fee'],
] as const;

/**
 * A computed amount a deal could not hold (a fee percentage above 100 where the organization
 * lifted the field's limit): refused rather than stored and silently left out of the deal value.
 */
function computedMoneyErrors(values: Record<string, unknown>): FieldError[] {
  return computedMoney.flatMap(([key, label]) => {
    const amount = parseAmount(values[key]);
    const message = amount === null ? null : moneyRangeProblem(label, amount);
    return message ? [{ path: `customFields.${key}`, message }] : [];
  });
}

/**
 * For the deals service, on create and update: checks the deal's custom fields
 * (validateCustomFields) and, when they describe a surplus case, fills in the computed values
 * (surplus, expected fee, claim deadline from the state rule). On update, pass the merged
 * customFields (stored values with the changes applied) and the stored ones, so the computed
 * values, a derived deadline included, stay in step.
 */
export async function prepareDealCustomFields(
  ctx: Pick<ServiceContext, 'db' | 'orgId'>,
  values: Record<string, unknown> | null | undefined,
  { stored, ...options }: PrepareDealOptions = {},
  today: Date | string = new Date(),
): Promise<PreparedDealCustomFields> {
  const check = await validateCustomFields(ctx, 'deal', values, options);
  if (check.errors.length > 0) return { ...check, warnings: [] };
  if (!surplusKeys.some((key) => Object.hasOwn(check.values, key))) return { ...check, warnings: [] };
  // One lookup per state: an update that keeps the state reads its rule once.
  const rules = new Map<string, Promise<StateRule | null>>();
  const ruleOf = (state: string) => {
    let rule = rules.get(state);
    if (!rule) {
      rule = findStateRule(ctx.db, ctx.orgId, state);
      rules.set(state, rule);
    }
    return rule;
  };
  const checked = stored ? await releaseDerivedDeadline(ruleOf, check.values, stored) : check.values;
  const state = stateOf(checked);
  const stateRule = state ? await ruleOf(state) : null;
  const { customFields, warnings } = applySurplusCaseRules(checked, stateRule, today);
  return { values: customFields, errors: computedMoneyErrors(customFields), warnings };
}
