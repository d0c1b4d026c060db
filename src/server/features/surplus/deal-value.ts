import { and, eq } from 'drizzle-orm';
import { maxDealValue } from '../../../common/constants';
import { dealValueFollowsFee, parseAmount, sameAmount, surplusFieldKeys } from '../../../common/surplus';
import { customFields } from '../../db/schema/custom-fields';
import type { ServiceContext } from '../../lib/service-context';
import { toNumeric } from '../../lib/tenant-scope';

/*
 * For a locator the fee is the deal's value. Like a derived claim deadline (claim-deadlines.ts)
 * it is stored, not derived at read time, because the board's column totals and the dashboard's
 * pipeline figures sum dealValue in SQL. So a value that follows the fee (empty, or equal to the
 * stored fee) is set to the fee on every save; a value the locator typed stays (docs/decisions/015).
 */

type Fields = Record<string, unknown>;

export interface DealValueChange {
  /** The deal value sent: a number, null to clear it, undefined when not sent. */
  sent: number | null | undefined;
  /** The customFields the save stores (the surplus case's fee computed). */
  customFields: Fields;
  /** On an update, the deal as stored before it. */
  stored?: { dealValue: string | null; customFields: Fields | null };
}

/** Whether the organization's deals carry the surplus template (its computed Expected fee field). */
async function hasSurplusTemplate(ctx: Pick<ServiceContext, 'db' | 'orgId'>): Promise<boolean> {
  const [field] = await ctx.db
    .select({ id: customFields.id })
    .from(customFields)
    .where(
      and(
        eq(customFields.organizationId, ctx.orgId),
        eq(customFields.entityType, 'deal'),
        eq(customFields.fieldKey, surplusFieldKeys.expectedFee),
      ),
    )
    .limit(1);
  return Boolean(field);
}

/** The fee as a deal value: null without a fee, or when it is too large for the column to hold. */
function feeAsValue(fields: Fields): number | null {
  const fee = parseAmount(fields[surplusFieldKeys.expectedFee]);
  return fee !== null && fee >= 0 && fee <= maxDealValue ? fee : null;
}

/**
 * The dealValue a create or update stores (undefined: leave the column as it is). The value sent,
 * or the stored one when none is sent; but while that is empty, or is the stored value left as it
 * was and equal to the stored fee, the fee of `customFields` instead, for organizations with the
 * surplus template. Pass `{ db: tx, orgId }` inside a transaction.
 */
export async function dealValueToStore(
  ctx: Pick<ServiceContext, 'db' | 'orgId'>,
  { sent, customFields: fields, stored }: DealValueChange,
): Promise<string | null | undefined> {
  const storedValue = parseAmount(stored?.dealValue);
  const next = sent === undefined ? storedValue : sent;
  const leftAsItWas = sent === undefined || sameAmount(sent, storedValue);
  const follows =
    next === null ||
    (stored !== undefined &&
      leftAsItWas &&
      dealValueFollowsFee(storedValue, stored.customFields?.[surplusFieldKeys.expectedFee]));
  const typed = toNumeric(sent);
  if (!follows) return typed;
  const fee = feeAsValue(fields);
  // Nothing to derive (also the common case of a deal without a surplus case): no lookup.
  if (sameAmount(fee, next)) return typed;
  return (await hasSurplusTemplate(ctx)) ? toNumeric(fee) : typed;
}
