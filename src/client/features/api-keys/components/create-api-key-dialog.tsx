import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import type { ApiKeyLevel } from '../../../../common/permissions';
import { createApiKeyRequestSchema } from '../../../../common/validation/api-keys';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Notice } from '../../../components/ui/notice';
import { RadioTile } from '../../../components/ui/radio-tile';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { type CreatedApiKey, useCreateApiKey } from '../api';

/** What each level lets a key do; the levels add up, so the form offers one choice. */
export const apiKeyLevelText: Record<ApiKeyLevel, { label: string; description: string }> = {
  read: { label: 'Read', description: 'Reads leads, clients, deals and the rest. Changes nothing.' },
  write: {
    label: 'Write',
    description:
      'Reads, and adds, changes or deletes leads, clients, companies, deals, activities and documents.',
  },
  admin: {
    label: 'Admin',
    description: 'Everything you can do, settings, users, teams and webhooks included.',
  },
};
const levels = Object.keys(apiKeyLevelText) as ApiKeyLevel[];

const expiryChoices = [
  { value: 'never', label: 'Never', days: null },
  { value: '30', label: 'In 30 days', days: 30 },
  { value: '90', label: 'In 90 days', days: 90 },
  { value: '365', label: 'In 1 year', days: 365 },
] as const;
type ExpiryChoice = (typeof expiryChoices)[number]['value'];

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function expiryDate(choice: ExpiryChoice): Date | null {
  const days = expiryChoices.find((c) => c.value === choice)?.days ?? null;
  return days === null ? null : new Date(Date.now() + days * 24 * 60 * 60 * 1000);
}

/** "Create API key": name, level and expiry, then the secret, shown this once with a copy button. */
export function CreateApiKeyDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    // The secret leaves memory with the dialog: it is never shown again.
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        size="md"
        // A stray click beside the dialog must not throw away a secret that is never shown again.
        onInteractOutside={(event) => {
          if (created) event.preventDefault();
        }}
      >
        {created ? (
          <ShowSecret created={created} onDone={() => close(false)} />
        ) : (
          <CreateForm onCreated={setCreated} onCancel={() => close(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CreateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (key: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [level, setLevel] = useState<ApiKeyLevel>('read');
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const expiresAt = expiryDate(expiry);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = { name, permissions: [level], expiresAt: expiresAt?.toISOString() ?? null };
    const checked = createApiKeyRequestSchema.safeParse(input);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    setErrors({});
    try {
      onCreated(await create.mutateAsync(input));
    } catch (failure) {
      const { message, fieldErrors } = readApiError(failure);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFormError(message);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col" aria-label="Create API key">
      <DialogHeader>
        <DialogTitle>Create an API key</DialogTitle>
        <DialogDescription>
          Other tools use it to reach your Locus data. It acts as you, limited to the access you choose.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-5">
        <FormError message={formError} />
        <fieldset disabled={create.isPending} className="flex flex-col gap-5">
          <FormField
            id="api-key-name"
            label="Name"
            error={errors.name}
            hint="Say where it is used, e.g. Zapier."
          >
            <Input
              {...fieldA11y('api-key-name', errors.name, 'Say where it is used, e.g. Zapier.')}
              value={name}
              maxLength={255}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
          <div className="flex flex-col gap-2">
            <span id="api-key-level-label" className="text-sm font-medium">
              Access
            </span>
            <div role="radiogroup" aria-labelledby="api-key-level-label" className="grid gap-2">
              {levels.map((value) => (
                <RadioTile
                  key={value}
                  name="api-key-level"
                  value={value}
                  checked={level === value}
                  onChange={() => setLevel(value)}
                  aria-label={apiKeyLevelText[value].label}
                  className="rounded-xl border border-border px-4 py-3 has-checked:border-primary has-checked:bg-primary-soft/50 has-focus-visible:outline-2 has-focus-visible:outline-primary"
                >
                  <span className="block text-sm font-semibold">{apiKeyLevelText[value].label}</span>
                  <span className="mt-0.5 block text-xs text-muted-foreground">
                    {apiKeyLevelText[value].description}
                  </span>
                </RadioTile>
              ))}
            </div>
            {errors.permissions ? <p className="text-sm text-red-700">{errors.permissions}</p> : null}
          </div>
          <FormField
            id="api-key-expiry"
            label="Expires"
            error={errors.expiresAt}
            hint={expiresAt ? `On ${dateFormat.format(expiresAt)}` : 'Works until you revoke it.'}
          >
            <Select
              {...fieldA11y('api-key-expiry', errors.expiresAt)}
              value={expiry}
              onChange={(event) => setExpiry(event.target.value as ExpiryChoice)}
            >
              {expiryChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </FormField>
        </fieldset>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : null}
          {create.isPending ? 'Creating key…' : 'Create key'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ShowSecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const secretId = useId();
  const copy = () =>
    navigator.clipboard.writeText(created.key).then(
      () => {
        setCopied(true);
        toast.success('API key copied');
      },
      () => toast.error('Could not copy: select the key and copy it instead'),
    );
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>Copy your new API key</DialogTitle>
        <DialogDescription>
          “{created.name}” is ready. Send it as{' '}
          <code className="font-mono text-xs">Authorization: Bearer …</code> with each request.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <Notice tone="warning" title="You will not see this key again">
          Store it somewhere safe now. Locus keeps only a fingerprint of it; if it is lost, revoke it and
          create another.
        </Notice>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={secretId} className="text-sm font-medium">
            API key
          </label>
          <div className="flex gap-2">
            <Input
              id={secretId}
              readOnly
              value={created.key}
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
              data-testid="api-key-secret"
            />
            <Button variant="secondary" onClick={() => void copy()} className="shrink-0">
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
      </DialogBody>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}
