import {
  Download,
  Eye,
  FileUp,
  Handshake,
  Lock,
  LockOpen,
  Pencil,
  Send,
  Signature,
  Trash2,
  UserRound,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { can } from '../../../../common/permissions';
import { formatDateTime } from '../../../components/data-table/format';
import { PageContainer } from '../../../components/page-header';
import { RecordLoadError, RecordPageSkeleton } from '../../../components/record-page-states';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { RecordPageHeader } from '../../records/record-detail-page';
import { useSignatureRequests } from '../../signing-requests/api';
import { SendForSignatureDialog } from '../../signing-requests/components/send-for-signature-dialog';
import { SigningStatusPanel } from '../../signing-requests/components/signing-status-panel';
import { currentRequest, isActiveRequest } from '../../signing-requests/signing-progress';
import {
  type DocumentDetail,
  documentPdfUrl,
  useDeleteDocument,
  useDocument,
  useSetDocumentStatus,
} from '../api';
import { DocumentStatusBadge } from '../components/document-status-badge';
import { useElementWidth } from '../use-element-width';
import { isFrozenStatus } from '../document-status';
import { documentsTourTargets } from '../tour-targets';

// pdf.js is large: it loads with the pages, not with the header.
const PdfPages = lazy(() => import('../components/pdf-pages').then((m) => ({ default: m.PdfPages })));
const SignatureFieldPlacer = lazy(() =>
  import('../../signature-fields/components/signature-field-placer').then((m) => ({
    default: m.SignatureFieldPlacer,
  })),
);

/** The widest a page is drawn (US Letter at 96 dpi); narrower screens get the screen's width. */
const maxPageWidth = 816;

/** /documents/instances/:id: the document's pages as its PDF, its status, download, edit, delete. */
export function DocumentViewerPage({ id }: { id: string }) {
  const document = useDocument(id);
  if (document.isPending) return <RecordPageSkeleton />;
  if (document.isError || !document.data) {
    return <RecordLoadError error={document.error} singular="Document" listHref="/documents/management" />;
  }
  return <DocumentViewer document={document.data} />;
}

function DocumentViewer({ document }: { document: DocumentDetail }) {
  const me = useSignedInUser();
  const [, navigate] = useLocation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [placing, setPlacing] = useState(false);
  const remove = useDeleteDocument();
  const setStatus = useSetDocumentStatus(document);
  const [pagesRef, pagesWidth] = useElementWidth<HTMLDivElement>();
  const frozen = isFrozenStatus(document.status);
  const canEdit = can(me, 'documents', 'edit') || can(me, 'documents', 'update');
  const canDelete = can(me, 'documents', 'delete');
  const editHref = document.clientId
    ? `/clients/${document.clientId}/documents/${document.id}/edit`
    : `/documents/instances/${document.id}/edit`;
  // Versioned by updatedAt, so a new save is fetched rather than served from the browser's cache.
  const pdfUrl = `${documentPdfUrl(document.id)}?v=${new Date(document.updatedAt).getTime()}`;
  const pageWidth = Math.min(pagesWidth, maxPageWidth);
  const [sending, setSending] = useState(false);
  const canRead = can(me, 'documents', 'view') || can(me, 'documents', 'read');
  const requests = useSignatureRequests({ documentInstanceId: document.id }, { enabled: canRead });
  const request = currentRequest(requests.data?.items ?? []);
  const inProgress = request !== null && isActiveRequest(request.status);
  // Only an unsent document goes out; a cancelled one is unlocked (back to draft) first.
  const sendable =
    (document.status === 'draft' || document.status === 'locked_for_signing') &&
    !inProgress &&
    requests.isSuccess;
  const unlockable =
    (document.status === 'locked_for_signing' || document.status === 'cancelled') && !inProgress;

  const unlock = () =>
    setStatus.mutate('draft', {
      onSuccess: (updated) => toast.success('Unlocked for editing', { description: updated.name }),
      onError: (error) =>
        toast.error('The status was not changed', { description: readApiError(error).message }),
    });

  return (
    <PageContainer>
      <RecordPageHeader
        listHref="/documents/management"
        listLabel="Documents"
        name={document.name}
        badges={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <DocumentStatusBadge status={document.status} data-tour={documentsTourTargets.status} />
            <span>Version {document.version}</span>
            {document.source === 'upload' ? (
              <span className="inline-flex items-center gap-1">
                <FileUp className="size-3.5" aria-hidden="true" />
                Uploaded PDF
              </span>
            ) : document.templateName ? (
              <span>From {document.templateName}</span>
            ) : null}
            {document.clientId ? (
              <Link
                href={`/clients/${document.clientId}`}
                className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
              >
                <UserRound className="size-3.5" aria-hidden="true" />
                {document.clientName ?? 'Client'}
              </Link>
            ) : null}
            {document.dealId ? (
              <Link
                href={`/deals/${document.dealId}`}
                className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
              >
                <Handshake className="size-3.5" aria-hidden="true" />
                {document.dealName ?? 'Deal'}
              </Link>
            ) : null}
            <span>Updated {formatDateTime(document.updatedAt)}</span>
          </span>
        }
        actions={
          <>
            <a
              href={documentPdfUrl(document.id, true)}
              download
              className={buttonClassName({ variant: 'secondary' })}
            >
              <Download aria-hidden="true" />
              Download PDF
            </a>
            {canEdit && !frozen && document.source !== 'upload' ? (
              <Link href={editHref} className={buttonClassName({ variant: 'secondary' })}>
                <Pencil aria-hidden="true" />
                Edit
              </Link>
            ) : null}
            <Button variant="secondary" aria-pressed={placing} onClick={() => setPlacing((on) => !on)}>
              {placing ? <Eye aria-hidden="true" /> : <Signature aria-hidden="true" />}
              {placing ? 'View pages' : canEdit && !frozen ? 'Place fields' : 'Signature fields'}
            </Button>
            {canEdit && unlockable ? (
              <Button variant="secondary" onClick={unlock} disabled={setStatus.isPending}>
                {setStatus.isPending ? <Spinner /> : <LockOpen aria-hidden="true" />}
                Unlock for editing
              </Button>
            ) : null}
            {canEdit && sendable ? (
              <Button onClick={() => setSending(true)} data-tour={documentsTourTargets.send}>
                <Send aria-hidden="true" />
                Send for signature
              </Button>
            ) : null}
            {canDelete ? (
              <Button variant="secondary" className="text-destructive" onClick={() => setConfirmDelete(true)}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            ) : null}
          </>
        }
      />

      {frozen ? (
        <Notice
          className="mt-6"
          icon={Lock}
          title={document.status === 'locked_for_signing' ? 'Locked for signing' : 'Sent for signature'}
        >
          The text can no longer change, so every signer sees the same document.
          {document.status === 'locked_for_signing' && canEdit
            ? ' Unlock it to edit; the next save raises its version.'
            : ''}
        </Notice>
      ) : null}

      {request && request.status !== 'draft' ? (
        <section aria-label="Signing status" className="mt-6">
          <SigningStatusPanel requestId={request.id} canManage={canEdit} />
        </section>
      ) : null}

      {placing ? (
        <section aria-label="Signature fields" className="mt-6">
          <Suspense fallback={<Skeleton className="h-[40rem] w-full rounded-xl" />}>
            <SignatureFieldPlacer documentId={document.id} readOnly={!canEdit || frozen} />
          </Suspense>
        </section>
      ) : (
        <div className="-mx-4 mt-6 bg-muted/40 py-4 sm:mx-0 sm:rounded-xl sm:p-6">
          <div ref={pagesRef} className="min-w-0">
            {pageWidth > 0 ? (
              <Suspense fallback={<Skeleton className="mx-auto h-[40rem] max-w-[816px] rounded-none" />}>
                <PdfPages url={pdfUrl} width={pageWidth} />
              </Suspense>
            ) : null}
          </div>
        </div>
      )}

      <SendForSignatureDialog
        open={sending}
        onOpenChange={setSending}
        document={{ id: document.id, name: document.name }}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this document?"
        description={`“${document.name}”, its PDF and its signature fields are deleted. This cannot be undone.`}
        confirmLabel="Delete document"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(document.id, {
            onSuccess: () => {
              setConfirmDelete(false);
              toast.success('Document deleted', { description: document.name });
              navigate(document.dealId ? `/deals/${document.dealId}` : '/documents/management');
            },
            onError: (error) =>
              toast.error('The document was not deleted', { description: readApiError(error).message }),
          })
        }
      />
    </PageContainer>
  );
}
