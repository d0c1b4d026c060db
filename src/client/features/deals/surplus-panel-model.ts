import { isCalendarDate, isClaimDeadlineWarning, surplusFieldKeys as k } from '../../../common/surplus';
import type { DealSurplusView } from './api';
import { type DeadlineTone, deadlineCountdown, formatDate, localToday } from './deal-format';

/* What the surplus panel of a deal page says about the claim deadline. Pure: unit-tested on its own. */

export interface ClaimDeadlineSummary {
  /** "23 days left"; the date itself once the deal is closed; "Not set". */
  headline: string;
  /** The date under a countdown, "Deal closed", or what is missing to derive the deadline. */
  detail: string;
  tone: DeadlineTone;
}

/**
 * What the case lacks for the server to derive its deadline (sale date + the claim window of the
 * case's state rule, as applySurplusCaseRules does): "Enter the sale date", "Record a claim
 * window for TX", both joined when both are missing.
 */
export function missingForDeadline(view: Pick<DealSurplusView, 'values' | 'stateRule'>): string {
  const stateValue = view.values[k.state];
  const state = typeof stateValue === 'string' ? stateValue.trim().toUpperCase() : '';
  const toEnter = [
    isCalendarDate(view.values[k.saleDate]) ? null : 'sale date',
    state ? null : 'state',
  ].filter((field) => field !== null);
  const steps: string[] = [];
  if (toEnter.length > 0) steps.push(`enter the ${toEnter.join(' and ')}`);
  // Without a state there is no rule to look up yet: entering the state comes first.
  if (state && !view.stateRule?.claimWindowDays) steps.push(`record a claim window for ${state}`);
  // Everything is there but the server derived nothing (e.g. a window it cannot use): type it in.
  if (steps.length === 0) return 'Enter the claim deadline';
  const text = steps.join(' and ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A closed (won or lost) deal's deadline no longer counts down: it is shown as a plain date. */
export function claimDeadlineSummary(
  view: Pick<DealSurplusView, 'values' | 'stateRule'>,
  closed: boolean,
  today: string = localToday(),
): ClaimDeadlineSummary {
  const value = view.values[k.claimDeadline];
  const deadline = isCalendarDate(value) ? value : null;
  const countdown = deadlineCountdown(deadline, today);
  if (!deadline || !countdown) return { headline: 'Not set', detail: missingForDeadline(view), tone: 'ok' };
  if (closed) return { headline: formatDate(deadline), detail: 'Deal closed', tone: 'ok' };
  return { headline: countdown.label, detail: formatDate(deadline), tone: countdown.tone };
}

/** The server's warnings, without those about the deadline once the deal is closed. */
export function panelWarnings(warnings: string[], closed: boolean): string[] {
  return closed ? warnings.filter((warning) => !isClaimDeadlineWarning(warning)) : warnings;
}
