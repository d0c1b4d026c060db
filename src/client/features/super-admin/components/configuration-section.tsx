import { History, SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type UpdateSystemConfigInput,
  updateSystemConfigSchema,
} from '../../../../common/validation/system-config';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import {
  type SystemConfig,
  type SystemConfigChange,
  useSystemConfig,
  useSystemConfigHistory,
  useUpdateSystemConfig,
} from '../api/system-config';

type Flag = 'maintenanceMode' | 'allowRegistrations' | 'emailNotifications';
type Limit = 'maxOrganizations' | 'maxUsersPerOrg' | 'auditRetentionDays';

const flags: { field: Flag; label: string; on: string; off: string }[] = [
  {
    field: 'maintenanceMode',
    label: 'Maintenance mode',
    on: 'Everyone but super admins gets the maintenance page; the public site shows a banner.',
    off: 'Locus is open to everyone.',
  },
  {
    field: 'allowRegistrations',
    label: 'Allow registrations',
    on: 'New organizations can sign up from the public site.',
    off: 'Sign-up is closed: the sign-up form says "Registrations are closed".',
  },
  {
    field: 'emailNotifications',
    label: 'Email notifications',
    on: 'Super admins are e-mailed about new organizations and service requests.',
    off: 'No platform e-mails to super admins.',
  },
];

const limits: { field: Limit; label: string; hint: string; unit?: string }[] = [
  {
    field: 'maxOrganizations',
    label: 'Maximum organizations',
    hint: 'Sign-up is refused once the platform has this many.',
  },
  {
    field: 'maxUsersPerOrg',
    label: 'Maximum users per organization',
    hint: "Applies on top of each organization's own plan limit.",
  },
  {
    field: 'auditRetentionDays',
    label: 'Audit retention',
    hint: 'Audit log entries older than this are deleted (1 to 3650 days).',
    unit: 'days',
  },
];

const fieldLabels: Record<string, string> = Object.fromEntries([
  ...flags.map(({ field, label }) => [field, label]),
  ...limits.map(({ field, label }) => [field, label]),
]);

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /super-admin/configuration: the platform's settings (system_config) and their history. */
export function ConfigurationSection() {
  const config = useSystemConfig();
  if (config.isPending) {
    return (
      <div
        role="status"
        className="flex flex-col gap-4"
        aria-busy="true"
        aria-label="Loading the configuration"
      >
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    );
  }
  if (config.isError) {
    return <FormError message={`Could not load the configuration: ${readApiError(config.error).message}`} />;
  }
  return (
    <div className="flex flex-col gap-6">
      <SwitchesCard config={config.data} />
      <LimitsCard config={config.data} />
      <HistoryCard />
    </div>
  );
}

function SwitchesCard({ config }: { config: SystemConfig }) {
  const update = useUpdateSystemConfig();
  const [confirmingMaintenance, setConfirmingMaintenance] = useState(false);
  const [pendingField, setPendingField] = useState<Flag | null>(null);

  const change = async (field: Flag, value: boolean) => {
    setPendingField(field);
    try {
      await update.mutateAsync({ [field]: value });
      const label = flags.find((flag) => flag.field === field)?.label ?? field;
      toast.success(`${label} ${value ? 'on' : 'off'}`);
      setConfirmingMaintenance(false);
    } catch (error) {
      toast.error('Could not change the configuration', { description: readApiError(error).message });
    } finally {
      setPendingField(null);
    }
  };

  return (
    <Card aria-labelledby="platform-switches-title">
      <CardHeader>
        <CardTitle id="platform-switches-title">Platform switches</CardTitle>
        <CardDescription>They apply on every server within two seconds.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border rounded-lg border border-border">
          {flags.map((flag) => {
            const checked = config[flag.field];
            const id = `config-${flag.field}`;
            return (
              <li key={flag.field} className="flex items-start justify-between gap-4 px-4 py-3.5">
                <div className="flex min-w-0 flex-col gap-0.5">
                  <label htmlFor={id} className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                    {flag.label}
                    {flag.field === 'maintenanceMode' && checked ? <Badge variant="warning">On</Badge> : null}
                  </label>
                  <p id={`${id}-hint`} className="text-xs leading-5 text-muted-foreground">
                    {checked ? flag.on : flag.off}
                  </p>
                </div>
                <Switch
                  id={id}
                  checked={checked}
                  aria-describedby={`${id}-hint`}
                  disabled={pendingField !== null}
                  onCheckedChange={(value) => {
                    // Turning maintenance on shuts everyone else out: asked first.
                    if (flag.field === 'maintenanceMode' && value) setConfirmingMaintenance(true);
                    else void change(flag.field, value);
                  }}
                  className="mt-0.5"
                />
              </li>
            );
          })}
        </ul>
      </CardContent>
      <ConfirmDialog
        open={confirmingMaintenance}
        onOpenChange={setConfirmingMaintenance}
        title="Turn maintenance mode on?"
        description="Everyone except super admins is signed out of their work: the app answers with a maintenance page until you turn it off. The public site stays up with a banner."
        confirmLabel="Turn on maintenance"
        pendingLabel="Turning on…"
        pending={pendingField === 'maintenanceMode'}
        onConfirm={() => void change('maintenanceMode', true)}
      />
    </Card>
  );
}

type LimitValues = Record<Limit, string>;

const valuesOf = (config: SystemConfig): LimitValues => ({
  maxOrganizations: String(config.maxOrganizations),
  maxUsersPerOrg: String(config.maxUsersPerOrg),
  auditRetentionDays: String(config.auditRetentionDays),
});

function LimitsCard({ config }: { config: SystemConfig }) {
  const update = useUpdateSystemConfig();
  const formId = useId();
  // Only what was typed is kept: the rest follows the saved row (another tab's change included).
  const [edits, setEdits] = useState<Partial<LimitValues>>({});
  const values: LimitValues = { ...valuesOf(config), ...edits };
  const [errors, setErrors] = useState<Partial<Record<Limit, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const dirty = limits.some(({ field }) => values[field] !== String(config[field]));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input: Record<string, unknown> = {};
    for (const { field } of limits) {
      const text = values[field].trim();
      input[field] = text === '' ? undefined : Number(text);
    }
    // The API's own schema: the messages here are the ones it would answer.
    const parsed = updateSystemConfigSchema.safeParse(input);
    const missing = limits.filter(({ field }) => input[field] === undefined);
    if (!parsed.success || missing.length > 0) {
      const next: Partial<Record<Limit, string>> = {};
      for (const { field, label } of missing) next[field] = `${label} is required`;
      for (const issue of parsed.error?.issues ?? []) next[issue.path[0] as Limit] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data as UpdateSystemConfigInput);
      setEdits({});
      toast.success('Limits saved');
    } catch (error) {
      const details = readApiError(error);
      setErrors(details.fieldErrors as Partial<Record<Limit, string>>);
      if (Object.keys(details.fieldErrors).length === 0) setFormError(details.message);
    }
  };

  return (
    <Card aria-labelledby="platform-limits-title">
      <CardHeader>
        <CardTitle id="platform-limits-title">Limits and retention</CardTitle>
        <CardDescription>
          Changes are kept in the platform audit log with their old and new values.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          id={formId}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="flex flex-col gap-5"
        >
          <div className="grid gap-5 md:grid-cols-3">
            {limits.map(({ field, label, hint, unit }) => {
              const id = `config-${field}`;
              return (
                <FormField key={field} id={id} label={label} hint={hint} error={errors[field]}>
                  <div className="flex items-center gap-2">
                    <Input
                      {...fieldA11y(id, errors[field], hint)}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      step={1}
                      value={values[field]}
                      onChange={(event) =>
                        setEdits((current) => ({ ...current, [field]: event.target.value }))
                      }
                    />
                    {unit ? <span className="text-sm text-muted-foreground">{unit}</span> : null}
                  </div>
                </FormField>
              );
            })}
          </div>
          <FormError message={formError} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              type="button"
              variant="secondary"
              disabled={!dirty || update.isPending}
              onClick={() => {
                setEdits({});
                setErrors({});
              }}
            >
              Reset
            </Button>
            <Button type="submit" disabled={!dirty || update.isPending}>
              {update.isPending ? 'Saving…' : 'Save limits'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function HistoryCard() {
  const history = useSystemConfigHistory();
  const items = history.data?.items ?? [];
  return (
    <Card aria-labelledby="config-history-title">
      <CardHeader>
        <CardTitle id="config-history-title">Recent changes</CardTitle>
        <CardDescription>The latest 20; the Audit section has the full trail.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : history.isError ? (
          <FormError message={`Could not load the history: ${readApiError(history.error).message}`} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={History}
            title="No changes yet"
            description="The configuration still has its defaults."
            className="py-6"
          />
        ) : (
          <ol
            className="divide-y divide-border rounded-lg border border-border"
            aria-label="Configuration changes"
          >
            {items.map((item) => (
              <HistoryRow key={item.id} item={item} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

const show = (value: unknown) => (typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value));

function HistoryRow({ item }: { item: SystemConfigChange }) {
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-start sm:gap-6">
      <div className="flex shrink-0 flex-col text-xs text-muted-foreground sm:w-44">
        <time dateTime={item.timestamp}>{dateTimeFormat.format(new Date(item.timestamp))}</time>
        <span className="truncate">{item.user?.email ?? 'Unknown user'}</span>
      </div>
      <ul className="flex min-w-0 flex-col gap-0.5 text-sm">
        {Object.entries(item.changes).map(([field, { from, to }]) => (
          <li key={field} className="flex flex-wrap items-center gap-1.5">
            <SlidersHorizontal className="size-3.5 text-muted-foreground" aria-hidden="true" />
            <span className="font-medium">{fieldLabels[field] ?? field}</span>
            <span className="text-muted-foreground">
              {show(from)} → {show(to)}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}
