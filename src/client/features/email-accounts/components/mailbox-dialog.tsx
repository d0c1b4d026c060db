import { CheckCircle2, ExternalLink } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toFieldErrors } from '../../../../common/validation/common';
import {
  createEmailAccountSchema,
  defaultSyncFolders,
  mailServerPresets,
  updateEmailAccountSchema,
} from '../../../../common/validation/email';
import { Button, buttonClassName } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useUnsavedChanges,
} from '../../../components/ui/dialog';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Notice } from '../../../components/ui/notice';
import { PasswordInput } from '../../../components/ui/password-input';
import { RadioTile } from '../../../components/ui/radio-tile';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import {
  type EmailAccount,
  useCreateEmailAccount,
  useOAuthProviders,
  useTestEmailAccount,
  useUpdateEmailAccount,
} from '../api';
import { providerLabels } from '../mailbox-status';

type Provider = EmailAccount['provider'];
type Security = EmailAccount['imapSecurity'];

interface MailboxDialogProps {
  /** The mailbox to edit, 'new' to connect one, null when closed. */
  account: EmailAccount | 'new' | null;
  onOpenChange: (open: boolean) => void;
}

export function MailboxDialog({ account, onOpenChange }: MailboxDialogProps) {
  return (
    <Dialog open={account !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        {account ? (
          <MailboxForm
            key={account === 'new' ? 'new' : account.id}
            account={account === 'new' ? null : account}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

interface FormState {
  provider: Provider;
  email: string;
  displayName: string;
  username: string;
  password: string;
  imapHost: string;
  imapPort: string;
  imapSecurity: Security;
  smtpHost: string;
  smtpPort: string;
  smtpSecurity: Security;
  folders: string;
  syncDirection: EmailAccount['syncDirection'];
  syncEnabled: boolean;
}

function initialState(account: EmailAccount | null): FormState {
  return {
    provider: account?.provider ?? 'gmail',
    email: account?.email ?? '',
    displayName: account?.displayName ?? '',
    username: account?.username && account.username !== account.email ? account.username : '',
    password: '',
    imapHost: account?.provider === 'imap' ? (account.imapHost ?? '') : '',
    imapPort: account?.provider === 'imap' ? String(account.imapPort ?? '') : '',
    imapSecurity: account?.imapSecurity ?? 'tls',
    smtpHost: account?.provider === 'imap' ? (account.smtpHost ?? '') : '',
    smtpPort: account?.provider === 'imap' ? String(account.smtpPort ?? '') : '',
    smtpSecurity: account?.smtpSecurity ?? 'starttls',
    folders: (account?.folderWhitelist ?? defaultSyncFolders).join(', '),
    syncDirection: account?.syncDirection ?? 'bidirectional',
    syncEnabled: account?.syncEnabled ?? true,
  };
}

const portOf = (text: string) => (text.trim() === '' ? undefined : Number(text));
const foldersOf = (text: string) =>
  text
    .split(/[,\n]/)
    .map((f) => f.trim())
    .filter(Boolean);

/** What the API takes, from the form (Gmail and Outlook take their servers from the presets). */
function inputOf(state: FormState) {
  const other = state.provider === 'imap';
  return {
    provider: state.provider,
    email: state.email,
    displayName: state.displayName,
    username: state.username,
    password: state.password,
    ...(other && {
      imapHost: state.imapHost,
      imapPort: portOf(state.imapPort),
      imapSecurity: state.imapSecurity,
      smtpHost: state.smtpHost,
      smtpPort: portOf(state.smtpPort),
      smtpSecurity: state.smtpSecurity,
    }),
    folderWhitelist: foldersOf(state.folders),
    syncDirection: state.syncDirection,
    syncEnabled: state.syncEnabled,
  };
}

const companyOf = { gmail: 'Google', outlook: 'Microsoft' } as const;

function MailboxForm({ account, onDone }: { account: EmailAccount | null; onDone: () => void }) {
  const [state, setState] = useState(() => initialState(account));
  const [initial] = useState(state);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [tested, setTested] = useState<string | null>(null);
  const providers = useOAuthProviders();
  const create = useCreateEmailAccount();
  const update = useUpdateEmailAccount();
  const test = useTestEmailAccount();
  const editing = account !== null;
  const oauthAccount = account?.authType === 'oauth';
  const dirty = JSON.stringify(state) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setState((s) => ({ ...s, [key]: value }));
    setTested(null);
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  /** Checks the form with the API's own schema; the messages are the ones the API would answer. */
  function validate() {
    const input = inputOf(state);
    const result = editing
      ? updateEmailAccountSchema.safeParse(changesOf(input))
      : createEmailAccountSchema.safeParse(input);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const found: Record<string, string> = {};
    for (const { path, message } of toFieldErrors(result.error.issues)) {
      const field = path === 'folderWhitelist' || path.startsWith('folderWhitelist.') ? 'folders' : path;
      found[field] ??= message;
    }
    setErrors(found);
    return null;
  }

  /** A PATCH sends what changed; an empty password keeps the stored one. */
  function changesOf(input: ReturnType<typeof inputOf>) {
    const before = inputOf(initial);
    const changes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      if (key === 'password') {
        if (value) changes.password = value;
      } else if (JSON.stringify(value) !== JSON.stringify(before[key as keyof typeof before])) {
        changes[key] = value;
      }
    }
    return changes;
  }

  function onTest() {
    setFormError(null);
    setTested(null);
    const input = validate();
    if (!input || editing) return;
    test.mutate(input as never, {
      onSuccess: (answer) => setTested(answer.message),
      onError: (error) => setFormError(readApiError(error).message),
    });
  }

  function onSave() {
    setFormError(null);
    const input = validate();
    if (!input) return;
    const fail = (error: unknown) => {
      const { message, fieldErrors } = readApiError(error);
      setErrors(fieldErrors);
      setFormError(message);
    };
    if (account) {
      update.mutate(
        { account, changes: input },
        {
          onSuccess: () => {
            toast.success('Mailbox saved');
            onDone();
          },
          onError: fail,
        },
      );
    } else {
      create.mutate(input as never, {
        onSuccess: () => {
          toast.success('Mailbox connected: its first sync has started');
          onDone();
        },
        onError: fail,
      });
    }
  }

  const saving = create.isPending || update.isPending;
  const isPreset = state.provider === 'gmail' || state.provider === 'outlook';
  const oauthReady = isPreset && providers.data?.[state.provider as 'gmail' | 'outlook'];

  return (
    <form
      className="flex min-h-0 flex-1 flex-col"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <DialogHeader>
        <DialogTitle>{editing ? `Edit ${account.email}` : 'Connect a mailbox'}</DialogTitle>
        <DialogDescription>
          {editing
            ? 'Change how this mailbox syncs. New connection settings are checked with your mail server before they are saved.'
            : 'Locus reads the mail in the folders you choose and sends from your own address. Your password is stored encrypted and never shown again.'}
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-5">
        {editing ? null : (
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Provider</legend>
            <div className="grid grid-cols-3 gap-2">
              {(['gmail', 'outlook', 'imap'] as const).map((provider) => (
                <RadioTile
                  key={provider}
                  name="provider"
                  value={provider}
                  checked={state.provider === provider}
                  onChange={() => set('provider', provider)}
                  className="rounded-lg"
                >
                  <span className="flex h-11 items-center justify-center rounded-lg border border-border px-2 text-center text-sm font-medium peer-checked:border-primary peer-checked:bg-primary-soft peer-checked:text-primary-soft-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-primary">
                    {providerLabels[provider]}
                  </span>
                </RadioTile>
              ))}
            </div>
          </fieldset>
        )}

        {!editing && isPreset ? (
          <OAuthChoice provider={state.provider as 'gmail' | 'outlook'} ready={Boolean(oauthReady)} />
        ) : null}

        {oauthAccount ? (
          <Notice>
            This mailbox signs in with {companyOf[account.provider as 'gmail' | 'outlook']}. To change its
            connection, remove it and connect it again.
          </Notice>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="mailbox-email" label="Email address" error={errors.email}>
              <Input
                {...fieldA11y('mailbox-email', errors.email)}
                type="email"
                autoComplete="email"
                value={state.email}
                onChange={(e) => set('email', e.target.value)}
                maxLength={254}
              />
            </Field>
            <Field
              id="mailbox-password"
              label={state.provider === 'imap' ? 'Password' : 'App password'}
              error={errors.password}
              hint={editing ? 'Leave empty to keep the current password.' : undefined}
            >
              <PasswordInput
                {...fieldA11y('mailbox-password', errors.password, editing ? 'keep' : undefined)}
                autoComplete="new-password"
                value={state.password}
                onChange={(e) => set('password', e.target.value)}
                maxLength={1024}
              />
            </Field>
            <Field
              id="mailbox-username"
              label="Username"
              error={errors.username}
              hint="Only if your server signs in with something other than the address."
              aside="Optional"
            >
              <Input
                {...fieldA11y('mailbox-username', errors.username, 'hint')}
                autoComplete="username"
                value={state.username}
                onChange={(e) => set('username', e.target.value)}
                maxLength={255}
              />
            </Field>
            <Field
              id="mailbox-display-name"
              label="Name shown to recipients"
              error={errors.displayName}
              aside="Optional"
            >
              <Input
                {...fieldA11y('mailbox-display-name', errors.displayName)}
                value={state.displayName}
                onChange={(e) => set('displayName', e.target.value)}
                maxLength={255}
              />
            </Field>
          </div>
        )}

        {state.provider === 'imap' && !oauthAccount ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <ServerFields
              protocol="IMAP"
              prefix="imap"
              state={state}
              errors={errors}
              set={set}
              placeholder="imap.example.com"
            />
            <ServerFields
              protocol="SMTP"
              prefix="smtp"
              state={state}
              errors={errors}
              set={set}
              placeholder="smtp.example.com"
            />
          </div>
        ) : isPreset && !oauthAccount ? (
          <p className="text-xs text-muted-foreground">
            Servers: {mailServerPresets[state.provider]?.imapHost} (IMAP) and{' '}
            {mailServerPresets[state.provider]?.smtpHost} (SMTP).
          </p>
        ) : null}

        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="mailbox-folders"
            label="Folders to sync"
            error={errors.folders}
            hint="Separated by commas, up to 50."
          >
            <Input
              {...fieldA11y('mailbox-folders', errors.folders, 'hint')}
              value={state.folders}
              onChange={(e) => set('folders', e.target.value)}
            />
          </Field>
          <Field id="mailbox-direction" label="Sync direction" error={errors.syncDirection}>
            <Select
              {...fieldA11y('mailbox-direction', errors.syncDirection)}
              value={state.syncDirection}
              onChange={(e) => set('syncDirection', e.target.value as FormState['syncDirection'])}
            >
              <option value="bidirectional">Received and sent mail</option>
              <option value="inbound">Received mail only</option>
              <option value="outbound">Sent mail only</option>
            </Select>
          </Field>
        </div>
        <label className="flex items-center gap-3 text-sm" htmlFor="mailbox-sync-enabled">
          <Switch
            id="mailbox-sync-enabled"
            checked={state.syncEnabled}
            onCheckedChange={(checked) => set('syncEnabled', checked)}
          />
          Keep this mailbox in sync
        </label>

        {tested ? (
          <p
            role="status"
            className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-2.5 text-sm text-emerald-800"
          >
            <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
            {tested}
          </p>
        ) : null}
        <FormError message={formError} />
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        {editing ? null : (
          <Button variant="secondary" onClick={onTest} disabled={test.isPending || saving}>
            {test.isPending ? <Spinner className="size-4" /> : null}
            {test.isPending ? 'Testing…' : 'Test connection'}
          </Button>
        )}
        <Button type="submit" disabled={saving || test.isPending}>
          {saving ? <Spinner className="size-4" /> : null}
          {saving ? 'Checking the servers…' : editing ? 'Save' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function OAuthChoice({ provider, ready }: { provider: 'gmail' | 'outlook'; ready: boolean }) {
  const company = companyOf[provider];
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border p-4">
      {ready ? (
        <>
          <a
            href={`/api/email-accounts/oauth/${provider}/start`}
            className={cn(buttonClassName({ variant: 'primary' }), 'self-start')}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            Sign in with {company}
          </a>
          <p className="text-sm text-muted-foreground">
            Recommended: {company} asks you to allow Locus to read and send your mail. Or connect with an app
            password below.
          </p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          Sign-in with {company} is not configured on this server (an administrator sets its client id).
          Connect with an app password instead.
        </p>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">How to get an app password</summary>
        {provider === 'gmail' ? (
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-muted-foreground">
            <li>Turn on 2-Step Verification in your Google Account (Security).</li>
            <li>Open “App passwords”, create one named “Locus” and copy the 16 characters.</li>
            <li>Paste it below as the app password; IMAP must be on in Gmail’s settings.</li>
          </ol>
        ) : (
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-muted-foreground">
            <li>Turn on two-step verification in your Microsoft account (Security).</li>
            <li>Under “App passwords”, create one and copy it.</li>
            <li>Paste it below. Work accounts need IMAP and SMTP AUTH allowed by the administrator.</li>
          </ol>
        )}
      </details>
    </div>
  );
}

function ServerFields({
  protocol,
  prefix,
  state,
  errors,
  set,
  placeholder,
}: {
  protocol: 'IMAP' | 'SMTP';
  prefix: 'imap' | 'smtp';
  state: FormState;
  errors: Record<string, string>;
  set: <K extends keyof FormState>(key: K, value: FormState[K]) => void;
  placeholder: string;
}) {
  const host = `${prefix}Host` as const;
  const port = `${prefix}Port` as const;
  const security = `${prefix}Security` as const;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-medium">{protocol} server</legend>
      <Field id={`mailbox-${host}`} label={`${protocol} host`} error={errors[host]}>
        <Input
          {...fieldA11y(`mailbox-${host}`, errors[host])}
          value={state[host]}
          placeholder={placeholder}
          onChange={(e) => set(host, e.target.value)}
          maxLength={255}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`mailbox-${port}`} label={`${protocol} port`} error={errors[port]}>
          <Input
            {...fieldA11y(`mailbox-${port}`, errors[port])}
            inputMode="numeric"
            value={state[port]}
            placeholder={prefix === 'imap' ? '993' : '587'}
            onChange={(e) => set(port, e.target.value)}
            maxLength={5}
          />
        </Field>
        <Field id={`mailbox-${security}`} label={`${protocol} security`} error={errors[security]}>
          <Select
            {...fieldA11y(`mailbox-${security}`, errors[security])}
            value={state[security]}
            onChange={(e) => set(security, e.target.value as Security)}
          >
            <option value="tls">TLS</option>
            <option value="starttls">STARTTLS</option>
            <option value="none">None</option>
          </Select>
        </Field>
      </div>
    </fieldset>
  );
}

function Field({
  id,
  label,
  error,
  hint,
  aside,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  aside?: string;
  children: ReactNode;
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} labelAside={aside}>
      {children}
    </FormField>
  );
}
