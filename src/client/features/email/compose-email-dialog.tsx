import { useQuery } from '@tanstack/react-query';
import { Paperclip, Send, X } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { uploadedFileId } from '../../../common/validation/activities';
import {
  invalidAddressMessage,
  maxAttachmentsBytes,
  attachmentsTooLargeMessage,
  recipientRequiredMessage,
  subjectRequiredMessage,
  emailContentRequiredMessage,
} from '../../../common/validation/email';
import { RichTextEditor } from '../../components/rich-text/rich-text-editor';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useUnsavedChanges,
} from '../../components/ui/dialog';
import { FormError, FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { readApiError, uploadRequest } from '../../lib/api';
import { toast } from '../../lib/toast';
import { AddressInput, isValidAddress } from './address-input';
import {
  type EmailMessage,
  type EmailRecordType,
  renderTemplate,
  useEmailAccounts,
  useEmailSignatures,
  useEmailTemplates,
  useOrganizationSender,
  useSendEmail,
} from './api';
import { EmailMessageFrame } from './email-message-frame';

/** The record the message is about: it lands on its timeline and E-mail tab. */
export interface ComposeRecord {
  entityType: EmailRecordType;
  entityId: string;
  name: string;
  /** The record's own address, the first recipient of a new message. */
  email?: string | null;
}

export interface ComposeReply {
  message: EmailMessage;
  all: boolean;
}

interface Attachment {
  fileId: string;
  name: string;
  size: number;
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function replySubject(subject: string | null) {
  const text = subject?.trim() ?? '';
  return /^re:/i.test(text) ? text : `Re: ${text}`.trim();
}

/** The original under the reply, quoted as text (its HTML is never put into our editor). */
function quoted(message: EmailMessage) {
  const who = message.fromName ? `${message.fromName} <${message.fromEmail}>` : message.fromEmail;
  const when = new Date(message.receivedAt ?? message.sentAt ?? message.createdAt).toLocaleString();
  const lines = (message.bodyText ?? '').split('\n').slice(0, 200);
  return `<p></p><p>On ${escapeHtml(when)}, ${escapeHtml(who)} wrote:</p><blockquote>${lines
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}</blockquote>`;
}

/** A record's files (attachments of its timeline entries), to attach without uploading again. */
function useRecordFiles(record: ComposeRecord, enabled: boolean) {
  const path = record.entityType === 'lead' ? '/api/lead-activities' : '/api/activities';
  const key =
    record.entityType === 'company' ? null : { [`${record.entityType}Id`]: record.entityId, limit: 200 };
  return useQuery<{
    items: Array<{ attachments: Array<{ name: string; url: string; size?: number }> | null }>;
  }>({
    queryKey: [path, key],
    enabled: enabled && key !== null,
    select: (data) => data,
  });
}

/**
 * Compose or reply from a record (issue 15 point 7): From (the user's mailboxes or the
 * organization's sender), To/Cc/Bcc with suggestions, subject, rich body, a template filled from
 * the record, the default signature (changeable), attachments (uploaded, or the record's files).
 * Send queues the message (the outbox delivers it) and the thread shows it as queued at once.
 */
export function ComposeEmailDialog({
  open,
  onOpenChange,
  record,
  reply,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record: ComposeRecord;
  reply?: ComposeReply | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg" aria-describedby={undefined}>
        {open ? (
          <ComposeForm record={record} reply={reply ?? null} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function initialRecipients(record: ComposeRecord, reply: ComposeReply | null) {
  if (!reply) return { to: record.email ? [record.email.toLowerCase()] : [], cc: [] as string[] };
  const m = reply.message;
  const own = m.direction === 'outbound' ? m.fromEmail : null;
  const to = m.direction === 'inbound' ? [m.fromEmail] : m.toEmails;
  if (!reply.all) return { to, cc: [] };
  const others = [...m.toEmails, ...m.ccEmails].filter((a) => a !== own && !to.includes(a));
  // Our own address among the recipients of an inbound message is the mailbox it came to.
  const cc = m.direction === 'inbound' ? others.filter((a) => !m.toEmails.slice(0, 1).includes(a)) : others;
  return { to, cc };
}

function ComposeForm({
  record,
  reply,
  onDone,
}: {
  record: ComposeRecord;
  reply: ComposeReply | null;
  onDone: () => void;
}) {
  const id = useId();
  const initial = useMemo(() => initialRecipients(record, reply), [record, reply]);
  // null until chosen: a reply goes out from the mailbox its message came through, when it is ours.
  const [chosenAccountId, setAccountId] = useState<string | null>(null);
  const [to, setTo] = useState<string[]>(initial.to);
  const [cc, setCc] = useState<string[]>(initial.cc);
  const [bcc, setBcc] = useState<string[]>([]);
  const [showCopies, setShowCopies] = useState(initial.cc.length > 0);
  const [subject, setSubject] = useState(reply ? replySubject(reply.message.subject) : '');
  const initialBody = useMemo(() => (reply ? quoted(reply.message) : ''), [reply]);
  const [body, setBody] = useState(initialBody);
  const [templateId, setTemplateId] = useState('');
  const [signatureId, setSignatureId] = useState<string | null>(null);
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [uploading, setUploading] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const accounts = useEmailAccounts(true);
  const templates = useEmailTemplates(true);
  const signatures = useEmailSignatures(true);
  const organization = useOrganizationSender(true);
  const recordFiles = useRecordFiles(record, true);
  const send = useSendEmail();

  const replyAccount = reply?.message.accountId ?? null;
  const accountId =
    chosenAccountId ??
    (replyAccount && accounts.data?.items.some((account) => account.id === replyAccount) ? replyAccount : '');
  /** A field's error goes as soon as the field changes. */
  const edited = (key: string) =>
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });

  const activeTemplates = (templates.data?.items ?? []).filter((t) => t.isActive);
  const activeSignatures = (signatures.data?.items ?? []).filter((s) => s.isActive);
  // Until the user picks one, the default signature (null: "the default"; '': none).
  const defaultSignatureId = activeSignatures.find((s) => s.isDefault)?.id ?? '';
  const chosenSignatureId = signatureId ?? defaultSignatureId;
  const signature = activeSignatures.find((s) => s.id === chosenSignatureId) ?? null;

  const dirty =
    to.join() !== initial.to.join() ||
    cc.length !== initial.cc.length ||
    bcc.length > 0 ||
    body !== initialBody ||
    attachments.length > 0 ||
    (!reply && subject.trim() !== '');
  useUnsavedChanges(dirty);

  const knownFiles = useMemo(() => {
    const seen = new Map<string, Attachment>();
    for (const activity of recordFiles.data?.items ?? []) {
      for (const file of activity.attachments ?? []) {
        const fileId = uploadedFileId(file.url);
        if (fileId && !seen.has(fileId)) seen.set(fileId, { fileId, name: file.name, size: file.size ?? 0 });
      }
    }
    return [...seen.values()].filter((file) => !attachments.some((a) => a.fileId === file.fileId));
  }, [recordFiles.data, attachments]);

  const totalBytes = attachments.reduce((sum, a) => sum + a.size, 0);

  const applyTemplate = async (value: string) => {
    setTemplateId(value);
    if (!value) return;
    try {
      const rendered = await renderTemplate(value, record.entityType, record.entityId);
      setSubject(rendered.subject);
      setBody(rendered.bodyHtml);
    } catch (error) {
      toast.error('The template could not be filled in', { description: readApiError(error).message });
    }
  };

  const upload = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      setUploading(file.name);
      try {
        const query = new URLSearchParams({ name: file.name, type: file.type });
        const uploaded = await uploadRequest<{ name: string; size: number; url: string }>(
          `/api/files?${query}`,
          file,
        );
        const fileId = uploadedFileId(uploaded.url);
        if (fileId) setAttachments((list) => [...list, { fileId, name: uploaded.name, size: uploaded.size }]);
      } catch (error) {
        toast.error(`${file.name} was not attached`, { description: readApiError(error).message });
      } finally {
        setUploading(null);
      }
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  const validate = () => {
    const found: Record<string, string> = {};
    if (to.length === 0) found.to = recipientRequiredMessage;
    for (const [key, list] of [
      ['to', to],
      ['cc', cc],
      ['bcc', bcc],
    ] as const) {
      if (list.some((a) => !isValidAddress(a))) found[key] = invalidAddressMessage;
    }
    if (!reply && !subject.trim()) found.subject = subjectRequiredMessage;
    if (!body.replace(/<[^>]*>|&nbsp;|\s/g, '')) found.bodyHtml = emailContentRequiredMessage;
    if (totalBytes > maxAttachmentsBytes) found.attachments = attachmentsTooLargeMessage;
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = async () => {
    setFormError(null);
    if (!validate()) return;
    const bodyHtml = signature?.bodyHtml
      ? `${body}<p></p><div class="signature">${signature.bodyHtml}</div>`
      : body;
    try {
      await send.mutateAsync({
        accountId: accountId || null,
        to,
        cc,
        bcc,
        subject: subject.trim() || undefined,
        bodyHtml,
        templateId: templateId || null,
        signatureId: signature?.id ?? null,
        attachmentFileIds: attachments.map((a) => a.fileId),
        replyToEmailId: reply?.message.id ?? null,
        entityType: record.entityType,
        entityId: record.entityId,
      });
      toast.success('Queued — sending', { description: `To ${to.join(', ')}` });
      onDone();
    } catch (error) {
      const { message, fieldErrors } = readApiError(error);
      const byField: Record<string, string> = {};
      for (const [path, text] of Object.entries(fieldErrors)) byField[path.split('.')[0]] ??= text;
      if (byField.attachmentFileIds) byField.attachments = byField.attachmentFileIds;
      setErrors(byField);
      setFormError(Object.keys(byField).length > 0 ? null : message);
    }
  };

  const organizationLabel = `Organization (${organization.data?.emailFromAddress || 'platform sender'})`;
  const error = (key: string) => errors[key];

  return (
    <form
      className="flex min-h-0 flex-1 flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>{reply ? (reply.all ? 'Reply all' : 'Reply') : 'New e-mail'}</DialogTitle>
        <DialogDescription>
          About {record.name}: it goes on the record's timeline and E-mail tab.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <FormError message={formError} />
        <FormField id={`${id}-from`} label="From">
          <Select id={`${id}-from`} value={accountId} onChange={(event) => setAccountId(event.target.value)}>
            <option value="">{organizationLabel}</option>
            {(accounts.data?.items ?? []).map((account) => (
              <option key={account.id} value={account.id}>
                {account.displayName ? `${account.displayName} <${account.email}>` : account.email}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          id={`${id}-to`}
          label="To"
          error={error('to')}
          labelAside={
            showCopies ? null : (
              <button
                type="button"
                className="font-medium text-primary hover:underline"
                onClick={() => setShowCopies(true)}
              >
                Cc / Bcc
              </button>
            )
          }
        >
          <AddressInput
            id={`${id}-to`}
            label="To"
            value={to}
            onChange={(next) => {
              edited('to');
              setTo(next);
            }}
            invalid={Boolean(error('to'))}
            describedBy={error('to') ? `${id}-to-error` : undefined}
          />
        </FormField>
        {showCopies ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-cc`} label="Cc" error={error('cc')}>
              <AddressInput
                id={`${id}-cc`}
                label="Cc"
                value={cc}
                onChange={setCc}
                invalid={Boolean(error('cc'))}
              />
            </FormField>
            <FormField id={`${id}-bcc`} label="Bcc" error={error('bcc')}>
              <AddressInput
                id={`${id}-bcc`}
                label="Bcc"
                value={bcc}
                onChange={setBcc}
                invalid={Boolean(error('bcc'))}
              />
            </FormField>
          </div>
        ) : null}
        {activeTemplates.length > 0 ? (
          <FormField
            id={`${id}-template`}
            label="Template"
            labelAside="Fills in the subject and body from this record"
          >
            <Select
              id={`${id}-template`}
              value={templateId}
              onChange={(event) => void applyTemplate(event.target.value)}
            >
              <option value="">No template</option>
              {activeTemplates.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </Select>
          </FormField>
        ) : null}
        <FormField id={`${id}-subject`} label="Subject" error={error('subject')}>
          <Input
            {...fieldA11y(`${id}-subject`, error('subject'))}
            value={subject}
            maxLength={998}
            onChange={(event) => {
              edited('subject');
              setSubject(event.target.value);
            }}
          />
        </FormField>
        <FormField id={`${id}-body`} label="Message" error={error('bodyHtml')}>
          <RichTextEditor
            id={`${id}-body`}
            ariaLabel="Message"
            value={body}
            onChange={(html) => {
              edited('bodyHtml');
              setBody(html);
            }}
            invalid={Boolean(error('bodyHtml'))}
            minHeight={180}
          />
        </FormField>
        {activeSignatures.length > 0 ? (
          <FormField id={`${id}-signature`} label="Signature">
            <Select
              id={`${id}-signature`}
              value={chosenSignatureId}
              onChange={(event) => setSignatureId(event.target.value)}
            >
              <option value="">No signature</option>
              {activeSignatures.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                  {s.isDefault ? ' (default)' : ''}
                </option>
              ))}
            </Select>
            {signature?.bodyHtml ? (
              <EmailMessageFrame bodyHtml={signature.bodyHtml} bodyText={null} title="Signature preview" />
            ) : null}
          </FormField>
        ) : null}
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => fileInput.current?.click()}
              disabled={uploading !== null}
            >
              <Paperclip aria-hidden="true" />
              {uploading ? `Uploading ${uploading}…` : 'Attach files'}
            </Button>
            <input
              ref={fileInput}
              type="file"
              multiple
              className="sr-only"
              tabIndex={-1}
              aria-label="Attach files"
              onChange={(event) => void upload(event.target.files)}
            />
            {knownFiles.length > 0 ? (
              <Select
                aria-label="Attach a file of this record"
                className="w-auto max-w-64"
                value=""
                onChange={(event) => {
                  const file = knownFiles.find((f) => f.fileId === event.target.value);
                  if (file) setAttachments((list) => [...list, file]);
                }}
              >
                <option value="">Attach a file of {record.name}…</option>
                {knownFiles.map((file) => (
                  <option key={file.fileId} value={file.fileId}>
                    {file.name}
                  </option>
                ))}
              </Select>
            ) : null}
            {attachments.length > 0 ? (
              <span className="text-xs text-muted-foreground">{megabytes(totalBytes)} of 25 MB</span>
            ) : null}
          </div>
          {attachments.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label="Attachments">
              {attachments.map((file) => (
                <li
                  key={file.fileId}
                  className="inline-flex items-center gap-1 rounded-md bg-muted py-0.5 pr-0.5 pl-2 text-xs"
                >
                  <span className="max-w-48 truncate">{file.name}</span>
                  <span className="text-muted-foreground">{megabytes(file.size)}</span>
                  <button
                    type="button"
                    className="flex size-5 items-center justify-center rounded hover:bg-slate-200"
                    onClick={() => setAttachments((list) => list.filter((a) => a.fileId !== file.fileId))}
                  >
                    <X className="size-3" aria-hidden="true" />
                    <span className="sr-only">Remove {file.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {error('attachments') ? (
            <p className="text-xs font-medium text-destructive">{error('attachments')}</p>
          ) : null}
        </div>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={() => (dirty ? setDiscarding(true) : onDone())}>
          Discard
        </Button>
        <Button type="submit" disabled={send.isPending || uploading !== null}>
          <Send aria-hidden="true" />
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </DialogFooter>
      <ConfirmDialog
        open={discarding}
        onOpenChange={setDiscarding}
        title="Discard this e-mail?"
        description="What you wrote has not been sent and will be lost."
        confirmLabel="Discard"
        cancelLabel="Keep writing"
        onConfirm={() => {
          setDiscarding(false);
          onDone();
        }}
      />
    </form>
  );
}
