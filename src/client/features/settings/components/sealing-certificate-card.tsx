import { Download, FileBadge, KeyRound, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { can } from '../../../../common/permissions';
import { describeCertificateKey } from '../../../../common/validation/certificates';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import {
  authorityChainDownloadUrl,
  certificateDownloadUrl,
  type SealingCertificate,
  useDeactivateSealingCertificate,
  useSealingCertificates,
} from '../sealing-certificate-api';
import { IssueCertificateDialog } from './sealing-certificate-issue-dialog';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const formatDate = (value: string | null) => (value ? dateFormat.format(new Date(value)) : '—');

const statusBadges: Record<SealingCertificate['status'], { label: string; variant: BadgeVariant }> = {
  active: { label: 'Active', variant: 'success' },
  deactivated: { label: 'Deactivated', variant: 'neutral' },
  expired: { label: 'Expired', variant: 'warning' },
};

function StatusBadge({ status }: { status: SealingCertificate['status'] }) {
  const badge = statusBadges[status];
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

/** Settings › Security: the certificate completed documents are sealed with, its CA and history. */
export function SealingCertificateCard() {
  const user = useSignedInUser();
  const canManage = can(user, 'settings', 'manage');
  const certificates = useSealingCertificates();
  const [issuing, setIssuing] = useState(false);
  const items = certificates.data?.items ?? [];
  const active = items.find((item) => item.status === 'active');
  const previous = items.filter((item) => item !== active);

  return (
    <Card aria-labelledby="sealing-certificate-title">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle id="sealing-certificate-title">Document sealing certificate</CardTitle>
          <CardDescription>
            Completed documents are signed with this certificate, so anyone can prove a PDF came from your
            organization unchanged. Give the CA chain to whoever needs to check a seal.
          </CardDescription>
        </div>
        {canManage && certificates.isSuccess ? (
          <Button className="shrink-0 self-start" onClick={() => setIssuing(true)}>
            <Plus aria-hidden="true" />
            Issue new certificate
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {certificates.isPending ? (
          <CertificateSkeleton />
        ) : certificates.isError ? (
          <FormError
            message={`Could not load the sealing certificate: ${readApiError(certificates.error).message}`}
          />
        ) : items.length === 0 ? (
          <EmptyState
            icon={FileBadge}
            title="No certificate yet"
            description="One is issued the first time a document is sealed."
            className="py-8"
          />
        ) : (
          <div className="flex flex-col gap-6">
            {active ? (
              <ActiveCertificate certificate={active} canManage={canManage} />
            ) : (
              <Notice tone="warning" title="No active certificate">
                The next completed document gets a new certificate automatically
                {canManage ? ', or issue one now' : ''}. Earlier seals stay valid.
              </Notice>
            )}
            {previous.length > 0 ? <PreviousCertificates certificates={previous} /> : null}
          </div>
        )}
      </CardContent>
      {canManage ? (
        <IssueCertificateDialog open={issuing} onOpenChange={setIssuing} hasActive={Boolean(active)} />
      ) : null}
    </Card>
  );
}

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', wide && 'sm:col-span-2')}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function ActiveCertificate({
  certificate,
  canManage,
}: {
  certificate: SealingCertificate;
  canManage: boolean;
}) {
  const deactivate = useDeactivateSealingCertificate();
  const [confirming, setConfirming] = useState(false);
  const onDeactivate = async () => {
    try {
      await deactivate.mutateAsync(certificate.id);
      toast.success('Certificate deactivated', {
        description: 'The next completed document is sealed with a new certificate.',
      });
      setConfirming(false);
    } catch (error) {
      toast.error('Could not deactivate the certificate', { description: readApiError(error).message });
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <KeyRound className="size-5" aria-hidden="true" />
        </div>
        <div className="min-w-0">
          <p className="text-sm font-semibold">Seals your completed documents</p>
          <p className="text-xs text-muted-foreground">
            {describeCertificateKey(certificate)} · valid until {formatDate(certificate.validTo)}
          </p>
        </div>
        <div className="ml-auto">
          <StatusBadge status={certificate.status} />
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Detail label="Subject">{certificate.subject ?? '—'}</Detail>
        <Detail label="Issuer">{certificate.issuer ?? '—'}</Detail>
        <Detail label="Serial number">
          <span className="font-mono text-xs break-all">{certificate.serialNumber}</span>
        </Detail>
        <Detail label="Valid">
          {formatDate(certificate.validFrom)} – {formatDate(certificate.validTo)}
        </Detail>
        <Detail label="Algorithm">{describeCertificateKey(certificate)}</Detail>
        <Detail label="Fingerprint (SHA-256)" wide>
          <span className="font-mono text-xs leading-5 break-all">{certificate.fingerprint}</span>
        </Detail>
      </dl>
      <div className="flex flex-col gap-2 border-t border-border pt-4 sm:flex-row sm:flex-wrap sm:items-center">
        <a
          href={certificateDownloadUrl(certificate.id)}
          download
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
        >
          <Download aria-hidden="true" />
          Download certificate
        </a>
        <a
          href={authorityChainDownloadUrl}
          download
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
        >
          <Download aria-hidden="true" />
          Download CA chain
        </a>
        {canManage ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800 sm:ml-auto"
            onClick={() => setConfirming(true)}
          >
            Deactivate
          </Button>
        ) : null}
      </div>
      {canManage ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Deactivate this certificate?"
          description="It stops sealing documents at once and cannot be made active again. Documents it sealed stay valid; the next completed document is sealed with a new certificate."
          confirmLabel="Deactivate"
          pendingLabel="Deactivating…"
          pending={deactivate.isPending}
          onConfirm={() => void onDeactivate()}
        />
      ) : null}
    </div>
  );
}

function PreviousCertificates({ certificates }: { certificates: SealingCertificate[] }) {
  return (
    <section aria-labelledby="previous-certificates-title" className="flex flex-col gap-3">
      <div>
        <h3 id="previous-certificates-title" className="text-sm font-semibold">
          Previous certificates
        </h3>
        <p className="text-xs text-muted-foreground">
          They no longer seal; the documents they sealed stay valid.
        </p>
      </div>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {certificates.map((certificate) => (
          <li
            key={certificate.id}
            className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
          >
            <div className="flex min-w-0 flex-col gap-0.5">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-xs break-all">{certificate.serialNumber}</span>
                <StatusBadge status={certificate.status} />
              </div>
              <p className="text-xs text-muted-foreground">
                {describeCertificateKey(certificate)} · {formatDate(certificate.validFrom)} –{' '}
                {formatDate(certificate.validTo)}
                {certificate.deactivatedAt ? ` · deactivated ${formatDate(certificate.deactivatedAt)}` : ''}
              </p>
            </div>
            <a
              href={certificateDownloadUrl(certificate.id)}
              download
              className={buttonClassName({
                variant: 'ghost',
                size: 'sm',
                className: 'shrink-0 self-start sm:self-auto',
              })}
              aria-label={`Download certificate ${certificate.serialNumber}`}
            >
              <Download aria-hidden="true" />
              Download
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CertificateSkeleton() {
  return (
    <div
      role="status"
      className="flex flex-col gap-4"
      aria-busy="true"
      aria-label="Loading the sealing certificate"
    >
      <Skeleton className="h-10 w-2/3" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  );
}
