import { Copy, Eye, Save, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { industrySectorValues } from '../../../../common/constants';
import {
  type DocumentJson,
  emptyDocument,
  parseDocumentContent,
} from '../../../../common/documents/document-content';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { RecordLoadError, RecordPageSkeleton } from '../../../components/record-page-states';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { SuggestionInput } from '../../../components/ui/suggestion-input';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import { isReloaded, readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { serializeDocument, tooLargeMessage } from '../../document-editor/content-limits';
import { DocumentEditor } from '../../document-editor/components/document-editor';
import { TemplateFieldAnchors } from '../../signature-fields/components/template-field-anchors';
import { LeaveGuard } from '../../document-editor/components/leave-guard';
import {
  type DocumentTemplate,
  type TemplateInput,
  useDeleteTemplate,
  useDuplicateTemplate,
  useSaveTemplate,
  useTemplate,
} from '../api';
import { TemplatePreviewDialog } from '../components/template-preview-dialog';
import { templateTypeSuggestions } from '../template-types';

const managementHref = '/documents/management?tab=templates';

/** /documents/templates/new and /documents/templates/:templateId (settings manage). */
export function TemplateEditorPage({ templateId }: { templateId: string | null }) {
  const template = useTemplate(templateId);
  if (templateId && template.isPending) return <RecordPageSkeleton />;
  if (templateId && (template.isError || !template.data))
    return <RecordLoadError error={template.error} singular="Template" listHref={managementHref} />;
  // Keyed by version: a reload after a conflict starts the form and editor from what is stored.
  const loaded = template.data ?? null;
  return <TemplateForm key={loaded ? `${loaded.id}:${loaded.updatedAt}` : 'new'} loaded={loaded} />;
}

interface FormState {
  name: string;
  description: string;
  templateType: string;
  industryType: string;
  isActive: boolean;
  isDefault: boolean;
}

function formOf(template: DocumentTemplate | null): FormState {
  return {
    name: template?.name ?? '',
    description: template?.description ?? '',
    templateType: template?.templateType ?? '',
    industryType: template?.industryType ?? '',
    isActive: template?.isActive ?? true,
    isDefault: template?.isDefault ?? false,
  };
}

function TemplateForm({ loaded }: { loaded: DocumentTemplate | null }) {
  const [, navigate] = useLocation();
  const [form, setForm] = useState<FormState>(() => formOf(loaded));
  const [initialDoc] = useState<DocumentJson>(() =>
    loaded ? parseDocumentContent(loaded.content) : emptyDocument(),
  );
  const doc = useRef<DocumentJson>(initialDoc);
  const [contentChanged, setContentChanged] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveTemplate();
  const duplicate = useDuplicateTemplate();
  const remove = useDeleteTemplate();

  const base = formOf(loaded);
  const fieldsChanged = (Object.keys(form) as (keyof FormState)[]).some((key) => form[key] !== base[key]);
  const dirty = fieldsChanged || contentChanged;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    // The message goes once the field is changed; Save checks again.
    setErrors(({ [key]: _fixed, ...rest }) => rest);
  };

  const submit = () => {
    setFormError(null);
    const content = serializeDocument(doc.current);
    if (content === null) {
      setErrors({ content: tooLargeMessage });
      return;
    }
    const local: Record<string, string> = {};
    if (form.name.trim().length < 2) local.name = 'Name must be at least 2 characters';
    if (form.templateType.trim() === '') local.templateType = 'Template type is required';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const full: TemplateInput = {
      name: form.name.trim(),
      description: form.description.trim() || null,
      templateType: form.templateType.trim(),
      industryType: form.industryType || null,
      isActive: form.isActive,
      isDefault: form.isDefault,
      content,
    };
    // A PATCH sends only what changed, so a conflict shows only the user's own edits.
    const input: TemplateInput = loaded
      ? Object.fromEntries(
          Object.entries(full).filter(([key, value]) =>
            key === 'content'
              ? contentChanged
              : value !== (loaded as unknown as Record<string, unknown>)[key],
          ),
        )
      : full;
    save.mutate(
      { loaded, input },
      {
        onSuccess: (saved) => {
          if (isReloaded(saved)) return;
          toast.success(loaded ? 'Template saved' : 'Template created');
          setContentChanged(false);
          if (!loaded) navigate(`/documents/templates/${saved.id}`, { replace: true });
        },
        onError: (error) => {
          const details = readApiError(error);
          setErrors(details.fieldErrors);
          if (Object.keys(details.fieldErrors).length === 0) setFormError(details.message);
        },
      },
    );
  };

  const title = loaded ? loaded.name : 'New template';
  return (
    <PageContainer>
      <LeaveGuard dirty={dirty && !save.isPending} />
      <PageHeader
        eyebrow={
          <Link href={managementHref} className="hover:text-foreground hover:underline">
            Document templates
          </Link>
        }
        title={
          <span className="flex flex-wrap items-center gap-2">
            {title}
            {loaded?.isDefault ? <Badge variant="primary">Default</Badge> : null}
            {loaded && !loaded.isActive ? <Badge>Inactive</Badge> : null}
          </span>
        }
        documentTitle={title}
        actions={
          <>
            {loaded ? (
              <>
                <Button variant="secondary" onClick={() => setPreviewOpen(true)}>
                  <Eye className="size-4" aria-hidden="true" />
                  Preview
                </Button>
                <Button
                  variant="secondary"
                  disabled={duplicate.isPending}
                  onClick={() => {
                    // The copy is made from the saved template: unsaved edits would be left behind.
                    if (dirty) {
                      toast.error('Save your changes first: the copy is made from the saved template.');
                      return;
                    }
                    duplicate.mutate(loaded.id, {
                      onSuccess: (copy) => {
                        toast.success(`“${copy.name}” created`);
                        navigate(`/documents/templates/${copy.id}`);
                      },
                      onError: (error) => toast.error(readApiError(error).message),
                    });
                  }}
                >
                  <Copy className="size-4" aria-hidden="true" />
                  Duplicate
                </Button>
                <Button variant="secondary" onClick={() => setConfirmDelete(true)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete
                </Button>
              </>
            ) : null}
            <Button onClick={submit} disabled={save.isPending}>
              <Save className="size-4" aria-hidden="true" />
              {save.isPending ? 'Saving…' : loaded ? 'Save' : 'Create template'}
            </Button>
          </>
        }
      />
      <form
        className="mt-6 flex flex-col gap-6"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormError message={formError} />
        <section
          aria-label="Template details"
          className="grid gap-4 rounded-xl border border-border bg-surface p-4 shadow-xs sm:grid-cols-2 sm:p-5 xl:grid-cols-4"
        >
          <FormField id="template-name" label="Name" error={errors.name}>
            <Input
              {...fieldA11y('template-name', errors.name)}
              value={form.name}
              maxLength={255}
              onChange={(event) => set('name', event.target.value)}
            />
          </FormField>
          <FormField
            id="template-type"
            label="Type"
            error={errors.templateType}
            hint="Pick one or type your own."
          >
            <SuggestionInput
              {...fieldA11y('template-type', errors.templateType, 'Pick one or type your own.')}
              value={form.templateType}
              maxLength={100}
              suggestions={templateTypeSuggestions}
              onChange={(value) => set('templateType', value)}
            />
          </FormField>
          <FormField id="template-industry" label="Industry" error={errors.industryType}>
            <Select
              {...fieldA11y('template-industry', errors.industryType)}
              value={form.industryType}
              onChange={(event) => set('industryType', event.target.value)}
            >
              <option value="">Any industry</option>
              {industrySectorValues.map((sector) => (
                <option key={sector} value={sector}>
                  {sector}
                </option>
              ))}
              {form.industryType &&
              !(industrySectorValues as readonly string[]).includes(form.industryType) ? (
                <option value={form.industryType}>{form.industryType}</option>
              ) : null}
            </Select>
          </FormField>
          <div className="flex flex-col justify-end gap-3 pb-1">
            <label className="flex items-center justify-between gap-3 text-sm font-medium">
              Active
              <Switch checked={form.isActive} onCheckedChange={(value) => set('isActive', value)} />
            </label>
            <label className="flex items-center justify-between gap-3 text-sm font-medium">
              Default for its type
              <Switch checked={form.isDefault} onCheckedChange={(value) => set('isDefault', value)} />
            </label>
          </div>
          <FormField
            id="template-description"
            label="Description"
            labelAside="Optional"
            error={errors.description}
            className="sm:col-span-2 xl:col-span-4"
          >
            <Textarea
              {...fieldA11y('template-description', errors.description)}
              rows={2}
              maxLength={10_000}
              value={form.description}
              onChange={(event) => set('description', event.target.value)}
            />
          </FormField>
        </section>
        <div>
          {errors.content ? (
            <p role="alert" className="mb-2 text-sm font-medium text-destructive">
              {errors.content}
            </p>
          ) : null}
          <DocumentEditor
            initialContent={initialDoc}
            ariaLabel="Template content"
            onChange={(next) => {
              doc.current = next;
              setContentChanged(true);
            }}
          />
        </div>
      </form>
      {loaded ? <TemplateFieldAnchors templateId={loaded.id} /> : null}
      {loaded ? (
        <>
          <TemplatePreviewDialog
            templateId={loaded.id}
            templateName={loaded.name}
            open={previewOpen}
            onOpenChange={setPreviewOpen}
            unsaved={contentChanged || fieldsChanged}
          />
          <ConfirmDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            title={`Delete “${loaded.name}”?`}
            description="Documents already made from it keep their content. This cannot be undone."
            confirmLabel="Delete template"
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(loaded.id, {
                onSuccess: () => {
                  setConfirmDelete(false);
                  toast.success('Template deleted');
                  navigate(managementHref);
                },
                onError: (error) => {
                  setConfirmDelete(false);
                  toast.error(readApiError(error).message);
                },
              })
            }
          />
        </>
      ) : null}
    </PageContainer>
  );
}
