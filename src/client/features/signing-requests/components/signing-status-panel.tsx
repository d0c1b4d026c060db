import {
  BellRing,
  CircleCheck,
  CircleX,
  Download,
  Eye,
  Mail,
  ScrollText,
  Send,
  TabletSmartphone,
  TriangleAlert,
  XCircle,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { formatDateTime } from '../../../components/data-table/format';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import {
  inPersonStorageKey,
  type RecipientView,
  type RequestDetail,
  signedPdfUrl,
  useCancelRequest,
  useRemindRecipients,
  useSignatureRequest,
  useStartInPersonSigning,
} from '../api';
import { roleLabels } from '../recipient-drafts';
import {
  canActNow,
  fraudScoreThreshold,
  isActing,
  isActiveRequest,
  progressLabel,
  recipientStatusLabels,
  recipientStatusTone,
  recipientTimeline,
  requestStatusLabels,
  requestStatusTone,
  type TimelineStep,
} from '../signing-progress';
import { AuditTrailDrawer, ChainBadge } from './audit-trail-drawer';
import { ResendDialog } from './resend-dialog';
import { SealSection } from './seal-section';

interface SigningStatusPanelProps {
  requestId: string;
  /** Whether the signed-in user may remind, resend, cancel and hand over the device. */
  canManage: boolean;
}

/** The document's signature request as the sender follows it: who did what, when, from where. */
export function SigningStatusPanel({ requestId, canManage }: SigningStatusPanelProps) {
  const request = useSignatureRequest(requestId);
  if (request.isPending)
    return <Skeleton className="h-64 w-full rounded-xl" aria-label="Loading the signing status" />;
  if (request.isError) {
    return (
      <Card>
        <CardContent className="pt-6 text-sm text-destructive">
          {readApiError(request.error).message}
        </CardContent>
      </Card>
    );
  }
  return <StatusPanel request={request.data} canManage={canManage} />;
}

function StatusPanel({ request, canManage }: { request: RequestDetail; canManage: boolean }) {
  const [, navigate] = useLocation();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [resendTo, setResendTo] = useState<RecipientView | null>(null);
  const [auditOpen, setAuditOpen] = useState(false);
  const cancel = useCancelRequest(request.id);
  const remind = useRemindRecipients(request.id);
  const inPerson = useStartInPersonSigning(request.id);
  const active = isActiveRequest(request.status) && request.status !== 'draft';
  const sequential = request.signatureType === 'sequential';
  const workflow = request.workflow;

  const remindAll = () =>
    remind.mutate(undefined, {
      onSuccess: ({ reminded }) =>
        reminded > 0
          ? toast.success(`Reminder sent to ${reminded} recipient${reminded === 1 ? '' : 's'}`)
          : toast('Nobody to remind: everyone whose turn it is has signed'),
      onError: (error) => toast.error('No reminder was sent', { description: readApiError(error).message }),
    });

  const signInPerson = (recipient: RecipientView) =>
    inPerson.mutate(recipient.id, {
      onSuccess: ({ token }) => {
        // The signing page reads the token from this tab's storage: it never travels in a URL.
        sessionStorage.setItem(inPersonStorageKey(recipient.id), token);
        navigate(
          `/documents/instances/${request.documentInstanceId}/sign?recipient=${encodeURIComponent(recipient.id)}`,
        );
      },
      onError: (error) =>
        toast.error('In-person signing could not start', { description: readApiError(error).message }),
    });

  return (
    <Card aria-labelledby={`request-${request.id}`} data-testid="signing-status-panel">
      <CardHeader className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <CardTitle id={`request-${request.id}`}>Signature request</CardTitle>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <Badge variant={requestStatusTone(request.status)} data-testid="request-status">
                {requestStatusLabels[request.status] ?? request.status}
              </Badge>
              <span className="font-medium text-foreground" data-testid="request-progress">
                {progressLabel(request.recipients)}
              </span>
              <span>
                {sequential ? 'One after another' : 'All at once'}
                {sequential && workflow && active
                  ? ` · step ${workflow.currentStep} of ${workflow.totalSteps}`
                  : ''}
              </span>
              {request.sentAt ? <span>Sent {formatDateTime(request.sentAt)}</span> : null}
              {request.completedAt ? <span>Completed {formatDateTime(request.completedAt)}</span> : null}
              {request.expiresAt && active ? <span>Expires {formatDateTime(request.expiresAt)}</span> : null}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            {canManage && active ? (
              <Button variant="secondary" size="sm" onClick={remindAll} disabled={remind.isPending}>
                {remind.isPending ? <Spinner /> : <BellRing aria-hidden="true" />}
                Remind
              </Button>
            ) : null}
            {request.status === 'completed' && request.seal?.status !== 'sealed' ? (
              <a href={signedPdfUrl(request.id)} download className={buttonClassName({ size: 'sm' })}>
                <Download aria-hidden="true" />
                Download signed copy
              </a>
            ) : null}
            <Button variant="secondary" size="sm" onClick={() => setAuditOpen(true)}>
              <ScrollText aria-hidden="true" />
              Audit trail
            </Button>
            {canManage && active ? (
              <Button
                variant="secondary"
                size="sm"
                className="text-destructive"
                onClick={() => setConfirmCancel(true)}
              >
                <XCircle aria-hidden="true" />
                Cancel request
              </Button>
            ) : null}
          </div>
        </div>
        {request.chain ? (
          <div>
            <ChainBadge verification={request.chain} />
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ol className="flex flex-col divide-y divide-border" aria-label="Recipients">
          {request.recipients
            .toSorted((a, b) => (a.signatureOrder ?? 0) - (b.signatureOrder ?? 0))
            .map((recipient) => (
              <RecipientStatus
                key={recipient.id}
                recipient={recipient}
                sequential={sequential}
                actions={
                  canManage && active && recipient.status !== 'signed' && recipient.status !== 'declined' ? (
                    <>
                      <Button variant="ghost" size="sm" onClick={() => setResendTo(recipient)}>
                        <Send aria-hidden="true" />
                        Resend
                      </Button>
                      {canActNow(recipient, request.status) && request.documentInstanceId ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => signInPerson(recipient)}
                          disabled={inPerson.isPending}
                        >
                          {inPerson.isPending && inPerson.variables === recipient.id ? (
                            <Spinner />
                          ) : (
                            <TabletSmartphone aria-hidden="true" />
                          )}
                          Sign in person
                        </Button>
                      ) : null}
                    </>
                  ) : null
                }
              />
            ))}
        </ol>
        {request.seal ? (
          <SealSection requestId={request.id} seal={request.seal} canManage={canManage} />
        ) : null}
      </CardContent>

      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel this signature request?"
        description="Every signing link stops working at once and the recipients who were invited are told by e-mail. Signatures already given stay recorded. This cannot be undone."
        confirmLabel="Cancel request"
        cancelLabel="Keep it"
        pendingLabel="Cancelling…"
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setConfirmCancel(false);
              toast.success('Signature request cancelled');
            },
            onError: (error) =>
              toast.error('The request was not cancelled', { description: readApiError(error).message }),
          })
        }
      />
      <ResendDialog
        requestId={request.id}
        recipient={resendTo}
        onOpenChange={(open) => {
          if (!open) setResendTo(null);
        }}
      />
      <AuditTrailDrawer
        requestId={request.id}
        recipients={request.recipients}
        open={auditOpen}
        onOpenChange={setAuditOpen}
      />
    </Card>
  );
}

const stepIcons: Record<TimelineStep['kind'], typeof Mail> = {
  invited: Mail,
  viewed: Eye,
  signed: CircleCheck,
  declined: CircleX,
};

function RecipientStatus({
  recipient,
  sequential,
  actions,
}: {
  recipient: RecipientView;
  sequential: boolean;
  actions: ReactNode;
}) {
  const steps = recipientTimeline(recipient);
  const reminders = recipient.remindersSent ?? 0;
  const role = roleLabels[recipient.role as keyof typeof roleLabels] ?? recipient.role;
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0" aria-label={recipient.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            {sequential && isActing(recipient) && recipient.signatureOrder ? (
              <span className="inline-flex size-5 items-center justify-center rounded-full bg-muted text-xs">
                {recipient.signatureOrder}
              </span>
            ) : null}
            <span className="truncate">{recipient.name}</span>
            <Badge
              variant={recipientStatusTone(recipient.status, recipient.role)}
              data-testid="recipient-status"
            >
              {recipient.status === 'signed' && recipient.role === 'approver'
                ? 'Approved'
                : (recipientStatusLabels[recipient.status] ?? recipient.status)}
            </Badge>
            {recipient.fraudScore !== null && recipient.fraudScore > fraudScoreThreshold ? (
              <Badge
                variant="warning"
                title="From simple signals: time to sign, a change of country between viewing and signing, failed codes"
              >
                <TriangleAlert className="size-3.5" aria-hidden="true" />
                Fraud score {recipient.fraudScore}
              </Badge>
            ) : null}
          </p>
          <p className="text-xs break-all text-muted-foreground">
            {recipient.email} · {role}
          </p>
          {reminders > 0 ? (
            <p className="text-xs text-muted-foreground">
              {reminders} reminder{reminders === 1 ? '' : 's'} sent
              {recipient.lastReminderAt ? `, last ${formatDateTime(recipient.lastReminderAt)}` : ''}
            </p>
          ) : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-1">{actions}</div> : null}
      </div>
      {steps.length > 0 ? (
        <ol
          className="flex flex-col gap-1 border-l border-border pl-3"
          aria-label={`Timeline of ${recipient.name}`}
        >
          {steps.map((step) => {
            const Icon = stepIcons[step.kind];
            return (
              <li key={step.kind} className="flex flex-wrap items-center gap-x-2 text-xs">
                <Icon
                  className={
                    step.kind === 'signed'
                      ? 'size-3.5 text-emerald-600'
                      : step.kind === 'declined'
                        ? 'size-3.5 text-destructive'
                        : 'size-3.5 text-muted-foreground'
                  }
                  aria-hidden="true"
                />
                <span className="font-medium">{step.label}</span>
                <time className="text-muted-foreground" dateTime={step.at}>
                  {formatDateTime(step.at)}
                </time>
                {step.detail ? <span className="text-muted-foreground">· {step.detail}</span> : null}
              </li>
            );
          })}
        </ol>
      ) : null}
    </li>
  );
}
