import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Inbox, Lock, RotateCw, Send, XCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { can } from '../../../../common/permissions';
import { mailSecurityModes } from '../../../../common/allowed-values';
import {
  invalidSmtpHostMessage,
  invalidSmtpPortMessage,
  smtpHostField,
  smtpPasswordMaxLength,
  smtpPortField,
  smtpUsernameMaxLength,
} from '../../../../common/validation/email';
import { useKeysetList } from '../../../components/data-table/use-keyset-list';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Notice } from '../../../components/ui/notice';
import { PasswordInput } from '../../../components/ui/password-input';
import { RadioTile } from '../../../components/ui/radio-tile';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { applyApiErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { useOrganization } from '../api';
import {
  type OrganizationEmailSettings,
  type OutgoingMail,
  useOrganizationEmailSettings,
  useRetryOutgoingMail,
  useSendTestEmail,
  useUpdateOrganizationEmailSettings,
} from '../email-configuration-api';
import { EmailSenderForm } from './email-sender-form';

/** Settings › Email Configuration: sender, outgoing server, test message, switches, outgoing mail. */
export function EmailConfigurationSection() {
  const user = useSignedInUser();
  const canEdit = can(user, 'settings', 'update');
  const organization = useOrganization();
  const settings = useOrganizationEmailSettings();

  if (organization.isPending || settings.isPending) return <ConfigurationSkeleton />;
  if (!organization.data || !settings.data) {
    const error = organization.error ?? settings.error;
    return <FormError message={`Could not load the e-mail configuration: ${readApiError(error).message}`} />;
  }
  return (
    <div className="flex flex-col gap-6">
      {canEdit ? null : (
        <div className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>You can view these settings. Only users allowed to update settings can change them.</p>
        </div>
      )}
      <EmailSenderForm organization={organization.data} canEdit={canEdit} />
      <OutgoingServerForm settings={settings.data} canEdit={canEdit} />
      {canEdit ? <TestEmailCard defaultTo={user.email} /> : null}
      <MailOptionsCard settings={settings.data} canEdit={canEdit} />
      <OutgoingMailCard canEdit={canEdit} />
    </div>
  );
}

const requiredHostMessage = 'SMTP host is required';

/** The form's values are text (inputs); the mode decides which fields count. */
const serverFormSchema = z
  .object({
    mode: z.enum(['platform', 'own']),
    smtpHost: z.string(),
    smtpPort: z.string(),
    smtpSecurity: z.enum(mailSecurityModes),
    smtpUsername: z
      .string()
      .max(smtpUsernameMaxLength, `SMTP username must be at most ${smtpUsernameMaxLength} characters`),
    smtpPassword: z.string().max(smtpPasswordMaxLength, `SMTP password must be at most 1,024 characters`),
  })
  .superRefine((values, ctx) => {
    if (values.mode !== 'own') return;
    if (values.smtpHost.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['smtpHost'], message: requiredHostMessage });
    } else if (!smtpHostField.safeParse(values.smtpHost).success) {
      ctx.addIssue({ code: 'custom', path: ['smtpHost'], message: invalidSmtpHostMessage });
    }
    if (values.smtpPort.trim() !== '' && !smtpPortField.safeParse(Number(values.smtpPort)).success) {
      ctx.addIssue({ code: 'custom', path: ['smtpPort'], message: invalidSmtpPortMessage });
    }
  });
type ServerFormValues = z.infer<typeof serverFormSchema>;

function serverValuesOf(settings: OrganizationEmailSettings): ServerFormValues {
  return {
    mode: settings.usingPlatformServer ? 'platform' : 'own',
    smtpHost: settings.smtpHost ?? '',
    smtpPort: settings.smtpPort ? String(settings.smtpPort) : '',
    smtpSecurity: settings.smtpSecurity,
    smtpUsername: settings.smtpUsername ?? '',
    smtpPassword: '',
  };
}

const securityLabels: Record<(typeof mailSecurityModes)[number], string> = {
  tls: 'TLS (usually port 465)',
  starttls: 'STARTTLS (usually port 587)',
  none: 'None (unencrypted)',
};

const serverFields = ['smtpHost', 'smtpPort', 'smtpSecurity', 'smtpUsername', 'smtpPassword'] as const;

function OutgoingServerForm({
  settings,
  canEdit,
}: {
  settings: OrganizationEmailSettings;
  canEdit: boolean;
}) {
  const update = useUpdateOrganizationEmailSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ServerFormValues>({
    resolver: zodResolver(serverFormSchema),
    defaultValues: serverValuesOf(settings),
  });
  useEffect(() => reset(serverValuesOf(settings)), [settings, reset]);
  const mode = useWatch({ control, name: 'mode' });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (values.mode === 'platform') {
        await update.mutateAsync({ smtpHost: '' });
      } else {
        await update.mutateAsync({
          smtpHost: values.smtpHost.trim(),
          smtpPort: values.smtpPort.trim() === '' ? null : Number(values.smtpPort),
          smtpSecurity: values.smtpSecurity,
          smtpUsername: values.smtpUsername,
          // Blank keeps the stored password (it is never sent back to the browser).
          ...(values.smtpPassword !== '' && { smtpPassword: values.smtpPassword }),
        });
      }
      toast.success('Mail server saved', {
        description:
          values.mode === 'platform'
            ? 'Mail goes out through the platform server.'
            : 'Mail goes out through your server.',
      });
    } catch (error) {
      setFormError(applyApiErrors(error, setError, serverFields));
    }
  });

  const error = (name: (typeof serverFields)[number]) => errors[name]?.message;

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-label="Outgoing mail server">
        <CardHeader>
          <CardTitle>Outgoing mail server</CardTitle>
          <CardDescription>
            The SMTP server that sends your organization's mail: messages composed in Locus, invitations and
            password resets.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <fieldset disabled={!canEdit} className="flex flex-col gap-5">
            <legend className="sr-only">Which server sends</legend>
            <div role="radiogroup" aria-label="Which server sends" className="grid gap-3 sm:grid-cols-2">
              {(
                [
                  ['platform', 'Use the platform server', 'Locus sends for you. Nothing to set up.'],
                  ['own', 'Use our own SMTP server', 'Your provider or company mail server.'],
                ] as const
              ).map(([value, label, description]) => (
                <RadioTile
                  key={value}
                  value={value}
                  {...register('mode')}
                  className="rounded-xl border border-border p-4 has-checked:border-primary has-checked:bg-primary-soft/50 has-focus-visible:outline-2 has-focus-visible:outline-primary"
                  aria-label={label}
                >
                  <span className="block text-sm font-semibold">{label}</span>
                  <span className="mt-0.5 block text-xs text-muted-foreground">{description}</span>
                </RadioTile>
              ))}
            </div>
            {mode === 'platform' && !settings.platformServerConfigured ? (
              <Notice tone="warning" title="No platform server is configured">
                Until your own server is saved here (or the platform team sets one), mail waits in the
                outgoing list below as "Waiting for a mail server". Nothing is lost.
              </Notice>
            ) : null}
            {mode === 'own' ? (
              <div className="grid gap-5 sm:grid-cols-6">
                <FormField
                  id="smtp-host"
                  label="SMTP host"
                  error={error('smtpHost')}
                  className="sm:col-span-4"
                >
                  <Input
                    {...fieldA11y('smtp-host', error('smtpHost'))}
                    placeholder="smtp.example.com"
                    autoComplete="off"
                    spellCheck={false}
                    {...register('smtpHost')}
                  />
                </FormField>
                <FormField id="smtp-port" label="Port" error={error('smtpPort')} className="sm:col-span-2">
                  <Input
                    {...fieldA11y('smtp-port', error('smtpPort'))}
                    inputMode="numeric"
                    placeholder="587"
                    {...register('smtpPort')}
                  />
                </FormField>
                <FormField
                  id="smtp-security"
                  label="Security"
                  error={error('smtpSecurity')}
                  className="sm:col-span-2"
                >
                  <Select
                    {...fieldA11y('smtp-security', error('smtpSecurity'))}
                    {...register('smtpSecurity')}
                  >
                    {mailSecurityModes.map((security) => (
                      <option key={security} value={security}>
                        {securityLabels[security]}
                      </option>
                    ))}
                  </Select>
                </FormField>
                <FormField
                  id="smtp-username"
                  label="Username"
                  labelAside="Optional"
                  error={error('smtpUsername')}
                  className="sm:col-span-2"
                >
                  <Input
                    {...fieldA11y('smtp-username', error('smtpUsername'))}
                    autoComplete="off"
                    spellCheck={false}
                    {...register('smtpUsername')}
                  />
                </FormField>
                <FormField
                  id="smtp-password"
                  label="Password"
                  error={error('smtpPassword')}
                  hint={settings.hasSmtpPassword ? 'A password is saved: leave blank to keep it.' : undefined}
                  className="sm:col-span-2"
                >
                  <PasswordInput
                    {...fieldA11y(
                      'smtp-password',
                      error('smtpPassword'),
                      settings.hasSmtpPassword ? 'A password is saved: leave blank to keep it.' : undefined,
                    )}
                    autoComplete="new-password"
                    placeholder={settings.hasSmtpPassword ? 'Leave blank to keep' : ''}
                    {...register('smtpPassword')}
                  />
                </FormField>
              </div>
            ) : null}
          </fieldset>
        </CardContent>
        {canEdit ? (
          <CardFooter>
            <FormError message={formError} className="sm:mr-auto" />
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner /> : null}
              {isSubmitting ? 'Saving…' : 'Save server'}
            </Button>
          </CardFooter>
        ) : null}
      </form>
    </Card>
  );
}

const testFormSchema = z.object({
  to: z.union([z.literal(''), z.email({ error: 'Invalid email address' })]),
});

function TestEmailCard({ defaultTo }: { defaultTo: string }) {
  const send = useSendTestEmail();
  const [verdict, setVerdict] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(testFormSchema), defaultValues: { to: '' } });
  const onSubmit = handleSubmit(async ({ to }) => {
    setVerdict(null);
    try {
      const result = await send.mutateAsync(to ? { to } : {});
      setVerdict({ ok: true, message: result.message });
    } catch (error) {
      setVerdict({ ok: false, message: readApiError(error).message });
    }
  });
  const toError = errors.to?.message;
  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-label="Send a test email">
        <CardHeader>
          <CardTitle>Test the server</CardTitle>
          <CardDescription>
            Sends a message right away through the saved server and shows its answer. Save changes above
            first.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <FormField id="test-email-to" label="Send to" error={toError} className="min-w-0 flex-1">
              <Input
                {...fieldA11y('test-email-to', toError)}
                type="email"
                inputMode="email"
                placeholder={defaultTo}
                {...register('to')}
              />
            </FormField>
            <Button type="submit" disabled={send.isPending} className={cn(toError && 'sm:mb-6')}>
              {send.isPending ? <Spinner /> : <Send aria-hidden="true" />}
              {send.isPending ? 'Sending…' : 'Send Test Email'}
            </Button>
          </div>
          <div aria-live="polite">
            {verdict ? (
              <div
                role={verdict.ok ? 'status' : 'alert'}
                className={cn(
                  'flex items-start gap-2.5 rounded-lg border px-3.5 py-2.5 text-sm',
                  verdict.ok
                    ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
                    : 'border-red-200 bg-red-50 text-red-800',
                )}
              >
                {verdict.ok ? (
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                ) : (
                  <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                )}
                <span className="min-w-0 break-words">{verdict.message}</span>
              </div>
            ) : null}
          </div>
        </CardContent>
      </form>
    </Card>
  );
}

function MailOptionsCard({ settings, canEdit }: { settings: OrganizationEmailSettings; canEdit: boolean }) {
  const update = useUpdateOrganizationEmailSettings();
  const options = [
    {
      key: 'trackingEnabled',
      label: 'Track opens and clicks',
      description: 'Adds an open pixel and tracked links to mail sent from Locus.',
    },
    {
      key: 'createLeadsFromUnknownSenders',
      label: 'Create a lead from mail by unknown senders',
      description:
        'Mail synced from a mailbox whose sender is not yet a lead, client or company creates a lead.',
    },
  ] as const;
  const idBase = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tracking and new contacts</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col divide-y divide-border">
        {options.map((option) => {
          const id = `${idBase}-${option.key}`;
          return (
            <div
              key={option.key}
              className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0"
            >
              <div className="min-w-0">
                <label htmlFor={id} className="text-sm font-medium">
                  {option.label}
                </label>
                <p id={`${id}-description`} className="text-xs leading-5 text-muted-foreground">
                  {option.description}
                </p>
              </div>
              <Switch
                id={id}
                aria-describedby={`${id}-description`}
                checked={settings[option.key]}
                disabled={!canEdit || update.isPending}
                onCheckedChange={async (checked) => {
                  try {
                    await update.mutateAsync({ [option.key]: checked });
                    toast.success(`${option.label}: ${checked ? 'on' : 'off'}`);
                  } catch (error) {
                    toast.error('Could not save', { description: readApiError(error).message });
                  }
                }}
              />
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}

const statusFilters = [
  ['', 'All'],
  ['waiting', 'Waiting for a mail server'],
  ['pending', 'Queued'],
  ['processing', 'Sending'],
  ['done', 'Sent'],
  ['failed', 'Failed'],
] as const;

const statusBadges: Record<OutgoingMail['status'], { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Queued', variant: 'neutral' },
  waiting: { label: 'Waiting for a mail server', variant: 'warning' },
  processing: { label: 'Sending', variant: 'primary' },
  done: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
};

const purposeLabels: Record<string, string> = {
  password_reset: 'Password reset',
  invitation: 'Invitation',
  test: 'Test message',
  notification: 'Notification',
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function OutgoingMailCard({ canEdit }: { canEdit: boolean }) {
  const [status, setStatus] = useState('');
  const list = useKeysetList<OutgoingMail>('/api/outbox', status ? { status } : {}, { pageSize: 25 });
  const retry = useRetryOutgoingMail();
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>Outgoing mail</CardTitle>
          <CardDescription>
            Every message Locus sends for your organization, with its delivery state.
          </CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor="outbox-status" className="text-sm text-muted-foreground">
            Show
          </label>
          <Select
            id="outbox-status"
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            className="w-auto"
          >
            {statusFilters.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
          <Button variant="secondary" size="sm" onClick={list.refetch} aria-label="Refresh outgoing mail">
            <RotateCw aria-hidden="true" className={cn(list.isFetching && 'animate-spin')} />
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <div
            role="status"
            className="flex flex-col gap-2"
            aria-busy="true"
            aria-label="Loading outgoing mail"
          >
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : list.isError ? (
          <FormError message={`Could not load outgoing mail: ${readApiError(list.error).message}`} />
        ) : list.rows.length === 0 ? (
          <EmptyState
            icon={Inbox}
            title={status ? 'No messages in this state' : 'No outgoing mail yet'}
            description="Messages appear here as soon as they are queued."
          />
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label="Outgoing messages">
            {list.rows.map((mail) => {
              const badge = statusBadges[mail.status];
              const title =
                mail.subject ||
                (mail.purpose ? (purposeLabels[mail.purpose] ?? mail.purpose) : '(no subject)');
              return (
                <li key={mail.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-4">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="truncate text-sm font-medium">{title}</span>
                      <Badge variant={badge.variant}>{badge.label}</Badge>
                    </div>
                    <p className="mt-0.5 truncate text-xs text-muted-foreground">
                      To {mail.to.join(', ') || '—'} · {dateFormat.format(new Date(mail.createdAt))}
                      {mail.attempts > 0
                        ? ` · ${mail.attempts} ${mail.attempts === 1 ? 'try' : 'tries'}`
                        : ''}
                    </p>
                    {mail.lastError && mail.status !== 'waiting' && mail.status !== 'done' ? (
                      <p className="mt-1 text-xs break-words text-red-700">{mail.lastError}</p>
                    ) : null}
                  </div>
                  {canEdit && mail.status === 'failed' ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={retry.isPending}
                      onClick={async () => {
                        try {
                          await retry.mutateAsync(mail.id);
                          toast.success('Queued again', {
                            description: 'The message will be sent on the next round.',
                          });
                        } catch (error) {
                          toast.error('Could not retry', { description: readApiError(error).message });
                        }
                      }}
                      aria-label={`Retry ${title}`}
                    >
                      <RotateCw aria-hidden="true" />
                      Retry
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className="mt-3 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              onClick={list.fetchNextPage}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? <Spinner /> : null}
              Show more
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ConfigurationSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-6" aria-busy="true" aria-label="Loading">
      {[0, 1, 2].map((key) => (
        <div key={key} className="rounded-xl border border-border bg-surface p-6">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="mt-2 h-4 w-80 max-w-full" />
          <div className="mt-6 grid gap-5 sm:grid-cols-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        </div>
      ))}
    </div>
  );
}
