import { Save, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { type DocumentJson, emptyDocument } from '../../../../common/documents/document-content';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { serializeDocument, tooLargeMessage } from '../content-limits';
import { DocumentEditor } from '../components/document-editor';
import { LeaveGuard } from '../components/leave-guard';
import { type PickedRecord, RecordSearch } from '../components/record-search';
import { type NewDocumentInput, useCreateInstance } from '../instances-api';

/** /documents/visual-editor (settings manage): a blank document for a client (and deal), then its edit page. */
export function VisualEditorPage() {
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [client, setClient] = useState<PickedRecord | null>(null);
  const [deal, setDeal] = useState<PickedRecord | null>(null);
  const [initialDoc] = useState<DocumentJson>(emptyDocument);
  const doc = useRef<DocumentJson>(initialDoc);
  const [contentChanged, setContentChanged] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateInstance();
  const dirty = contentChanged || name !== '' || client !== null;

  const submit = () => {
    setFormError(null);
    if (name.trim().length < 2) {
      setErrors({ name: 'Name must be at least 2 characters' });
      return;
    }
    const content = serializeDocument(doc.current);
    if (content === null) {
      setErrors({ content: tooLargeMessage });
      return;
    }
    setErrors({});
    const input: NewDocumentInput = { name: name.trim(), content };
    if (client) input.clientId = client.id;
    if (deal) input.dealId = deal.id;
    create.mutate(input, {
      onSuccess: (saved) => {
        toast.success('Document created');
        navigate(`/documents/${saved.id}/edit`, { replace: true });
      },
      onError: (error) => {
        const details = readApiError(error);
        setErrors(details.fieldErrors);
        if (Object.keys(details.fieldErrors).length === 0) setFormError(details.message);
      },
    });
  };

  return (
    <PageContainer>
      <LeaveGuard dirty={dirty && !create.isPending && !create.isSuccess} />
      <PageHeader
        eyebrow={
          <Link href="/documents/management" className="hover:text-foreground hover:underline">
            Documents
          </Link>
        }
        title="New document"
        description="Write a document from a blank page. Merge fields fill in from the client and deal you pick."
        actions={
          <Button onClick={submit} disabled={create.isPending}>
            <Save className="size-4" aria-hidden="true" />
            {create.isPending ? 'Saving…' : 'Save document'}
          </Button>
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
        <FormError message={formError} />
        <div className="grid gap-4 rounded-xl border border-border bg-surface p-4 shadow-xs sm:p-5 lg:grid-cols-3">
          <FormField id="new-document-name" label="Name" error={errors.name}>
            <Input
              {...fieldA11y('new-document-name', errors.name)}
              value={name}
              maxLength={255}
              onChange={(event) => {
                setName(event.target.value);
                setErrors(({ name: _fixed, ...rest }) => rest);
              }}
            />
          </FormField>
          <div className="flex flex-col gap-2">
            {client ? (
              <Chosen label="Client" name={client.name} onClear={() => (setClient(null), setDeal(null))} />
            ) : (
              <RecordSearch kind="client" label="Client (optional)" onPick={setClient} />
            )}
            {errors.clientId ? (
              <p className="text-xs font-medium text-destructive">{errors.clientId}</p>
            ) : null}
          </div>
          <div className="flex flex-col gap-2">
            {deal ? (
              <Chosen label="Deal" name={deal.name} onClear={() => setDeal(null)} />
            ) : (
              <RecordSearch
                key={client?.id ?? 'any'}
                kind="deal"
                label={client ? `Deal of ${client.name} (optional)` : 'Deal (optional)'}
                clientId={client?.id}
                onPick={(picked) => {
                  setDeal(picked);
                  // A deal brings its client: the document belongs to both.
                  if (!client && picked.clientId)
                    setClient({
                      kind: 'client',
                      id: picked.clientId,
                      name: picked.clientName ?? 'Client of the deal',
                    });
                }}
              />
            )}
            {errors.dealId ? <p className="text-xs font-medium text-destructive">{errors.dealId}</p> : null}
          </div>
        </div>
        <div>
          {errors.content ? (
            <p role="alert" className="mb-2 text-sm font-medium text-destructive">
              {errors.content}
            </p>
          ) : null}
          <DocumentEditor
            initialContent={initialDoc}
            ariaLabel="Document content"
            onChange={(next) => {
              doc.current = next;
              setContentChanged(true);
            }}
          />
        </div>
      </form>
    </PageContainer>
  );
}

function Chosen({ label, name, onClear }: { label: string; name: string; onClear: () => void }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      <span className="flex h-10 items-center justify-between gap-2 rounded-lg border border-border bg-muted px-3 text-sm">
        <span className="truncate">{name}</span>
        <button
          type="button"
          onClick={onClear}
          aria-label={`Remove ${label.toLowerCase()}`}
          className="rounded p-0.5 text-muted-foreground hover:bg-surface hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </span>
    </div>
  );
}
