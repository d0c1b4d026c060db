import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { formatDateTime } from '../../../components/data-table/format';
import { Badge } from '../../../components/ui/badge';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../../components/ui/sheet';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { type AuditChainVerification, type RecipientView, useAuditTrail } from '../api';
import { auditEventLabels, chainLabel, describeDevice } from '../signing-progress';

interface AuditTrailDrawerProps {
  requestId: string;
  recipients: RecipientView[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Every recorded step of the request, oldest first, with whether the hash chain still holds. */
export function AuditTrailDrawer({ requestId, recipients, open, onOpenChange }: AuditTrailDrawerProps) {
  const trail = useAuditTrail(requestId, open);
  const nameOf = (recipientId: string | null) =>
    recipients.find((recipient) => recipient.id === recipientId)?.name ?? null;
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="w-[min(30rem,100vw)]">
        <div className="border-b border-border px-5 pt-5 pb-4 pr-12">
          <SheetTitle className="text-lg font-semibold tracking-tight">Audit trail</SheetTitle>
          <SheetDescription className="text-sm text-muted-foreground">
            Each event is chained to the one before by its SHA-256, so an edited or deleted event shows.
          </SheetDescription>
          <div className="mt-3">
            {trail.data ? <ChainBadge verification={trail.data.verification} /> : null}
          </div>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
          {trail.isPending ? (
            <div
              role="status"
              className="flex flex-col gap-3"
              aria-busy="true"
              aria-label="Loading the audit trail"
            >
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : trail.isError ? (
            <p className="text-sm text-destructive">{readApiError(trail.error).message}</p>
          ) : trail.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
          ) : (
            <ol className="flex flex-col gap-3" aria-label="Audit events">
              {trail.data.items.map((event) => {
                const broken = trail.data.verification.brokenAt?.eventId === event.id;
                const who = nameOf(event.recipientId);
                return (
                  <li
                    key={event.id}
                    className={
                      broken
                        ? 'rounded-lg border border-destructive bg-red-50 p-3 text-sm'
                        : 'rounded-lg border border-border p-3 text-sm'
                    }
                  >
                    <div className="flex items-baseline justify-between gap-2">
                      <span className="font-medium">
                        {event.sequence}. {auditEventLabels[event.eventType] ?? event.eventType}
                        {who ? ` · ${who}` : ''}
                      </span>
                      <time className="shrink-0 text-xs text-muted-foreground" dateTime={event.timestamp}>
                        {formatDateTime(event.timestamp)}
                      </time>
                    </div>
                    {event.ipAddress || event.userAgent ? (
                      <p className="mt-1 text-xs text-muted-foreground">
                        {[event.ipAddress, event.userAgent ? describeDevice(event.userAgent) : null]
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                    ) : null}
                    {broken ? (
                      <p className="mt-1 text-xs font-medium text-destructive">
                        {trail.data.verification.brokenAt?.reason}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

export function ChainBadge({ verification }: { verification: AuditChainVerification }) {
  return verification.valid ? (
    <Badge variant="success" data-testid="chain-badge">
      <ShieldCheck className="size-3.5" aria-hidden="true" />
      {chainLabel(verification)}
    </Badge>
  ) : (
    <Badge variant="danger" data-testid="chain-badge">
      <ShieldAlert className="size-3.5" aria-hidden="true" />
      {chainLabel(verification)}
    </Badge>
  );
}
