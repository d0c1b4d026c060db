import { Copy, Download, ExternalLink, FileArchive, RotateCcw, ShieldAlert, ShieldCheck } from 'lucide-react';
import { formatDateTime } from '../../../components/data-table/format';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { evidenceZipUrl, type SealView, signedPdfUrl, useRetrySeal, verifyPageUrl } from '../api';

const levelLabels: Record<string, string> = {
  'B-T': 'PAdES B-T · signed and timestamped',
  'B-B': 'PAdES B-B · signed, no timestamp',
};

/**
 * The seal of a completed request (issue 18): being made (the detail is polled meanwhile), made —
 * with what a court or the public /verify page checks it by — or failed, with a retry.
 */
export function SealSection({
  requestId,
  seal,
  canManage,
}: {
  requestId: string;
  seal: SealView;
  canManage: boolean;
}) {
  return (
    <section
      aria-labelledby={`seal-${requestId}`}
      className="flex flex-col gap-3 border-t border-border pt-4"
      data-testid="seal-section"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={`seal-${requestId}`} className="text-sm font-semibold">
            Seal
          </h3>
          <SealStatus seal={seal} />
        </div>
        {seal.status === 'sealed' ? (
          <div className="flex flex-wrap gap-2">
            <a href={signedPdfUrl(requestId)} download className={buttonClassName({ size: 'sm' })}>
              <Download aria-hidden="true" />
              Download sealed PDF
            </a>
            <a
              href={evidenceZipUrl(requestId)}
              download
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            >
              <FileArchive aria-hidden="true" />
              Download evidence (ZIP)
            </a>
            {seal.verificationId ? (
              <a
                href={verifyPageUrl(seal.verificationId)}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              >
                <ExternalLink aria-hidden="true" />
                Verify
              </a>
            ) : null}
          </div>
        ) : seal.status === 'failed' && canManage ? (
          <RetryButton requestId={requestId} />
        ) : null}
      </div>
      {seal.status === 'sealed' ? <SealFacts seal={seal} /> : null}
    </section>
  );
}

function SealStatus({ seal }: { seal: SealView }) {
  if (seal.status === 'pending') {
    return (
      <div className="flex flex-col gap-1" role="status">
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="neutral" data-testid="seal-status">
            <Spinner size="sm" />
            Sealing…
          </Badge>
          <span>Signing the final PDF with the organization's certificate.</span>
        </p>
        {seal.error ? <p className="text-xs break-words text-amber-800">Retrying: {seal.error}</p> : null}
      </div>
    );
  }
  if (seal.status === 'failed') {
    return (
      <div className="flex flex-col gap-1" role="alert">
        <p>
          <Badge variant="danger" data-testid="seal-status">
            <ShieldAlert className="size-3.5" aria-hidden="true" />
            Sealing failed
          </Badge>
        </p>
        <p className="text-sm break-words text-destructive">
          {seal.error ?? 'The final PDF could not be sealed.'}
        </p>
      </div>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
      <Badge variant="success" data-testid="seal-status">
        <ShieldCheck className="size-3.5" aria-hidden="true" />
        Sealed
      </Badge>
      {seal.level ? <span className="font-medium text-foreground">{levelLabels[seal.level]}</span> : null}
      {seal.sealedAt ? <span>Sealed {formatDateTime(seal.sealedAt)}</span> : null}
    </p>
  );
}

function SealFacts({ seal }: { seal: SealView }) {
  const certificate = seal.certificate;
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-xs sm:grid-cols-[max-content_minmax(0,1fr)]">
      {seal.timestampError ? (
        <>
          <dt className="font-medium text-muted-foreground">Timestamp</dt>
          <dd className="text-amber-800">Not added: {seal.timestampError}</dd>
        </>
      ) : null}
      {seal.verificationId ? (
        <>
          <dt className="font-medium text-muted-foreground">Verification ID</dt>
          <dd className="font-mono" data-testid="seal-verification-id">
            {seal.verificationId}
          </dd>
        </>
      ) : null}
      {seal.finalDocumentHash ? (
        <>
          <dt className="font-medium text-muted-foreground">Final SHA-256</dt>
          <dd className="flex items-center gap-1">
            <code className="min-w-0 font-mono break-all" data-testid="seal-hash">
              {seal.finalDocumentHash}
            </code>
            <CopyButton value={seal.finalDocumentHash} label="Copy the SHA-256" />
          </dd>
        </>
      ) : null}
      {certificate ? (
        <>
          <dt className="font-medium text-muted-foreground">Sealing certificate</dt>
          <dd className="flex min-w-0 flex-col gap-0.5">
            <span className="break-words">{certificate.subject}</span>
            <span className="text-muted-foreground">
              Serial <span className="font-mono break-all">{certificate.serialNumber}</span>
            </span>
            {certificate.fingerprint ? (
              <span className="text-muted-foreground">
                SHA-256 fingerprint <span className="font-mono break-all">{certificate.fingerprint}</span>
              </span>
            ) : null}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function CopyButton({ value, label }: { value: string; label: string }) {
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => toast.success('Copied'),
      () => toast.error('Could not copy: select the text instead'),
    );
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-my-1.5 shrink-0"
      onClick={copy}
      aria-label={label}
      title={label}
    >
      <Copy aria-hidden="true" />
    </Button>
  );
}

function RetryButton({ requestId }: { requestId: string }) {
  const retry = useRetrySeal(requestId);
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={retry.isPending}
      onClick={() =>
        retry.mutate(undefined, {
          onSuccess: () => toast.success('Sealing again', { description: 'This takes a few seconds.' }),
          onError: (error) =>
            toast.error('Sealing was not retried', { description: readApiError(error).message }),
        })
      }
    >
      {retry.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
      {retry.isPending ? 'Retrying…' : 'Retry sealing'}
    </Button>
  );
}
