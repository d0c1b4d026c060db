import { CircleAlert, CircleCheck, FileX2, Link2, Link2Off } from 'lucide-react';
import type { VerificationResult } from '../../../common/signing/verification-result';
import { cn } from '../../lib/cn';

const eventLabels: Record<string, string> = {
  document_sent: 'Sent for signature',
  document_viewed: 'Opened the document',
  field_clicked: 'Filled a field',
  signature_started: 'Started signing',
  signature_completed: 'Signed',
  document_declined: 'Declined',
  reminder_sent: 'Reminder sent',
};

const roleLabels: Record<string, string> = {
  signer: 'Signer',
  approver: 'Approver',
  witness: 'Witness',
  cc: 'Receives a copy',
};

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-foreground">{children}</dd>
    </div>
  );
}

/** The green card of a seal found: who sealed what and when, for whom, and whether its trail holds. */
export function SealedCard({ result, via }: { result: VerificationResult; via: 'file' | 'id' }) {
  const { chain } = result;
  const intact = chain.valid && result.sealedFileIntact !== false;
  return (
    <section
      aria-labelledby="seal-title"
      className={cn(
        'overflow-hidden rounded-2xl border bg-surface shadow-sm',
        intact ? 'border-emerald-300' : 'border-red-300',
      )}
    >
      <header
        className={cn('flex items-start gap-3 px-5 py-4 sm:px-6', intact ? 'bg-emerald-50' : 'bg-red-50')}
      >
        {intact ? (
          <CircleCheck className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden="true" />
        ) : (
          <CircleAlert className="mt-0.5 size-6 shrink-0 text-red-700" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <h2
            id="seal-title"
            className={cn('text-lg font-semibold', intact ? 'text-emerald-900' : 'text-red-900')}
          >
            Sealed by Locus
          </h2>
          <p className={cn('text-sm', intact ? 'text-emerald-800' : 'text-red-800')}>
            {via === 'file'
              ? 'This exact file was sealed by Locus and has not been changed since.'
              : 'A document with this verification id was sealed by Locus.'}
          </p>
        </div>
      </header>
      <div className="space-y-6 px-5 py-5 sm:px-6">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Fact label="Organization">{result.organizationName}</Fact>
          <Fact label="Document">{result.documentTitle}</Fact>
          <Fact label="Sealed">{dateTime(result.sealedAt)}</Fact>
          <Fact label="Seal level">
            {result.sealLevel === 'B-T'
              ? 'PAdES B-T (with a trusted timestamp)'
              : `PAdES ${result.sealLevel ?? ''}`}
          </Fact>
          <Fact label="Verification id">
            <span className="font-mono">{result.verificationId}</span>
          </Fact>
          <Fact label="SHA-256 of the sealed file">
            <span className="font-mono text-xs break-all">{result.finalDocumentHash}</span>
          </Fact>
        </dl>

        <div
          className={cn(
            'flex items-start gap-2 rounded-lg px-3 py-2.5 text-sm',
            chain.valid ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900',
          )}
          role={chain.valid ? undefined : 'alert'}
        >
          {chain.valid ? (
            <Link2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <Link2Off className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          <p>
            {chain.valid
              ? `Audit trail verified: all ${chain.events} events re-hashed and linked, as sealed.`
              : `Audit trail broken at event ${chain.brokenAt?.sequence ?? '?'}: ${chain.brokenAt?.reason ?? 'it does not verify'}.`}
          </p>
        </div>
        {result.sealedFileIntact === false ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-900"
          >
            <FileX2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            The copy Locus keeps no longer matches the sealed file.
          </p>
        ) : null}

        <div>
          <h3 className="text-sm font-semibold">Recipients</h3>
          <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
            {result.recipients.map((r) => (
              <li
                key={`${r.name}-${r.maskedEmail}`}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2.5"
              >
                <div className="min-w-0">
                  <p className="text-sm font-medium">{r.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {r.maskedEmail} · {roleLabels[r.role] ?? r.role}
                  </p>
                </div>
                <p className="text-xs text-muted-foreground">
                  {r.signedAt
                    ? `Signed ${dateTime(r.signedAt)}`
                    : r.viewedAt
                      ? `Viewed ${dateTime(r.viewedAt)}`
                      : 'Did not sign'}
                </p>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h3 className="text-sm font-semibold">Events</h3>
          <ol className="mt-3 space-y-0">
            {result.events.map((e, index) => {
              const broken = chain.brokenAt && e.sequence >= chain.brokenAt.sequence;
              return (
                <li key={e.sequence} className="relative flex gap-3 pb-4 last:pb-0">
                  {index < result.events.length - 1 ? (
                    <span className="absolute top-4 left-[5px] h-full w-px bg-border" aria-hidden="true" />
                  ) : null}
                  <span
                    className={cn(
                      'relative mt-1.5 size-[11px] shrink-0 rounded-full ring-2 ring-surface',
                      broken ? 'bg-red-500' : 'bg-emerald-500',
                    )}
                    aria-hidden="true"
                  />
                  <div className="min-w-0 text-sm">
                    <p>
                      <span className="font-medium">{e.recipientName ?? 'Sender'}</span>{' '}
                      <span className="text-muted-foreground">
                        {(eventLabels[e.eventType] ?? e.eventType).toLowerCase()}
                      </span>
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {dateTime(e.timestamp)} · event {e.sequence}
                      {chain.brokenAt?.sequence === e.sequence ? ' · does not verify' : ''}
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </section>
  );
}

/** The red state: nothing Locus sealed has this hash (or this id). */
export function NotFoundCard({ via }: { via: 'file' | 'id' }) {
  return (
    <section
      role="alert"
      className="flex items-start gap-3 rounded-2xl border border-red-300 bg-red-50 px-5 py-4 shadow-sm sm:px-6"
    >
      <CircleAlert className="mt-0.5 size-6 shrink-0 text-red-700" aria-hidden="true" />
      <div>
        <h2 className="text-lg font-semibold text-red-900">
          {via === 'file'
            ? 'No document sealed by Locus matches this file'
            : 'No document sealed by Locus has this id'}
        </h2>
        <p className="mt-1 text-sm text-red-800">
          {via === 'file'
            ? 'It may have been changed after sealing — even one changed byte makes a different file. Ask the sender for the original, or enter the verification id printed on its last page.'
            : 'Check the id on the completion certificate (the last page of the sealed PDF) and try again.'}
        </p>
      </div>
    </section>
  );
}
