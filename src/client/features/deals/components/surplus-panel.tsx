import { AlertTriangle, CalendarClock, Landmark, Scale } from 'lucide-react';
import { saleTypes, surplusFieldKeys as k } from '../../../../common/surplus';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import type { DealSurplusView } from '../api';
import { formatDate, formatMoney } from '../deal-format';
import { claimDeadlineSummary, panelWarnings } from '../surplus-panel-model';
import { InlineField } from './inline-field';
import { stateOptionsWith } from '../../../components/state-options';

interface SurplusPanelProps {
  view: DealSurplusView | undefined;
  loading: boolean;
  /** The stored (typed) values, for the editors. */
  stored: Record<string, unknown>;
  canEdit: boolean;
  /** Won or lost: the claim deadline is shown without its countdown and warnings. */
  closed: boolean;
  onSave: (key: string, value: string | boolean) => Promise<unknown>;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const amount = (value: unknown) => (typeof value === 'number' ? value : value ? Number(value) : null);

const countdownStyle = {
  passed: 'border-red-200 bg-red-50 text-red-800',
  urgent: 'border-red-200 bg-red-50 text-red-800',
  soon: 'border-amber-200 bg-amber-50 text-amber-900',
  ok: 'border-border bg-muted/50 text-foreground',
} as const;

/** The surplus case of a deal as GET /api/deals/:id/surplus computes it today, with its warnings. */
export function SurplusPanel({ view, loading, stored, canEdit, closed, onSave }: SurplusPanelProps) {
  if (loading || !view) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Surplus case</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-24 w-full" />
        </CardContent>
      </Card>
    );
  }
  const v = view.values;
  const deadline = typeof v[k.claimDeadline] === 'string' ? (v[k.claimDeadline] as string) : null;
  const summary = claimDeadlineSummary(view, closed);
  const warnings = panelWarnings(view.warnings, closed);
  const rule = view.stateRule;
  const overridden = stored[k.surplusAmountOverridden] === true;
  const save = (key: string) => (value: string) => onSave(key, value);

  return (
    <Card data-testid="surplus-panel">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="flex items-center gap-2">
          <Landmark className="size-4 text-primary" aria-hidden="true" />
          Surplus case
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {warnings.length > 0 ? (
          <div
            role="alert"
            className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
            <ul className="flex flex-col gap-1">
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </div>
        ) : null}

        <div className="grid gap-3 sm:grid-cols-3">
          <Figure
            label="Surplus"
            value={formatMoney(amount(v[k.surplusAmount]))}
            testId="surplus-amount"
            hint={overridden ? "Court's figure" : 'Bid − debt − liens'}
          />
          <Figure
            label="Expected fee"
            value={formatMoney(amount(v[k.expectedFee]))}
            testId="surplus-fee"
            hint={
              v[k.locatorFeePercent] !== null
                ? `${text(v[k.locatorFeePercent])}% of the surplus`
                : 'Set a fee %'
            }
            accent
          />
          <div
            className={cn(
              'flex flex-col gap-0.5 rounded-lg border px-3.5 py-3',
              countdownStyle[summary.tone],
            )}
            data-testid="claim-countdown"
          >
            <span className="flex items-center gap-1.5 text-xs font-medium opacity-80">
              <CalendarClock className="size-3.5" aria-hidden="true" />
              Claim deadline
            </span>
            <span className="text-lg font-semibold">{summary.headline}</span>
            <span className="text-xs opacity-80">{summary.detail}</span>
          </div>
        </div>

        <div
          className="flex items-start gap-2.5 rounded-lg bg-muted/60 px-3.5 py-3 text-sm"
          data-testid="state-rule"
        >
          <Scale className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {rule ? (
            <p className="text-muted-foreground">
              <span className="font-medium text-foreground">{rule.state} rule used:</span>{' '}
              {rule.claimWindowDays ? `${rule.claimWindowDays}-day claim window` : 'no claim window recorded'}
              {', '}
              {rule.feeCapPercent !== null && rule.feeCapPercent !== undefined
                ? `fee cap ${rule.feeCapPercent}%`
                : 'no fee cap recorded'}
              {rule.attorneyRequired ? ', attorney required' : ''}
              {rule.assignmentAllowed === false ? ', assignment not allowed' : ''}.
            </p>
          ) : (
            <p className="text-muted-foreground">
              {v[k.state]
                ? `No rule recorded for ${text(v[k.state])}. Record its claim window and fee cap in Settings to get deadline and fee checks.`
                : 'Add the state to apply its claim window and fee cap.'}
            </p>
          )}
        </div>

        <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <InlineField
            label="Property address"
            value={text(stored[k.propertyAddress])}
            onSave={save(k.propertyAddress)}
            disabled={!canEdit}
            className="sm:col-span-2"
          />
          <InlineField
            label="County"
            value={text(stored[k.county])}
            onSave={save(k.county)}
            disabled={!canEdit}
          />
          <InlineField
            label="State"
            kind="select"
            value={text(stored[k.state])}
            options={[{ value: '', label: 'Not set' }, ...stateOptionsWith(text(stored[k.state]))]}
            onSave={save(k.state)}
            disabled={!canEdit}
          />
          <InlineField
            label="Case number"
            value={text(stored[k.caseNumber])}
            onSave={save(k.caseNumber)}
            disabled={!canEdit}
          />
          <InlineField
            label="Parcel number"
            value={text(stored[k.parcelNumber])}
            onSave={save(k.parcelNumber)}
            disabled={!canEdit}
          />
          <InlineField
            label="Sale type"
            kind="select"
            value={text(stored[k.saleType])}
            options={[{ value: '', label: 'Not set' }, ...saleTypes.map((t) => ({ value: t, label: t }))]}
            onSave={save(k.saleType)}
            disabled={!canEdit}
          />
          <InlineField
            label="Sale date"
            kind="date"
            value={text(stored[k.saleDate]).slice(0, 10)}
            display={stored[k.saleDate] ? formatDate(text(stored[k.saleDate])) : undefined}
            onSave={save(k.saleDate)}
            disabled={!canEdit}
          />
          <InlineField
            label="Winning bid"
            kind="money"
            value={text(stored[k.winningBid])}
            display={
              stored[k.winningBid] !== null && stored[k.winningBid] !== undefined
                ? formatMoney(amount(stored[k.winningBid]))
                : undefined
            }
            onSave={save(k.winningBid)}
            disabled={!canEdit}
          />
          <InlineField
            label="Total debt / judgment"
            kind="money"
            value={text(stored[k.totalDebt])}
            display={
              stored[k.totalDebt] !== null && stored[k.totalDebt] !== undefined
                ? formatMoney(amount(stored[k.totalDebt]))
                : undefined
            }
            onSave={save(k.totalDebt)}
            disabled={!canEdit}
          />
          <InlineField
            label="Senior liens"
            kind="money"
            value={text(stored[k.seniorLiens])}
            display={
              stored[k.seniorLiens] !== null && stored[k.seniorLiens] !== undefined
                ? formatMoney(amount(stored[k.seniorLiens]))
                : undefined
            }
            onSave={save(k.seniorLiens)}
            disabled={!canEdit}
          />
          <InlineField
            label="Locator fee %"
            kind="number"
            value={text(stored[k.locatorFeePercent])}
            display={
              stored[k.locatorFeePercent] !== null && stored[k.locatorFeePercent] !== undefined
                ? `${text(stored[k.locatorFeePercent])}%`
                : undefined
            }
            onSave={save(k.locatorFeePercent)}
            disabled={!canEdit}
          />
          <InlineField
            label="Claim deadline"
            kind="date"
            value={text(stored[k.claimDeadline]).slice(0, 10)}
            display={deadline ? formatDate(deadline) : undefined}
            onSave={save(k.claimDeadline)}
            disabled={!canEdit}
          />
          {overridden ? (
            <InlineField
              label="Surplus amount (court's figure)"
              kind="money"
              value={text(stored[k.surplusAmount])}
              display={formatMoney(amount(stored[k.surplusAmount]))}
              onSave={save(k.surplusAmount)}
              disabled={!canEdit}
            />
          ) : null}
          <label className="flex items-center gap-2.5 text-sm text-muted-foreground sm:col-span-2">
            <Switch
              checked={overridden}
              disabled={!canEdit}
              onCheckedChange={(checked) => void onSave(k.surplusAmountOverridden, checked)}
            />
            Override the computed surplus with the court's figure
          </label>
        </div>
      </CardContent>
    </Card>
  );
}

function Figure({
  label,
  value,
  hint,
  accent,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  accent?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-0.5 rounded-lg border px-3.5 py-3',
        accent ? 'border-emerald-200 bg-emerald-50/70' : 'border-border bg-surface',
      )}
    >
      <span className={cn('text-xs font-medium', accent ? 'text-emerald-800' : 'text-muted-foreground')}>
        {label}
      </span>
      <span
        className={cn('text-lg font-semibold tabular-nums', accent && 'text-emerald-900')}
        data-testid={testId}
      >
        {value}
      </span>
      {hint ? (
        <span className={cn('text-xs', accent ? 'text-emerald-700' : 'text-muted-foreground')}>{hint}</span>
      ) : null}
    </div>
  );
}
