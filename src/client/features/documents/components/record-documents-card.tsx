import { FilePlus2, FileText, FileUp, Link2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { can } from '../../../../common/permissions';
import { formatDate } from '../../../components/data-table/format';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { useSignedInUser } from '../../auth/signed-in-user';
import { type RequestListItem, useSignatureRequest, useSignatureRequests } from '../../signing-requests/api';
import {
  currentRequest,
  progressLabel,
  requestStatusLabels,
  requestStatusTone,
} from '../../signing-requests/signing-progress';
import { Badge } from '../../../components/ui/badge';
import { useDocumentList } from '../api';
import { documentCreateHref } from '../document-links';
import { DocumentStatusBadge } from './document-status-badge';
import { UploadPdfDialog } from './upload-pdf-dialog';

/** The record a documents section belongs to: a client, or a deal with (or without) its client. */
export type DocumentsOwner =
  | { kind: 'client'; id: string; name: string }
  | { kind: 'deal'; id: string; name: string; clientId: string | null; clientName: string | null };

const shown = 8;

/**
 * A client's or deal's documents (newest first, the latest few with "View all" in document
 * management), with "New document" and "Upload PDF" for whoever may create documents.
 */
export function RecordDocumentsCard({ owner }: { owner: DocumentsOwner }) {
  const me = useSignedInUser();
  const canCreate = can(me, 'documents', 'create');
  const [uploading, setUploading] = useState(false);
  const filter: Record<string, string> =
    owner.kind === 'client' ? { clientId: owner.id } : { dealId: owner.id };
  const list = useDocumentList(
    { ...filter, archived: 'false', sort: '-createdAt' },
    { pageSize: shown, enabled: can(me, 'documents', 'view') || can(me, 'documents', 'read') },
  );
  // A deal's requests in one call; each shown document's current one gives its line below.
  const requests = useSignatureRequests(
    { dealId: owner.id },
    { enabled: owner.kind === 'deal' && (can(me, 'documents', 'view') || can(me, 'documents', 'read')) },
  );
  const requestOf = (documentId: string) =>
    currentRequest(
      (requests.data?.items ?? []).filter((request) => request.documentInstanceId === documentId),
    );
  const clientId = owner.kind === 'client' ? owner.id : owner.clientId;
  const clientName = owner.kind === 'client' ? owner.name : owner.clientName;
  const viewAll = `/documents/management?${new URLSearchParams(filter)}`;

  return (
    <Card className="min-w-0" aria-labelledby={`documents-of-${owner.id}`}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={`documents-of-${owner.id}`}>Documents</CardTitle>
        {canCreate ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setUploading(true)}>
              <FileUp aria-hidden="true" />
              Upload PDF
            </Button>
            {clientId ? (
              <Link
                href={documentCreateHref(clientId, owner.kind === 'deal' ? owner.id : null)}
                className={buttonClassName({ size: 'sm' })}
              >
                <FilePlus2 aria-hidden="true" />
                New document
              </Link>
            ) : null}
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {canCreate && !clientId ? (
          <p className="flex items-start gap-2 rounded-lg bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
            <Link2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Documents from a template are made for a client: link a client to this deal (Details → Client) to
            create one.
          </p>
        ) : null}
        {list.isPending ? (
          <div role="status" className="flex flex-col gap-2" aria-busy="true" aria-label="Loading documents">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : list.isError ? (
          <p className="text-sm text-destructive">{readApiError(list.error).message}</p>
        ) : list.rows.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <FileText className="size-4" aria-hidden="true" />
            No documents yet
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label={`Documents of ${owner.name}`}>
            {list.rows.map((document) => (
              <li
                key={document.id}
                className="flex items-center justify-between gap-3 py-2 first:pt-0 last:pb-0"
              >
                <div className="min-w-0">
                  <Link
                    href={`/documents/instances/${document.id}`}
                    className="block truncate text-sm font-medium text-primary hover:underline"
                  >
                    {document.name}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    Updated {formatDate(document.updatedAt)}
                    {document.source === 'upload' ? ' · Uploaded PDF' : ''}
                  </span>
                  <SigningLine request={requestOf(document.id)} />
                </div>
                <DocumentStatusBadge status={document.status} className="shrink-0" />
              </li>
            ))}
          </ul>
        )}
        {list.total > list.rows.length ? (
          <Link href={viewAll} className="text-sm font-medium text-primary hover:underline">
            View all {list.total} documents
          </Link>
        ) : null}
      </CardContent>
      <UploadPdfDialog
        open={uploading}
        onOpenChange={setUploading}
        client={clientId ? { id: clientId, name: clientName ?? 'Client' } : null}
        dealId={owner.kind === 'deal' ? owner.id : null}
      />
    </Card>
  );
}

/** "Sent · 2 of 3 signed": where the document's signature request stands. */
function SigningLine({ request }: { request: RequestListItem | null }) {
  const sent = request !== null && request.status !== 'draft';
  const detail = useSignatureRequest(sent ? request.id : null);
  if (!sent) return null;
  return (
    <span className="mt-1 flex flex-wrap items-center gap-2 text-xs" data-testid="document-signing">
      <Badge variant={requestStatusTone(request.status)}>
        {requestStatusLabels[request.status] ?? request.status}
      </Badge>
      {detail.data ? <span className="font-medium">{progressLabel(detail.data.recipients)}</span> : null}
    </span>
  );
}
