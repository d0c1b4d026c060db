import { CircleCheck, FileText, LayoutTemplate, TriangleAlert } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { parseDocumentContent } from '../../../../common/documents/document-content';
import { can } from '../../../../common/permissions';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { RecordLoadError, RecordPageSkeleton } from '../../../components/record-page-states';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { fieldA11y, FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { RadioTile } from '../../../components/ui/radio-tile';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { type ClientDetail, useClient } from '../../clients/api';
import { type TemplateListItem, useCreateDocument, useTemplateOptions, useTemplatePreview } from '../api';
import { ClientDealSelect } from '../components/client-deal-select';
import { DocumentPreview } from '../components/document-preview';
import { suggestedDocumentName } from '../document-links';

/** /clients/:clientId/documents/create[?dealId=]: a template merged with the client (and deal), checked, saved. */
export function DocumentCreatePage({ clientId }: { clientId: string }) {
  const client = useClient(clientId);
  if (client.isPending) return <RecordPageSkeleton />;
  if (client.isError || !client.data) {
    return <RecordLoadError error={client.error} singular="Client" listHref="/clients" />;
  }
  return <DocumentCreateView client={client.data} />;
}

function DocumentCreateView({ client }: { client: ClientDetail }) {
  const me = useSignedInUser();
  const ids = useId();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const sector = me.organizationIndustry ?? me.industrySector;
  const templates = useTemplateOptions({ sector });
  const [chosenTemplateId, setTemplateId] = useState('');
  const [dealId, setDealId] = useState(() => {
    const wanted = params.get('dealId') ?? '';
    // Only one of this client's deals (the server refuses another client's deal anyway).
    return !client.deals || client.deals.some((deal) => deal.id === wanted) ? wanted : '';
  });
  const [typedName, setTypedName] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const create = useCreateDocument();

  const list = templates.data ?? [];
  // The first template (the default, or the sector's first) is chosen until the user picks another.
  const templateId = chosenTemplateId || list[0]?.id || '';
  const template = list.find((t) => t.id === templateId) ?? null;
  const name = typedName ?? (template ? suggestedDocumentName(template.name, client.displayName) : '');
  const preview = useTemplatePreview(templateId, { clientId: client.id, dealId: dealId || undefined });
  const doc = useMemo(
    () => (preview.data ? parseDocumentContent(preview.data.mergedContent) : null),
    [preview.data],
  );
  const missing = preview.data?.missing ?? [];

  const submit = () => {
    if (!template) return;
    if (name.trim().length < 2) {
      setNameError('Name must be at least 2 characters');
      return;
    }
    create.mutate(
      { name: name.trim(), templateId: template.id, clientId: client.id, ...(dealId ? { dealId } : {}) },
      {
        onSuccess: (document) => {
          toast.success('Document created', { description: document.name });
          navigate(`/documents/instances/${document.id}`);
        },
      },
    );
  };

  const createError = create.error ? readApiError(create.error) : null;

  return (
    <PageContainer>
      <PageHeader
        eyebrow={
          <Link href={`/clients/${client.id}`} className="hover:text-foreground hover:underline">
            {client.displayName}
          </Link>
        }
        title="New document"
        description="Pick a template: it is filled in with the client's and deal's details. Check the result, then create the document."
      />
      {templates.isPending ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <Skeleton className="h-96 rounded-xl" />
          <Skeleton className="h-[36rem] rounded-xl" />
        </div>
      ) : list.length === 0 ? (
        <Card className="mt-6">
          <EmptyState
            icon={LayoutTemplate}
            title="No templates yet"
            description={
              templates.isError
                ? readApiError(templates.error).message
                : 'Documents start from a template. Add one, or install one from the template library.'
            }
            action={
              can(me, 'settings', 'manage') ? (
                <Link href="/documents/templates/new" className={buttonClassName()}>
                  New template
                </Link>
              ) : null
            }
          />
        </Card>
      ) : (
        <form
          className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-4">
            <Card>
              <CardHeader>
                <CardTitle>Template</CardTitle>
              </CardHeader>
              <CardContent>
                <fieldset>
                  <legend className="sr-only">Template</legend>
                  <div className="flex max-h-80 flex-col gap-2 overflow-y-auto pr-1">
                    {list.map((item) => (
                      <TemplateTile
                        key={item.id}
                        name={`${ids}-template`}
                        template={item}
                        checked={item.id === templateId}
                        onChoose={() => setTemplateId(item.id)}
                      />
                    ))}
                  </div>
                </fieldset>
              </CardContent>
            </Card>
            <Card>
              <CardContent className="flex flex-col gap-4 pt-6">
                <ClientDealSelect
                  id={`${ids}-deal`}
                  clientId={client.id}
                  value={dealId}
                  onChange={setDealId}
                />
                <FormField
                  id={`${ids}-name`}
                  label="Document name"
                  error={nameError ?? createError?.fieldErrors.name}
                >
                  <Input
                    {...fieldA11y(`${ids}-name`, nameError)}
                    value={name}
                    maxLength={255}
                    onChange={(event) => {
                      setTypedName(event.target.value);
                      setNameError(undefined);
                    }}
                  />
                </FormField>
                <MissingFields loading={preview.isPending} missing={missing} />
                <FormError message={createError?.message} />
                <Button type="submit" disabled={create.isPending || !template} className="w-full">
                  {create.isPending ? <Spinner /> : <FileText aria-hidden="true" />}
                  {create.isPending ? 'Creating…' : 'Create document'}
                </Button>
              </CardContent>
            </Card>
          </div>
          <section aria-label="Preview" className="min-w-0">
            <h2 className="mb-3 text-sm font-medium text-muted-foreground">
              Preview{template ? `: ${template.name}` : ''}
            </h2>
            {preview.isError ? (
              <Card>
                <EmptyState
                  icon={TriangleAlert}
                  title="The preview could not be made"
                  description={readApiError(preview.error).message}
                  action={
                    <Button variant="secondary" onClick={() => void preview.refetch()}>
                      Try again
                    </Button>
                  }
                />
              </Card>
            ) : doc ? (
              <div
                className={cn('transition-opacity', preview.isFetching && 'opacity-60')}
                aria-busy={preview.isFetching}
              >
                <DocumentPreview doc={doc} />
              </div>
            ) : (
              <Skeleton className="h-[36rem] w-full rounded-none" />
            )}
          </section>
        </form>
      )}
    </PageContainer>
  );
}

function TemplateTile({
  name,
  template,
  checked,
  onChoose,
}: {
  name: string;
  template: TemplateListItem;
  checked: boolean;
  onChoose: () => void;
}) {
  return (
    <RadioTile
      name={name}
      value={template.id}
      checked={checked}
      onChange={onChoose}
      className="rounded-lg has-checked:ring-2 has-checked:ring-primary has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary"
    >
      <span className="flex flex-col gap-0.5 rounded-lg border border-border px-3 py-2.5 text-sm peer-checked:border-primary peer-checked:bg-primary-soft/60 peer-hover:bg-muted/60">
        <span className="flex items-center gap-2 font-medium">
          {template.name}
          {template.isDefault ? (
            <span className="rounded bg-primary-soft px-1.5 text-xs font-medium text-primary-soft-foreground">
              Default
            </span>
          ) : null}
        </span>
        {template.description ? (
          <span className="line-clamp-2 text-xs text-muted-foreground">{template.description}</span>
        ) : null}
      </span>
    </RadioTile>
  );
}

function MissingFields({
  loading,
  missing,
}: {
  loading: boolean;
  missing: { key: string; label: string }[];
}) {
  if (loading) return <p className="text-sm text-muted-foreground">Filling in the template…</p>;
  if (missing.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-emerald-700">
        <CircleCheck className="size-4" aria-hidden="true" />
        Every merge field has a value.
      </p>
    );
  }
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
    >
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4 text-amber-600" aria-hidden="true" />
        {missing.length === 1 ? '1 merge field has no value' : `${missing.length} merge fields have no value`}
      </p>
      <ul className="mt-1.5 list-disc pl-6" aria-label="Merge fields without a value">
        {missing.map((field) => (
          <li key={field.key}>{field.label}</li>
        ))}
      </ul>
      <p className="mt-1.5 text-xs">
        They stay highlighted in the document: fill them in on the client or deal, or edit the document after
        creating it.
      </p>
    </div>
  );
}
