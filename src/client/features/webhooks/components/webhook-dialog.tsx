import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { webhookEventTypes, type WebhookEventType } from '../../../../common/validation/integrations';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
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
import { Select } from '../../../components/ui/select';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useCreateWebhook, useUpdateWebhook, type Webhook } from '../api';

/** What each event means, in the words of the checklist. */
export const eventLabels: Record<WebhookEventType, string> = {
  'lead.created': 'Lead created',
  'lead.updated': 'Lead updated',
  'lead.deleted': 'Lead deleted',
  'client.created': 'Client created',
  'client.updated': 'Client updated',
  'client.deleted': 'Client deleted',
  'company.created': 'Company created',
  'company.updated': 'Company updated',
  'company.deleted': 'Company deleted',
  'deal.created': 'Deal created',
  'deal.updated': 'Deal updated',
  'deal.deleted': 'Deal deleted',
  'deal.stage_changed': 'Deal stage changed',
  'document.sent': 'Document sent',
  'document.viewed': 'Document viewed',
  'document.signed': 'Document signed',
  'document.completed': 'Document completed',
  'import.completed': 'Import completed',
};

const groups = ['lead', 'client', 'company', 'deal', 'document', 'import'] as const;
const groupLabels = {
  lead: 'Leads',
  client: 'Clients',
  company: 'Companies',
  deal: 'Deals',
  document: 'Documents',
  import: 'Imports',
};

interface WebhookDialogProps {
  webhook: Webhook | 'new' | null;
  onOpenChange: (open: boolean) => void;
  onCreated: (secret: string, name: string) => void;
}

/** Create (`'new'`) or edit a webhook: name, URL, method and the events it hears. */
export function WebhookDialog(props: WebhookDialogProps) {
  // Mounted while open, so each opening starts from the webhook's own values.
  if (props.webhook === null) return null;
  const key = props.webhook === 'new' ? 'new' : props.webhook.id;
  return <OpenWebhookDialog key={key} {...props} />;
}

function OpenWebhookDialog({ webhook, onOpenChange, onCreated }: WebhookDialogProps) {
  const editing = webhook && webhook !== 'new' ? webhook : null;
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [name, setName] = useState(editing?.name ?? '');
  const [url, setUrl] = useState(editing?.config.url ?? '');
  const [method, setMethod] = useState<'POST' | 'PUT' | 'PATCH'>(editing?.config.method ?? 'POST');
  const [events, setEvents] = useState<WebhookEventType[]>(
    editing?.config.events ?? ['lead.created', 'deal.stage_changed', 'document.completed'],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const ids = useId();

  const pending = create.isPending || update.isPending;
  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));

  const onError = (error: unknown) => {
    const details = readApiError(error);
    setErrors(details.fieldErrors);
    setFormError(Object.keys(details.fieldErrors).length ? null : details.message);
  };

  const submit = (formEvent: React.FormEvent) => {
    formEvent.preventDefault();
    const input = { name, config: { url, method, events } };
    if (editing) {
      update.mutate(
        { id: editing.id, changes: input },
        {
          onSuccess: () => {
            toast.success('Webhook saved');
            onOpenChange(false);
          },
          onError,
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: (created) => {
          onOpenChange(false);
          onCreated(created.secret, created.name);
        },
        onError,
      });
    }
  };

  const eventsError =
    errors['config.events'] ?? Object.entries(errors).find(([k]) => k.startsWith('config.events.'))?.[1];
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>{editing ? `Edit ${editing.name}` : 'Add a webhook'}</DialogTitle>
            <DialogDescription>
              Locus sends each chosen event to this URL as a signed JSON request (Standard Webhooks), and
              retries failures for about a day.
            </DialogDescription>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-4">
            <FormError message={formError} />
            <FormField id={`${ids}-name`} label="Name" error={errors.name}>
              <Input
                {...fieldA11y(`${ids}-name`, errors.name)}
                value={name}
                maxLength={255}
                onChange={(e) => setName(e.target.value)}
                placeholder="Zapier, our data warehouse…"
              />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
              <FormField id={`${ids}-url`} label="URL" error={errors['config.url']}>
                <Input
                  {...fieldA11y(`${ids}-url`, errors['config.url'])}
                  type="url"
                  inputMode="url"
                  value={url}
                  maxLength={2048}
                  onChange={(e) => setUrl(e.target.value)}
                  placeholder="https://example.com/hooks/locus"
                />
              </FormField>
              <FormField id={`${ids}-method`} label="Method" error={errors['config.method']}>
                <Select
                  id={`${ids}-method`}
                  value={method}
                  onChange={(e) => setMethod(e.target.value as typeof method)}
                >
                  <option value="POST">POST</option>
                  <option value="PUT">PUT</option>
                  <option value="PATCH">PATCH</option>
                </Select>
              </FormField>
            </div>
            <fieldset aria-describedby={eventsError ? `${ids}-events-error` : undefined}>
              <legend className="mb-2 text-sm font-medium">Events</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {groups.map((group) => (
                  <div key={group} className="flex flex-col gap-1.5">
                    <p className="text-xs font-semibold text-muted-foreground uppercase">
                      {groupLabels[group]}
                    </p>
                    {webhookEventTypes
                      .filter((event) => event.startsWith(`${group}.`))
                      .map((event) => (
                        <label key={event} className="flex items-center gap-2 text-sm">
                          <Checkbox
                            checked={events.includes(event)}
                            onCheckedChange={(checked) => toggle(event, checked === true)}
                            aria-label={eventLabels[event]}
                          />
                          {eventLabels[event]}
                        </label>
                      ))}
                  </div>
                ))}
              </div>
              {eventsError ? (
                <p id={`${ids}-events-error`} className="mt-2 text-xs font-medium text-destructive">
                  {eventsError}
                </p>
              ) : null}
            </fieldset>
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving…' : editing ? 'Save' : 'Add webhook'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

interface SecretDialogProps {
  shown: { secret: string; name: string } | null;
  onClose: () => void;
}

/** The signing secret, shown once after it is made, with a copy button. */
export function WebhookSecretDialog(props: SecretDialogProps) {
  if (!props.shown) return null;
  return <OpenSecretDialog key={props.shown.secret} {...props} />;
}

function OpenSecretDialog({ shown, onClose }: SecretDialogProps) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Signing secret of {shown?.name}</DialogTitle>
          <DialogDescription>
            Copy it now: it is not shown again. Your receiver verifies each request's webhook-signature header
            with it (any Standard Webhooks library does this).
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-3">
          <code
            data-testid="webhook-secret"
            className="block rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all select-all"
          >
            {shown?.secret}
          </code>
          <Button
            variant="secondary"
            className="self-start"
            onClick={() =>
              navigator.clipboard.writeText(shown?.secret ?? '').then(
                () => setCopied(true),
                () => toast.error('Could not copy: select the secret and copy it'),
              )
            }
          >
            {copied ? (
              <Check className="size-4" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
            {copied ? 'Copied' : 'Copy secret'}
          </Button>
        </DialogBody>
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
