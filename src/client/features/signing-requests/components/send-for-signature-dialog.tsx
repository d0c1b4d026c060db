import { ArrowDown, ArrowUp, Plus, Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { maxLength } from '../../../../common/validation/common';
import { recipientRoles } from '../../../../common/allowed-values';
import { maxRecipients } from '../../../../common/validation/signing';
import { Button } from '../../../components/ui/button';
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
import { fieldA11y, FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Notice } from '../../../components/ui/notice';
import { RadioTile } from '../../../components/ui/radio-tile';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useDocumentFields } from '../../signature-fields/api';
import type { SavedSignatureField } from '../../signature-fields/field-drafts';
import { type RequestDetail, useSendDocument } from '../api';
import {
  authMethodChoices,
  blankRecipient,
  dateInDays,
  placeSendErrors,
  type RecipientDraft,
  recipientsFromFields,
  roleLabels,
  type SigningOrder,
  sendSummary,
  toSendPayload,
} from '../recipient-drafts';

interface SendForSignatureDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  document: { id: string; name: string };
  onSent?: (request: RequestDetail) => void;
}

/** How long a link works unless the sender picks another day. */
const defaultExpiryDays = 30;

/**
 * "Send for signature": who receives the document (pre-filled from the signers of the placed
 * fields), in which order, with what message and until when. The API's checks come back under
 * the recipient or field they name.
 */
export function SendForSignatureDialog({
  open,
  onOpenChange,
  document,
  onSent,
}: SendForSignatureDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent size="lg" aria-describedby={undefined}>
          <SendForm document={document} onClose={() => onOpenChange(false)} onSent={onSent} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function SendForm({
  document,
  onClose,
  onSent,
}: {
  document: { id: string; name: string };
  onClose: () => void;
  onSent?: (request: RequestDetail) => void;
}) {
  const fields = useDocumentFields(document.id);
  return (
    <>
      <DialogHeader>
        <DialogTitle>Send for signature</DialogTitle>
        <DialogDescription>
          “{document.name}” is e-mailed to each recipient with their own link. Its text is frozen from now on.
        </DialogDescription>
      </DialogHeader>
      {fields.isPending ? (
        <DialogBody className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </DialogBody>
      ) : fields.isError ? (
        <DialogBody>
          <FormError message={readApiError(fields.error).message} />
        </DialogBody>
      ) : (
        <SendFormBody document={document} fields={fields.data.items} onClose={onClose} onSent={onSent} />
      )}
    </>
  );
}

function SendFormBody({
  document,
  fields,
  onClose,
  onSent,
}: {
  document: { id: string; name: string };
  fields: SavedSignatureField[];
  onClose: () => void;
  onSent?: (request: RequestDetail) => void;
}) {
  const ids = useId();
  const [recipients, setRecipients] = useState<RecipientDraft[]>(() => recipientsFromFields(fields));
  const [signingOrder, setSigningOrder] = useState<SigningOrder>('sequential');
  const [message, setMessage] = useState('');
  const [expiresOn, setExpiresOn] = useState(() => dateInDays(defaultExpiryDays));
  const [touched, setTouched] = useState(false);
  // Rows changed since the last attempt: the API's word on them no longer applies.
  const [editedKeys, setEditedKeys] = useState<ReadonlySet<string>>(new Set());
  const send = useSendDocument(document.id);
  useUnsavedChanges(touched && !send.isSuccess);

  const apiErrors = send.error ? readApiError(send.error) : null;
  const placed = apiErrors ? placeSendErrors(recipients, apiErrors.fieldErrors) : null;
  const formMessage =
    placed && (placed.other.length > 0 || Object.keys(apiErrors?.fieldErrors ?? {}).length === 0)
      ? [apiErrors?.message === 'Validation failed' ? null : apiErrors?.message, ...placed.other]
          .filter(Boolean)
          .join(' ')
      : null;

  const change = (key: string, patch: Partial<RecipientDraft>) => {
    setTouched(true);
    setEditedKeys((current) => new Set(current).add(key));
    setRecipients((current) => current.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };
  const move = (index: number, by: -1 | 1) => {
    setTouched(true);
    setRecipients((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved);
      // The list's order is the signing order: renumber so step numbers follow the rows.
      return next.map((r, i) => ({ ...r, signatureOrder: i + 1 }));
    });
  };
  const remove = (key: string) => {
    setTouched(true);
    setRecipients((current) => current.filter((r) => r.key !== key));
  };
  const add = () => {
    setTouched(true);
    setRecipients((current) => [...current, blankRecipient(current.length + 1)]);
  };

  const submit = () => {
    setEditedKeys(new Set());
    send.mutate(toSendPayload(recipients, { signingOrder, message, expiresOn }), {
      onSuccess: (request) => {
        toast.success('Sent for signature', { description: sendSummary(recipients, signingOrder) });
        onClose();
        onSent?.(request);
      },
    });
  };

  const sequential = signingOrder === 'sequential';
  return (
    <form
      className="flex min-h-0 flex-1 flex-col"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogBody className="flex flex-col gap-5">
        {fields.length === 0 ? (
          <Notice tone="warning" title="No signature fields yet">
            Place a field for each signer first (Place fields): a signer signs the fields placed for their
            e-mail.
          </Notice>
        ) : null}

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Signing order</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(
              [
                [
                  'sequential',
                  'One after another',
                  'Each recipient is invited when the one before has signed.',
                ],
                ['parallel', 'All at once', 'Everyone is invited now and signs in any order.'],
              ] as const
            ).map(([value, title, hint]) => (
              <RadioTile
                key={value}
                name={`${ids}-order`}
                value={value}
                checked={signingOrder === value}
                onChange={() => {
                  setTouched(true);
                  setSigningOrder(value);
                }}
                className="rounded-lg"
              >
                <span className="flex h-full flex-col gap-0.5 rounded-lg border border-border p-3 text-sm peer-checked:border-primary peer-checked:bg-primary-soft peer-focus-visible:outline-2 peer-focus-visible:outline-primary">
                  <span className="font-medium">{title}</span>
                  <span className="text-xs text-muted-foreground">{hint}</span>
                </span>
              </RadioTile>
            ))}
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium">Recipients</legend>
          {recipients.length === 0 ? (
            <p className="text-sm text-muted-foreground">No recipients yet.</p>
          ) : null}
          <ol className="flex flex-col gap-3" aria-label="Recipients">
            {recipients.map((recipient, index) => (
              <RecipientRow
                key={recipient.key}
                recipient={recipient}
                index={index}
                count={recipients.length}
                sequential={sequential}
                errors={editedKeys.has(recipient.key) ? {} : (placed?.byRecipient[recipient.key] ?? {})}
                onChange={(patch) => change(recipient.key, patch)}
                onMove={(by) => move(index, by)}
                onRemove={() => remove(recipient.key)}
              />
            ))}
          </ol>
          {recipients.length < maxRecipients ? (
            <Button type="button" variant="secondary" size="sm" className="self-start" onClick={add}>
              <Plus aria-hidden="true" />
              Add recipient
            </Button>
          ) : null}
        </fieldset>

        <FormField id={`${ids}-message`} label="Message" labelAside="Optional" error={placed?.form.message}>
          <Textarea
            {...fieldA11y(`${ids}-message`, placed?.form.message)}
            rows={3}
            maxLength={maxLength.text}
            value={message}
            placeholder="Please sign the fee agreement for your surplus claim."
            onChange={(event) => {
              setTouched(true);
              setMessage(event.target.value);
            }}
          />
        </FormField>

        <FormField
          id={`${ids}-expiry`}
          label="Links expire on"
          hint="After this day the links stop working. Clear it for no expiry."
          error={placed?.form.expiresAt}
        >
          <Input
            {...fieldA11y(`${ids}-expiry`, placed?.form.expiresAt, 'hint')}
            type="date"
            className="sm:max-w-56"
            min={dateInDays(1)}
            value={expiresOn}
            onChange={(event) => {
              setTouched(true);
              setExpiresOn(event.target.value);
            }}
          />
        </FormField>

        <FormError message={formMessage} />
      </DialogBody>
      <DialogFooter className="sm:items-center sm:justify-between">
        <p className="text-sm font-medium" data-testid="send-summary">
          {sendSummary(recipients, signingOrder)}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="secondary" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending || recipients.length === 0}>
            {send.isPending ? <Spinner /> : <Send aria-hidden="true" />}
            {send.isPending ? 'Sending…' : 'Send'}
          </Button>
        </div>
      </DialogFooter>
    </form>
  );
}

interface RecipientRowProps {
  recipient: RecipientDraft;
  index: number;
  count: number;
  sequential: boolean;
  errors: Partial<Record<keyof RecipientDraft, string>>;
  onChange: (patch: Partial<RecipientDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function RecipientRow({
  recipient,
  index,
  count,
  sequential,
  errors,
  onChange,
  onMove,
  onRemove,
}: RecipientRowProps) {
  const id = (name: string) => `recipient-${recipient.key}-${name}`;
  const label = recipient.name.trim() || recipient.email.trim() || `Recipient ${index + 1}`;
  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-border p-3 sm:p-4',
        Object.keys(errors).length > 0 && 'border-destructive/50',
      )}
      aria-label={label}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="flex items-center gap-2 text-sm font-medium">
          {sequential ? (
            <span
              className="inline-flex size-6 items-center justify-center rounded-full bg-primary-soft text-xs text-primary-soft-foreground"
              title="Signing order"
            >
              {recipient.signatureOrder}
            </span>
          ) : null}
          <span className="truncate">{label}</span>
        </span>
        <span className="flex gap-1">
          {sequential ? (
            <>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                disabled={index === 0}
                onClick={() => onMove(-1)}
                aria-label={`Move ${label} up`}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                disabled={index === count - 1}
                onClick={() => onMove(1)}
                aria-label={`Move ${label} down`}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
            </>
          ) : null}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8 text-destructive"
            onClick={onRemove}
            aria-label={`Remove ${label}`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </span>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={id('name')} label="Name" error={errors.name}>
          <Input
            {...fieldA11y(id('name'), errors.name)}
            value={recipient.name}
            maxLength={maxLength.line}
            autoComplete="off"
            onChange={(event) => onChange({ name: event.target.value })}
          />
        </FormField>
        <FormField id={id('email')} label="E-mail" error={errors.email}>
          <Input
            {...fieldA11y(id('email'), errors.email)}
            type="email"
            value={recipient.email}
            maxLength={maxLength.email}
            autoComplete="off"
            onChange={(event) => onChange({ email: event.target.value })}
          />
        </FormField>
        <FormField id={id('role')} label="Role" error={errors.role}>
          <Select
            {...fieldA11y(id('role'), errors.role)}
            value={recipient.role}
            onChange={(event) => {
              const role = recipientRoles.find((value) => value === event.target.value);
              if (role) onChange({ role });
            }}
          >
            {recipientRoles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={id('auth')} label="Identity check" error={errors.authMethod}>
          <Select
            {...fieldA11y(id('auth'), errors.authMethod)}
            value={recipient.authMethod}
            onChange={(event) => {
              const choice = authMethodChoices.find((c) => c.value === event.target.value && c.available);
              if (choice) onChange({ authMethod: choice.value });
            }}
          >
            {authMethodChoices.map((choice) => (
              <option key={choice.value} value={choice.value} disabled={!choice.available}>
                {choice.label}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {errors.signatureOrder ? (
        <p className="text-xs font-medium text-destructive">{errors.signatureOrder}</p>
      ) : null}
    </li>
  );
}
