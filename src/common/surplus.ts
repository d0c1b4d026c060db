import { maxDealValue } from './constants';

/*
 * Surplus-funds case math, shared by the deal form (live preview) and the server (stored values,
 * the surplus view, the dashboard). Pure: no Node or DOM APIs.
 *
 * A case: a property sold at a tax-deed or foreclosure sale for more than was owed. The surplus
 * (winning bid − the debt or judgment − senior liens) belongs to the former owner; the locator
 * finds them and recovers it for a fee (a percentage of the surplus). Dates are calendar dates
 * ('YYYY-MM-DD'), compared in UTC so every time zone counts the same days.
 */

/** The custom-field keys of a surplus case (the seeded "Surplus case" section of a deal). */
export const surplusFieldKeys = {
  propertyAddress: 'propertyAddress',
  county: 'county',
  state: 'state',
  caseNumber: 'caseNumber',
  parcelNumber: 'parcelNumber',
  saleType: 'saleType',
  saleDate: 'saleDate',
  winningBid: 'winningBid',
  totalDebt: 'totalDebt',
  seniorLiens: 'seniorLiens',
  surplusAmount: 'surplusAmount',
  surplusAmountOverridden: 'surplusAmountOverridden',
  claimDeadline: 'claimDeadline',
  locatorFeePercent: 'locatorFeePercent',
  expectedFee: 'expectedFee',
} as const;

export const saleTypes = ['Tax deed', 'Mortgage foreclosure', 'HOA foreclosure'] as const;

export const noSurplusWarning = 'No surplus: debt and liens exceed the winning bid';

/** What an organization recorded about a state (see /api/state-rules); null fields are unknown. */
export interface StateRuleFacts {
  state: string;
  claimWindowDays: number | null;
  feeCapPercent: number | null;
  assignmentAllowed?: boolean | null;
  attorneyRequired?: boolean | null;
}

export interface SurplusInputs {
  winningBid: number | null | undefined;
  totalDebt?: number | null;
  seniorLiens?: number | null;
}

// ---- Money: whole cents, so 0.1 + 0.2 never becomes 0.30000000000000004 ----

/** Rounds to cents, halves away from zero (1.005 → 1.01, which plain Math.round(x*100) gets wrong). */
export function roundMoney(value: number): number {
  const cents = Math.round(Math.abs(value) * 100 + 1e-7) / 100;
  const rounded = Math.sign(value) * cents;
  return Object.is(rounded, -0) ? 0 : rounded;
}

const toCents = (value: number) => Math.round(roundMoney(value) * 100);

/**
 * The largest amount of money kept: what a deal's value (numeric(10, 2)) can hold. Every money
 * input (deal value, winning bid, debt, liens, surplus, fee, any currency field) is bounded by it,
 * so a surplus or fee computed from them always fits a deal's value.
 */
export const maxMoney = maxDealValue;

/** "Winning bid must be between 0 and 99,999,999.99". */
export function moneyRangeMessage(label: string): string {
  return `${label} must be between 0 and ${maxMoney.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
}

/** The message for an amount outside 0 … maxMoney (to the cent), or null when it fits. */
export function moneyRangeProblem(label: string, amount: number): string | null {
  return amount < 0 || toCents(amount) > Math.round(maxMoney * 100) ? moneyRangeMessage(label) : null;
}

/** A number from a form or JSON value: 1250, "1250.5", "$1,250.50"; null when blank or not numeric. */
export function parseAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/[$,\s]/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  return Number(text);
}

/**
 * Winning bid − total debt − senior liens, in cents, before clamping; null without a winning
 * bid (a missing debt or lien counts as 0).
 */
export function surplusBeforeClamp({ winningBid, totalDebt, seniorLiens }: SurplusInputs): number | null {
  if (winningBid === null || winningBid === undefined || !Number.isFinite(winningBid)) return null;
  const cents = toCents(winningBid) - toCents(totalDebt ?? 0) - toCents(seniorLiens ?? 0);
  return cents / 100;
}

/** The surplus left for the former owner: never below 0 (a shortfall means there is no surplus). */
export function computeSurplus(inputs: SurplusInputs): number | null {
  const raw = surplusBeforeClamp(inputs);
  if (raw === null) return null;
  return Math.max(0, raw);
}

/** The locator's fee: surplus × fee% / 100, to the cent; null when either is unknown. */
export function computeExpectedFee(
  surplus: number | null | undefined,
  feePercent: number | null | undefined,
): number | null {
  if (surplus === null || surplus === undefined || feePercent === null || feePercent === undefined)
    return null;
  if (!Number.isFinite(surplus) || !Number.isFinite(feePercent)) return null;
  return roundMoney((surplus * feePercent) / 100);
}

/** Whether the fee percentage is above the recorded cap (no cap recorded: never). */
export function feeExceedsCap(
  feePercent: number | null | undefined,
  capPercent: number | null | undefined,
): boolean {
  if (feePercent === null || feePercent === undefined || capPercent === null || capPercent === undefined) {
    return false;
  }
  return feePercent > capPercent;
}

/**
 * Whether a deal's value is the one its expected fee gives it: unset, or equal to the fee (to the
 * cent). Such a value follows the fee; any other was typed and stays (docs/decisions/015).
 */
export function dealValueFollowsFee(dealValue: unknown, expectedFee: unknown): boolean {
  return parseAmount(dealValue) === null || sameAmount(dealValue, expectedFee);
}

/** Whether two amounts are the same to the cent (two blanks are; a blank and a number are not). */
export function sameAmount(a: unknown, b: unknown): boolean {
  const [x, y] = [parseAmount(a), parseAmount(b)];
  return x === null || y === null ? x === y : toCents(x) === toCents(y);
}

/**
 * Whether an organization's deal fields are the surplus template's: they include its computed
 * Expected fee, which a deal's value then follows.
 */
export function hasExpectedFeeField(fields: readonly { fieldKey: string }[]): boolean {
  return fields.some((field) => field.fieldKey === surplusFieldKeys.expectedFee);
}

// ---- Calendar dates ----

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * The calendar day of 'YYYY-MM-DD' or an ISO date-time (the date as written, whatever its offset)
 * or of a Date (its UTC date), as ms since the epoch at UTC midnight; null if invalid.
 */
function utcDay(value: string | Date): number | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return Date.UTC(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate());
  }
  const match = DATE_PREFIX.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  // Rejects 2025-02-30 rather than rolling it over to March.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return ms;
}

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of a UTC day in ms. */
function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whether the value is a real calendar date ('YYYY-MM-DD' or an ISO date-time). */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && utcDay(value) !== null;
}

/** The date (UTC) of a Date or ISO string, as 'YYYY-MM-DD'; null if invalid. */
export function toIsoDate(value: string | Date): string | null {
  const day = utcDay(value);
  return day === null ? null : isoDay(day);
}

/** The last day to file: the sale date plus the state's claim window, as 'YYYY-MM-DD'. */
export function claimDeadlineFrom(saleDate: string | Date, claimWindowDays: number): string | null {
  const day = utcDay(saleDate);
  if (day === null || !Number.isFinite(claimWindowDays)) return null;
  return isoDay(day + Math.trunc(claimWindowDays) * DAY_MS);
}

/** Whole days from `today` to `date` (negative once passed, 0 on the day); null if either is invalid. */
export function daysUntil(date: string | Date, today: string | Date): number | null {
  const target = utcDay(date);
  const from = utcDay(today);
  if (target === null || from === null) return null;
  return Math.round((target - from) / DAY_MS);
}

// ---- The case rules ----

/** "40", "33.5", "7.25": a percentage as people write it. */
function formatPercent(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export interface SurplusCaseResult {
  /** The custom fields with the computed values filled in (other keys untouched). */
  customFields: Record<string, unknown>;
  warnings: string[];
}

/** Within this many days of the claim deadline a case is flagged. */
export const claimDeadlineSoonDays = 14;

const claimDeadlineWarningStart = 'The claim deadline ';

/** Whether a warning of applySurplusCaseRules is about the claim deadline (passed or near). */
export function isClaimDeadlineWarning(warning: string): boolean {
  return warning.startsWith(claimDeadlineWarningStart);
}

/**
 * Fills in what a surplus case computes and says what looks wrong:
 * - surplusAmount = winning bid − debt − liens (clamped to 0, with a warning when negative),
 *   unless `surplusAmountOverridden` is true (the locator typed the court's figure);
 * - expectedFee = surplus × locatorFeePercent / 100;
 * - claimDeadline = saleDate + the state's claim window, when no deadline was entered;
 * - warnings: no surplus, a fee above the state's recorded cap, a deadline passed or near.
 */
export function applySurplusCaseRules(
  customFields: Record<string, unknown> | null | undefined,
  stateRule: StateRuleFacts | null,
  today: string | Date,
): SurplusCaseResult {
  const k = surplusFieldKeys;
  const fields: Record<string, unknown> = { ...customFields };
  const warnings: string[] = [];

  const winningBid = parseAmount(fields[k.winningBid]);
  const totalDebt = parseAmount(fields[k.totalDebt]);
  const seniorLiens = parseAmount(fields[k.seniorLiens]);
  const feePercent = parseAmount(fields[k.locatorFeePercent]);
  const overridden =
    fields[k.surplusAmountOverridden] === true || fields[k.surplusAmountOverridden] === 'true';

  let surplus: number | null;
  if (overridden) {
    surplus = parseAmount(fields[k.surplusAmount]);
    if (surplus !== null) fields[k.surplusAmount] = roundMoney(surplus);
  } else {
    const raw = surplusBeforeClamp({ winningBid, totalDebt, seniorLiens });
    if (raw === null) {
      surplus = parseAmount(fields[k.surplusAmount]);
    } else {
      surplus = Math.max(0, raw);
      fields[k.surplusAmount] = surplus;
      if (raw < 0) warnings.push(noSurplusWarning);
    }
  }

  const fee = computeExpectedFee(surplus, feePercent);
  if (fee !== null) fields[k.expectedFee] = fee;

  const state = typeof fields[k.state] === 'string' ? (fields[k.state] as string).trim().toUpperCase() : '';
  if (state) fields[k.state] = state;
  // The rule applies to the case's state (or, when the case names none, to the state it was looked up for).
  const rule = stateRule && (!state || stateRule.state.toUpperCase() === state) ? stateRule : null;

  const saleDate = fields[k.saleDate];
  const deadlineGiven = isCalendarDate(fields[k.claimDeadline]);
  if (!deadlineGiven && rule?.claimWindowDays && isCalendarDate(saleDate)) {
    fields[k.claimDeadline] = claimDeadlineFrom(saleDate, rule.claimWindowDays);
  }

  if (rule && feeExceedsCap(feePercent, rule.feeCapPercent)) {
    warnings.push(
      `Locator fee of ${formatPercent(feePercent as number)}% exceeds the ${formatPercent(
        rule.feeCapPercent as number,
      )}% cap recorded for ${rule.state.toUpperCase()}`,
    );
  }

  const deadline = fields[k.claimDeadline];
  if (isCalendarDate(deadline)) {
    const days = daysUntil(deadline, today) as number;
    if (days < 0) warnings.push(`${claimDeadlineWarningStart}passed on ${toIsoDate(deadline)}`);
    else if (days === 0) warnings.push(`${claimDeadlineWarningStart}is today`);
    else if (days <= claimDeadlineSoonDays) {
      warnings.push(`${claimDeadlineWarningStart}is in ${days} ${days === 1 ? 'day' : 'days'}`);
    }
  }

  return { customFields: fields, warnings };
}
