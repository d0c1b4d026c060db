import { useQueryClient } from '@tanstack/react-query';
import { Download, Lock, PenTool, Save, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  type DocumentJson,
  emptyDocument,
  mergeFieldKeysOf,
  parseDocumentContent,
} from '../../../../common/documents/document-content';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { RecordLoadError, RecordPageSkeleton } from '../../../components/record-page-states';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Notice } from '../../../components/ui/notice';
import { isReloaded, readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { serializeDocument, tooLargeMessage } from '../content-limits';
import { DocumentEditor } from '../components/document-editor';
import { LeaveGuard } from '../components/leave-guard';
import {
  type DocumentInstance,
  instancesPath,
  isFrozen,
  lockedMessage,
  useDocumentInstance,
  useSaveInstance,
} from '../instances-api';

/**
 * /documents/instances/:id/edit, /clients/:clientId/documents/:documentId/edit and
 * /documents/:documentId/edit: a document's name and content; frozen documents read only.
 */
export function DocumentEditPage({ documentId, clientId }: { documentId: string; clientId?: string }) {
  const document = useDocumentInstance(documentId);
  const listHref = clientId ? `/clients/${clientId}` : '/documents/management';
  if (document.isPending) return <RecordPageSkeleton />;
  if (document.isError || !document.data)
    return <RecordLoadError error={document.error} singular="Document" listHref={listHref} />;
  return (
    <DocumentForm
      key={`${document.data.id}:${document.data.updatedAt}`}
      loaded={document.data}
      backHref={listHref}
      clientId={clientId}
    />
  );
}

const statusLabel = (status: string) => {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Keys still standing as merge fields in the merged content: no value for this client or deal. */
function missingOf(document: DocumentInstance): { key: string; label: string }[] {
  if (document.missing) return document.missing;
  if (!document.mergedContent) return [];
  return mergeFieldKeysOf(parseDocumentContent(document.mergedContent)).map((key) => ({ key, label: key }));
}

function DocumentForm({
  loaded,
  backHref,
  clientId,
}: {
  loaded: DocumentInstance;
  backHref: string;
  clientId?: string;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(loaded.name);
  const [initialDoc] = useState<DocumentJson>(() =>
    loaded.content ? parseDocumentContent(loaded.content) : emptyDocument(),
  );
  const doc = useRef<DocumentJson>(initialDoc);
  const [contentChanged, setContentChanged] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveInstance();
  const frozen = isFrozen(loaded.status);
  const uploaded = loaded.source === 'upload';
  const readOnly = frozen || uploaded;
  const missing = missingOf(loaded);
  const dirty = !readOnly && (contentChanged || name !== loaded.name);
  const viewerHref = `/documents/instances/${loaded.id}`;

  const submit = () => {
    setFormError(null);
    if (name.trim().length < 2) {
      setErrors({ name: 'Name must be at least 2 characters' });
      return;
    }
    const changes: { name?: string; content?: string } = {};
    if (name.trim() !== loaded.name) changes.name = name.trim();
    if (contentChanged) {
      const content = serializeDocument(doc.current);
      if (content === null) {
        setErrors({ content: tooLargeMessage });
        return;
      }
      changes.content = content;
    }
    setErrors({});
    if (Object.keys(changes).length === 0) {
      toast('Nothing to save');
      return;
    }
    save.mutate(
      { loaded, changes },
      {
        onSuccess: (saved) => {
          if (!isReloaded(saved)) toast.success('Document saved');
        },
        onError: (error) => {
          const details = readApiError(error);
          setErrors(details.fieldErrors);
          if (Object.keys(details.fieldErrors).length === 0) setFormError(details.message);
          // Locked meanwhile (a signing request): show it as it is now, read only.
          if (details.message === lockedMessage)
            void queryClient.invalidateQueries({ queryKey: [`${instancesPath}/${loaded.id}`] });
        },
      },
    );
  };

  return (
    <PageContainer>
      <LeaveGuard dirty={dirty && !save.isPending} />
      <PageHeader
        eyebrow={
          <Link href={backHref} className="hover:text-foreground hover:underline">
            {clientId ? (loaded.clientName ?? 'Client') : 'Documents'}
          </Link>
        }
        title={
          <span className="flex flex-wrap items-center gap-2">
            {loaded.name}
            <Badge variant={frozen ? 'warning' : 'neutral'} data-tour="document-status">
              {statusLabel(loaded.status)}
            </Badge>
            <Badge variant="primary">Version {loaded.version}</Badge>
          </span>
        }
        documentTitle={`Edit ${loaded.name}`}
        description={
          [loaded.clientName, loaded.dealName, loaded.templateName && `from “${loaded.templateName}”`]
            .filter(Boolean)
            .join(' · ') || undefined
        }
        actions={
          <>
            <a
              href={`${instancesPath}/${loaded.id}/pdf?download=1`}
              download
              className={buttonClassName({ variant: 'secondary' })}
            >
              <Download className="size-4" aria-hidden="true" />
              Download PDF
            </a>
            <Link
              href={viewerHref}
              className={buttonClassName({ variant: 'secondary' })}
              data-tour="signature-tools"
            >
              <PenTool className="size-4" aria-hidden="true" />
              Place signature fields
            </Link>
            {readOnly ? null : (
              <Button onClick={submit} disabled={save.isPending}>
                <Save className="size-4" aria-hidden="true" />
                {save.isPending ? 'Saving…' : 'Save'}
              </Button>
            )}
          </>
        }
      />
      <form
        className="mt-6 flex flex-col gap-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {frozen ? (
          <Notice tone="warning" icon={Lock} title="Read only">
            {lockedMessage} Cancel its signing request to edit it again; the next save raises its version.
          </Notice>
        ) : null}
        {uploaded ? (
          <Notice title="Uploaded PDF">
            This document is a PDF you uploaded: its pages cannot be edited here.{' '}
            <Link href={viewerHref} className="font-medium underline">
              Open it to view the pages and place fields.
            </Link>
          </Notice>
        ) : null}
        <FormError message={formError} />
        <div className="grid gap-4 rounded-xl border border-border bg-surface p-4 shadow-xs sm:p-5 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
          <FormField id="document-name" label="Name" error={errors.name}>
            <Input
              {...fieldA11y('document-name', errors.name)}
              value={name}
              maxLength={255}
              readOnly={readOnly}
              onChange={(event) => {
                setName(event.target.value);
                setErrors(({ name: _fixed, ...rest }) => rest);
              }}
            />
          </FormField>
          {missing.length > 0 ? (
            <div
              role="status"
              className="flex gap-2 self-end rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
              <div>
                <p className="font-medium">
                  {missing.length === 1
                    ? '1 merge field has no value'
                    : `${missing.length} merge fields have no value`}{' '}
                  — fill them in on the {loaded.dealId ? 'deal or client' : 'client'}, or replace them with
                  text.
                </p>
                <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Fields without a value">
                  {missing.map((field) => (
                    <li key={field.key} className="rounded-full bg-amber-100 px-2 py-0.5 text-xs">
                      {field.label}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          ) : null}
        </div>
        {uploaded ? null : (
          <div>
            {errors.content ? (
              <p role="alert" className="mb-2 text-sm font-medium text-destructive">
                {errors.content}
              </p>
            ) : null}
            <DocumentEditor
              initialContent={initialDoc}
              missingKeys={missing.map((field) => field.key)}
              readOnly={readOnly}
              ariaLabel="Document content"
              onChange={(next) => {
                doc.current = next;
                setContentChanged(true);
              }}
            />
          </div>
        )}
      </form>
    </PageContainer>
  );
}
