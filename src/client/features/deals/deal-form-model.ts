import {
  applySurplusCaseRules,
  claimDeadlineFrom,
  computeExpectedFee,
  computeSurplus,
  dealValueFollowsFee,
  hasExpectedFeeField,
  isCalendarDate,
  parseAmount,
  type StateRuleFacts,
  surplusFieldKeys as k,
} from '../../../common/surplus';
import {
  type CheckableField,
  toCustomFieldPayload,
  toFormValue,
} from '../../components/custom-fields/validation';
import { formatMoney } from './deal-format';

/*
 * The deal dialog's values and the API input made from them. The surplus case lives in the
 * deal's customFields under the keys the server seeded (common/surplus.ts surplusFieldKeys);
 * the form keeps them as typed text and computes the surplus and the fee live.
 */

export interface SurplusFormValues {
  propertyAddress: string;
  county: string;
  state: string;
  caseNumber: string;
  parcelNumber: string;
  saleType: string;
  saleDate: string;
  winningBid: string;
  totalDebt: string;
  seniorLiens: string;
  surplusAmount: string;
  surplusAmountOverridden: boolean;
  claimDeadline: string;
  locatorFeePercent: string;
  expectedFee: string;
}

export interface DealFormValues {
  dealName: string;
  stage: string;
  dealValue: string;
  closeProbability: string;
  expectedCloseDate: string;
  assignedOwner: string;
  relatedClient: string;
  leadSource: string;
  dealType: string;
  notes: string;
  tags: string[];
  customFields: SurplusFormValues & Record<string, unknown>;
}

const textKeys = [
  k.propertyAddress,
  k.county,
  k.state,
  k.caseNumber,
  k.parcelNumber,
  k.saleType,
  k.saleDate,
  k.claimDeadline,
] as const;
const amountKeys = [
  k.winningBid,
  k.totalDebt,
  k.seniorLiens,
  k.surplusAmount,
  k.locatorFeePercent,
  k.expectedFee,
] as const;

/** Every surplus-case key as a form path, for placing the server's field errors. */
export const surplusFormPaths = [...textKeys, ...amountKeys].map((key) => `customFields.${key}` as const);

const surplusKeySet = new Set<string>(Object.values(k));

/**
 * The custom fields the dialog shows, checks and sends: the visible ones, except the surplus
 * case's, which only count while its block is shown (the block lays them out itself).
 */
export function dealFormFields<T extends CheckableField>(all: readonly T[], showSurplus: boolean): T[] {
  return all.filter((field) => (surplusKeySet.has(field.fieldKey) ? showSurplus : field.isVisible));
}

const asText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);

export interface DealLike {
  dealName: string;
  stage: string;
  dealValue: number | null;
  closeProbability: number | null;
  expectedCloseDate: string | null;
  assignedOwner: string | null;
  relatedClient: string | null;
  leadSource: string | null;
  dealType: string | null;
  notes: string | null;
  tags: string[];
  customFields: Record<string, unknown> | null;
}

/**
 * The form's starting values: a deal being edited, or a new one in `stage` owned by `ownerId`.
 * The custom `fields` the form shows start from their defaults on a new deal and from the stored
 * values on an edit, so every one of them is sent as shown. A deal value that follows the expected
 * fee (the surplus template's fields shown) starts empty, so it keeps following as the case changes.
 */
export function toFormValues(
  deal: DealLike | null,
  defaults: { stage: string; ownerId: string },
  fields: readonly CheckableField[] = [],
): DealFormValues {
  const stored = deal?.customFields ?? {};
  const cf: Record<string, unknown> = { ...stored };
  for (const field of fields) {
    cf[field.fieldKey] = toFormValue(field, deal ? stored[field.fieldKey] : field.defaultValue);
  }
  const surplus = Object.fromEntries([
    ...textKeys.map((key) => [
      key,
      asText(cf[key]).slice(0, key === k.saleDate || key === k.claimDeadline ? 10 : undefined),
    ]),
    ...amountKeys.map((key) => [key, asText(cf[key])]),
  ]) as Omit<SurplusFormValues, 'surplusAmountOverridden'>;
  return {
    dealName: deal?.dealName ?? '',
    stage: deal?.stage ?? defaults.stage,
    dealValue:
      hasExpectedFeeField(fields) && dealValueFollowsFee(deal?.dealValue, stored[k.expectedFee])
        ? ''
        : asText(deal?.dealValue),
    closeProbability: asText(deal?.closeProbability),
    expectedCloseDate: asText(deal?.expectedCloseDate).slice(0, 10),
    assignedOwner: deal ? asText(deal.assignedOwner) : defaults.ownerId,
    relatedClient: asText(deal?.relatedClient),
    leadSource: asText(deal?.leadSource),
    dealType: asText(deal?.dealType),
    notes: asText(deal?.notes),
    tags: deal?.tags ?? [],
    customFields: {
      ...cf,
      ...surplus,
      surplusAmountOverridden:
        cf[k.surplusAmountOverridden] === true || cf[k.surplusAmountOverridden] === 'true',
    },
  };
}

export interface LiveSurplus {
  /** The surplus as the form shows it: computed, or the typed figure when overridden. */
  surplus: number | null;
  /** Winning bid − debt − liens before clamping (negative: no surplus). */
  shortfall: boolean;
  expectedFee: number | null;
  /** Sale date + the state's claim window, when the rule is known. */
  suggestedDeadline: string | null;
}

/** What the amounts group shows as the user types. */
export function liveSurplus(values: Partial<SurplusFormValues>, rule: StateRuleFacts | null): LiveSurplus {
  const winningBid = parseAmount(values.winningBid);
  const totalDebt = parseAmount(values.totalDebt);
  const seniorLiens = parseAmount(values.seniorLiens);
  const computed = computeSurplus({ winningBid, totalDebt, seniorLiens });
  const surplus = values.surplusAmountOverridden ? parseAmount(values.surplusAmount) : computed;
  const raw = winningBid === null ? null : winningBid - (totalDebt ?? 0) - (seniorLiens ?? 0);
  const suggestedDeadline =
    rule?.claimWindowDays && isCalendarDate(values.saleDate)
      ? claimDeadlineFrom(values.saleDate, rule.claimWindowDays)
      : null;
  return {
    surplus,
    shortfall: !values.surplusAmountOverridden && raw !== null && raw < 0,
    expectedFee: computeExpectedFee(surplus, parseAmount(values.locatorFeePercent)),
    suggestedDeadline,
  };
}

/**
 * What the Deal value field shows while it is empty: with the surplus template (`followsFee`) the
 * server stores the expected fee then (docs/decisions/015), so the live fee.
 */
export function dealValuePlaceholder(followsFee: boolean, expectedFee: number | null): string {
  if (!followsFee) return '0.00';
  return expectedFee === null ? '= expected fee' : `= expected fee ${formatMoney(expectedFee)}`;
}

/**
 * Where a saved deal's value comes from, said under it on the deal page: the expected fee it
 * follows, or a typed value that clearing makes follow the fee again. Nothing without the template.
 */
export function dealValueSource(
  followsFee: boolean,
  dealValue: number | null,
  expectedFee: unknown,
): string | null {
  if (!followsFee) return null;
  const fee = parseAmount(expectedFee);
  if (dealValueFollowsFee(dealValue, fee)) {
    return fee === null
      ? 'Empty: it takes the expected fee once the case has one'
      : '= expected fee, following the case';
  }
  return fee === null
    ? 'Typed. Clear it to follow the expected fee'
    : `Typed. Clear it to follow the expected fee (${formatMoney(fee)})`;
}

/** Whether the form holds anything of a surplus case. */
export function hasSurplusCase(values: Partial<SurplusFormValues>): boolean {
  return [...textKeys, ...amountKeys].some((key) => asText(values[key]).trim() !== '');
}

/**
 * Whether the dialog sends the surplus case: on an edit always (so its fields can be cleared); on
 * a new deal once anything of it is entered, or when one of its `fields` has a default (left out,
 * the server would apply that default whatever the form showed).
 */
export function sendsSurplusCase(
  values: Partial<SurplusFormValues>,
  {
    showSurplus,
    editing,
    fields,
  }: { showSurplus: boolean; editing: boolean; fields: readonly CheckableField[] },
): boolean {
  if (!showSurplus) return false;
  const hasDefault = fields.some(
    (field) => surplusKeySet.has(field.fieldKey) && field.defaultValue !== null && field.defaultValue !== '',
  );
  return editing || hasDefault || hasSurplusCase(values);
}

/**
 * The deal's customFields for the API: other keys kept (the form's `fields` coerced as the other
 * record forms send them), the surplus case's text trimmed, its amounts as numbers, blanks as
 * null (so an edit can clear them), and the computed surplus, fee and claim deadline filled in as
 * the server computes them.
 */
export function toCustomFieldsInput(
  values: DealFormValues['customFields'],
  rule: StateRuleFacts | null,
  today: string,
  { includeSurplus, fields = [] }: { includeSurplus: boolean; fields?: readonly CheckableField[] },
): Record<string, unknown> {
  const { surplusAmountOverridden, ...rest } = values;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(toCustomFieldPayload(fields, rest))) {
    if (!(textKeys as readonly string[]).includes(key) && !(amountKeys as readonly string[]).includes(key)) {
      result[key] = value;
    }
  }
  if (!includeSurplus) return result;
  for (const key of textKeys) {
    const text = asText(values[key]).trim();
    result[key] = text === '' ? null : key === k.state ? text.toUpperCase() : text;
  }
  for (const key of amountKeys) {
    const text = asText(values[key]).trim();
    result[key] = text === '' ? null : (parseAmount(text) ?? text);
  }
  result[k.surplusAmountOverridden] = surplusAmountOverridden === true;
  if (!surplusAmountOverridden) result[k.surplusAmount] = null;
  result[k.expectedFee] = null;
  const { customFields } = applySurplusCaseRules(result, rule, today);
  return customFields;
}

/**
 * The deal's customFields after one surplus-case field is edited on the detail page: the value
 * coerced as the form would send it, then the surplus, fee and deadline computed again.
 */
export function withSurplusChange(
  customFields: Record<string, unknown> | null,
  key: string,
  value: string | boolean,
  rule: StateRuleFacts | null,
  today: string,
): Record<string, unknown> {
  const form = toFormValues(
    {
      dealName: '',
      stage: '',
      dealValue: null,
      closeProbability: null,
      expectedCloseDate: null,
      assignedOwner: null,
      relatedClient: null,
      leadSource: null,
      dealType: null,
      notes: null,
      tags: [],
      customFields,
    },
    { stage: '', ownerId: '' },
  ).customFields;
  const next = { ...form, [key]: value } as DealFormValues['customFields'];
  return toCustomFieldsInput(next, rule, today, { includeSurplus: true });
}

/**
 * What an inline edit of one surplus-case field sends: that field alone, as the form coerces it
 * (the server merges it into the case as stored and computes the surplus, fee and deadline).
 * Ending the surplus override also clears the typed figure, so the surplus is computed again.
 */
export function surplusEdit(
  customFields: Record<string, unknown>,
  key: string,
  value: string | boolean,
): Record<string, unknown> {
  const edit: Record<string, unknown> = { [key]: customFields[key] ?? null };
  if (key === k.surplusAmountOverridden && value !== true) edit[k.surplusAmount] = null;
  return edit;
}

/** Labels of a deal's fields where the key spelled out is not the label on screen (conflict dialog). */
export const dealFieldLabels: Record<string, string> = {
  assignedOwner: 'Owner',
  relatedClient: 'Client',
  relatedClientName: 'Client name',
  [k.totalDebt]: 'Total debt / judgment',
  [k.locatorFeePercent]: 'Locator fee %',
  [k.surplusAmountOverridden]: 'Override surplus amount',
};
