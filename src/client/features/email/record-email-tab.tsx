import { ArrowLeft, Eye, Image, Mail, Paperclip, Reply, ReplyAll, SquarePen } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { can, canAny } from '../../../common/permissions';
import { formatDateTime } from '../../components/data-table/format';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { cn } from '../../lib/cn';
import { readApiError } from '../../lib/api';
import { useSignedInUser } from '../auth/signed-in-user';
import {
  type EmailMessage,
  type EmailThreadSummary,
  type SendStatus,
  useEmailThread,
  useEmailThreads,
  useMarkThreadRead,
} from './api';
import { ComposeEmailDialog, type ComposeRecord, type ComposeReply } from './compose-email-dialog';
import { EmailMessageFrame } from './email-message-frame';

/** How an outgoing message stands, in words (null: received mail, nothing to say). */
export function sendStatusBadge(
  status: SendStatus,
  error?: string | null,
): { label: string; variant: BadgeVariant } | null {
  switch (status) {
    case 'queued':
      return { label: 'Queued — sending', variant: 'primary' };
    case 'waiting':
      return { label: 'Waiting for a mail server', variant: 'warning' };
    case 'sent':
      return { label: 'Sent', variant: 'success' };
    case 'failed':
      return { label: `Failed: ${error ?? 'not delivered'}`, variant: 'danger' };
    default:
      return null;
  }
}

const deliveryLabels: Record<string, { label: string; variant: BadgeVariant }> = {
  delivered: { label: 'Delivered', variant: 'success' },
  opened: { label: 'Opened', variant: 'success' },
  clicked: { label: 'Clicked', variant: 'success' },
  replied: { label: 'Replied', variant: 'success' },
  bounced: { label: 'Bounced', variant: 'danger' },
  failed: { label: 'Failed', variant: 'danger' },
};

/**
 * A record's right column as tabs: its activity timeline and its E-mail (issue 15 point 6). The
 * E-mail tab is offered to whoever may read the record (the page itself needs that).
 */
export function RecordActivityTabs({ record, timeline }: { record: ComposeRecord; timeline: ReactNode }) {
  return (
    <Tabs defaultValue="activity" className="flex min-w-0 flex-col gap-3">
      <TabsList className="self-start">
        <TabsTrigger value="activity">Activity</TabsTrigger>
        <TabsTrigger value="email">
          <Mail aria-hidden="true" />
          E-mail
        </TabsTrigger>
      </TabsList>
      <TabsContent value="activity" className="min-w-0">
        {timeline}
      </TabsContent>
      <TabsContent value="email" className="min-w-0">
        <RecordEmail record={record} />
      </TabsContent>
    </Tabs>
  );
}

/** A "Compose" header action for a record page (hidden without activities:create). */
export function ComposeEmailButton({ record }: { record: ComposeRecord }) {
  const me = useSignedInUser();
  const [open, setOpen] = useState(false);
  if (!can(me, 'activities', 'create')) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <SquarePen aria-hidden="true" />
        Compose
      </Button>
      <ComposeEmailDialog open={open} onOpenChange={setOpen} record={record} />
    </>
  );
}

/** The record's threads, one opened at a time; compose and reply from here. */
export function RecordEmail({ record }: { record: ComposeRecord }) {
  const me = useSignedInUser();
  const threads = useEmailThreads(record.entityType, record.entityId);
  const [openId, setOpenId] = useState<string | null>(null);
  const [composing, setComposing] = useState<{ reply: ComposeReply | null } | null>(null);
  const mayCompose = can(me, 'activities', 'create');
  const compose = mayCompose ? (
    <Button size="sm" onClick={() => setComposing({ reply: null })}>
      <SquarePen aria-hidden="true" />
      Compose
    </Button>
  ) : null;

  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>E-mail</CardTitle>
        {openId ? null : compose}
      </CardHeader>
      <CardContent>
        {openId ? (
          <ThreadView
            id={openId}
            onBack={() => setOpenId(null)}
            onReply={mayCompose ? (reply) => setComposing({ reply }) : undefined}
          />
        ) : threads.isPending ? (
          <div className="flex flex-col gap-3" aria-label="Loading e-mail">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-14 w-full" />
            ))}
          </div>
        ) : threads.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The e-mail could not be loaded: {readApiError(threads.error).message}
          </p>
        ) : threads.data.items.length === 0 ? (
          <EmptyState
            icon={Mail}
            title="No e-mail yet"
            description={`Mail to and from ${record.name} shows here, from your mailboxes and what you send from the CRM.`}
            action={compose}
          />
        ) : (
          <ul className="-mx-2 flex flex-col" aria-label="E-mail threads">
            {threads.data.items.map((thread) => (
              <ThreadRow key={thread.id} thread={thread} onOpen={() => setOpenId(thread.id)} />
            ))}
          </ul>
        )}
      </CardContent>
      {composing ? (
        <ComposeEmailDialog
          open
          onOpenChange={(open) => (open ? null : setComposing(null))}
          record={record}
          reply={composing.reply}
        />
      ) : null}
    </Card>
  );
}

function ThreadRow({ thread, onOpen }: { thread: EmailThreadSummary; onOpen: () => void }) {
  const last = thread.lastMessage;
  const status = last ? sendStatusBadge(last.sendStatus, last.sendError) : null;
  const from = last ? (last.direction === 'outbound' ? 'You' : (last.fromName ?? last.fromEmail)) : '';
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full min-w-0 items-start gap-3 rounded-lg px-2 py-2.5 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary"
      >
        <span
          className={cn(
            'mt-1.5 size-2 shrink-0 rounded-full',
            thread.isRead ? 'bg-transparent' : 'bg-primary',
          )}
          aria-hidden="true"
        />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex min-w-0 items-baseline justify-between gap-2">
            <span className={cn('truncate text-sm', thread.isRead ? 'font-medium' : 'font-semibold')}>
              {thread.subject || '(no subject)'}
              {thread.isRead ? null : <span className="sr-only"> (unread)</span>}
            </span>
            <span className="shrink-0 text-xs text-muted-foreground">
              {formatDateTime(thread.lastMessageAt)}
            </span>
          </span>
          <span className="truncate text-xs text-muted-foreground">
            {from}
            {thread.messageCount > 1 ? ` · ${thread.messageCount} messages` : ''} ·{' '}
            {thread.participantEmails.join(', ')}
          </span>
          {last?.snippet ? (
            <span className="line-clamp-1 text-sm text-muted-foreground">{last.snippet}</span>
          ) : null}
          {status ? (
            <span>
              <Badge variant={status.variant}>{status.label}</Badge>
            </span>
          ) : null}
        </span>
      </button>
    </li>
  );
}

function ThreadView({
  id,
  onBack,
  onReply,
}: {
  id: string;
  onBack: () => void;
  onReply?: (reply: ComposeReply) => void;
}) {
  const [showImages, setShowImages] = useState(false);
  const thread = useEmailThread(id, showImages);
  // `mutate` is stable across renders.
  const { mutate: markRead } = useMarkThreadRead();
  const unread = thread.data && !thread.data.isRead;
  // Opening a thread reads it.
  useEffect(() => {
    if (unread) markRead({ id, isRead: true });
  }, [unread, id, markRead]);

  if (thread.isPending) return <Skeleton className="h-40 w-full" />;
  if (thread.isError) {
    return (
      <div className="flex flex-col gap-3">
        <BackButton onBack={onBack} />
        <p role="alert" className="text-sm text-destructive">
          {readApiError(thread.error).message}
        </p>
      </div>
    );
  }
  const data = thread.data;
  const last = data.messages.at(-1);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackButton onBack={onBack} />
        {last && onReply ? (
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => onReply({ message: last, all: false })}>
              <Reply aria-hidden="true" />
              Reply
            </Button>
            <Button size="sm" variant="secondary" onClick={() => onReply({ message: last, all: true })}>
              <ReplyAll aria-hidden="true" />
              Reply all
            </Button>
          </div>
        ) : null}
      </div>
      <h3 className="text-base font-semibold break-words">{data.subject || '(no subject)'}</h3>
      {data.hasRemoteImages && !showImages ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <span className="flex items-center gap-2">
            <Image className="size-4" aria-hidden="true" />
            Remote images are hidden: loading them tells the sender you read the message.
          </span>
          <Button size="sm" variant="secondary" onClick={() => setShowImages(true)}>
            <Eye aria-hidden="true" />
            Show images
          </Button>
        </div>
      ) : null}
      <ol className="flex flex-col gap-4" aria-label="Messages">
        {data.messages.map((message) => (
          <MessageItem key={message.id} message={message} showImages={showImages} />
        ))}
      </ol>
    </div>
  );
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button size="sm" variant="ghost" onClick={onBack}>
      <ArrowLeft aria-hidden="true" />
      All threads
    </Button>
  );
}

function MessageItem({ message, showImages }: { message: EmailMessage; showImages: boolean }) {
  const me = useSignedInUser();
  const status = sendStatusBadge(message.sendStatus, message.sendError);
  const delivery = message.tracking ? deliveryLabels[message.tracking.deliveryStatus] : undefined;
  const when = message.receivedAt ?? message.sentAt ?? message.createdAt;
  const mayDownload = canAny(me, [['activities', 'read']]);
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 text-sm">
        <div className="min-w-0">
          <p className="truncate font-medium">
            {message.fromName ? `${message.fromName} <${message.fromEmail}>` : message.fromEmail}
          </p>
          <p className="truncate text-xs text-muted-foreground">
            To {message.toEmails.join(', ')}
            {message.ccEmails.length > 0 ? ` · Cc ${message.ccEmails.join(', ')}` : ''}
            {message.bccEmails.length > 0 ? ` · Bcc ${message.bccEmails.join(', ')}` : ''}
          </p>
        </div>
        <span className="shrink-0 text-xs text-muted-foreground">{formatDateTime(when)}</span>
      </div>
      {status || delivery ? (
        <div className="flex flex-wrap gap-1.5">
          {status ? <Badge variant={status.variant}>{status.label}</Badge> : null}
          {delivery ? <Badge variant={delivery.variant}>{delivery.label}</Badge> : null}
          {message.tracking && message.tracking.openCount > 0 ? (
            <Badge variant="neutral">Opened {message.tracking.openCount}×</Badge>
          ) : null}
          {message.tracking && message.tracking.clickCount > 0 ? (
            <Badge variant="neutral">Clicked {message.tracking.clickCount}×</Badge>
          ) : null}
        </div>
      ) : null}
      <EmailMessageFrame
        messageId={message.id}
        showImages={showImages}
        bodyHtml={message.bodyHtml}
        bodyText={message.bodyText}
        title={`Message from ${message.fromName ?? message.fromEmail}`}
      />
      {message.attachments.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Attachments">
          {message.attachments.map((file) => (
            <li key={file.fileId}>
              {mayDownload ? (
                <a
                  href={file.url}
                  className="inline-flex items-center gap-1 rounded-md bg-muted px-2 py-1 text-xs hover:underline"
                >
                  <Paperclip className="size-3" aria-hidden="true" />
                  {file.name}
                </a>
              ) : (
                <span className="inline-flex items-center gap-1 rounded-md bg-muted px-2 py-1 text-xs">
                  <Paperclip className="size-3" aria-hidden="true" />
                  {file.name}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
