import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, FileText, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { can } from '../../../../common/permissions';
import { emailTemplateCategories } from '../../../../common/allowed-values';
import { createEmailTemplateSchema } from '../../../../common/validation/email';
import type { RichTextEditorHandle } from '../../../components/rich-text/rich-text-editor';
import { RichTextEditor } from '../../../components/rich-text/rich-text-editor';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useUnsavedChanges,
} from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { readApiError } from '../../../lib/api';
import { applyApiErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSignedInUser } from '../../auth/signed-in-user';
import {
  deleteRecord,
  duplicateTemplate,
  type EmailTemplate,
  templatesPath,
  useEmailTemplates,
  useRecordAction,
  useSaveRecord,
} from '../api';
import { MergeFieldMenu } from './merge-field-menu';
import { MessagePreview } from './message-preview';

export const categoryLabels: Record<EmailTemplate['category'], string> = {
  onboarding: 'Onboarding',
  sales: 'Sales',
  business: 'Business',
  general: 'General',
  'follow-up': 'Follow-up',
};

/** Settings › Email templates: the organization's reusable messages with merge fields. */
export function EmailTemplatesSettings() {
  const user = useSignedInUser();
  const mayChange = can(user, 'settings', 'update');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const debounced = useDebouncedValue(search.trim(), 250);
  const templates = useEmailTemplates({ search: debounced, category });
  const [editing, setEditing] = useState<EmailTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);
  const remove = useRecordAction(templatesPath, deleteRecord(templatesPath));
  const duplicate = useRecordAction(templatesPath, duplicateTemplate);
  const items = templates.data?.items ?? [];
  const filtered = debounced !== '' || category !== '';

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search templates"
            placeholder="Search by name or subject"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <div className="sm:w-44">
          <Select
            aria-label="Category"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
          >
            <option value="">All categories</option>
            {emailTemplateCategories.map((c) => (
              <option key={c} value={c}>
                {categoryLabels[c]}
              </option>
            ))}
          </Select>
        </div>
        {mayChange ? (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            New template
          </Button>
        ) : null}
      </div>

      {templates.isPending ? (
        <div role="status" className="flex flex-col gap-2" aria-busy="true" aria-label="Loading templates">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : templates.isError ? (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          Templates could not be loaded: {readApiError(templates.error).message}{' '}
          <button type="button" className="font-medium underline" onClick={() => templates.refetch()}>
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={FileText}
          title={filtered ? 'No template matches' : 'No templates yet'}
          description={
            filtered
              ? 'Try another search or category.'
              : 'Templates turn the letters you write every week into one click, with the record’s details filled in.'
          }
          action={
            mayChange && !filtered ? (
              <Button onClick={() => setEditing('new')}>
                <Plus aria-hidden="true" />
                New template
              </Button>
            ) : undefined
          }
          className="rounded-lg border border-dashed border-border"
        />
      ) : (
        <ul
          className="divide-y divide-border rounded-lg border border-border bg-surface"
          aria-label="Email templates"
        >
          {items.map((template) => (
            <li
              key={template.id}
              className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium">{template.name}</p>
                  <Badge variant="primary">{categoryLabels[template.category]}</Badge>
                  {template.isActive ? null : <Badge variant="neutral">Inactive</Badge>}
                </div>
                <p className="mt-0.5 truncate text-sm text-muted-foreground">{template.subject}</p>
              </div>
              <p className="shrink-0 text-xs text-muted-foreground">
                Used {template.usageCount} {template.usageCount === 1 ? 'time' : 'times'}
              </p>
              {mayChange ? (
                <div className="flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setEditing(template)}
                    aria-label={`Edit ${template.name}`}
                  >
                    <Pencil aria-hidden="true" />
                    <span className="sm:sr-only">Edit</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Duplicate ${template.name}`}
                    disabled={duplicate.isPending}
                    onClick={() =>
                      duplicate.mutate(template.id, {
                        onSuccess: (copy) => toast.success(`“${copy.name}” created`),
                        onError: (error) => toast.error(readApiError(error).message),
                      })
                    }
                  >
                    <Copy aria-hidden="true" />
                    <span className="sm:sr-only">Duplicate</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setDeleting(template)}
                    aria-label={`Delete ${template.name}`}
                  >
                    <Trash2 aria-hidden="true" />
                    <span className="sm:sr-only">Delete</span>
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null ? (
          <TemplateEditor
            key={editing === 'new' ? 'new' : editing.id}
            template={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this template?"
        description={
          <>
            “{deleting?.name}” will be removed for everyone in your organization. Messages already sent with
            it are not affected.
          </>
        }
        confirmLabel="Delete template"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Template deleted');
              setDeleting(null);
            },
            onError: (error) => toast.error(readApiError(error).message),
          })
        }
      />
    </div>
  );
}

function TemplateEditor({ template, onDone }: { template: EmailTemplate | null; onDone: () => void }) {
  const save = useSaveRecord<EmailTemplate>(templatesPath);
  const editor = useRef<RichTextEditorHandle>(null);
  const subjectRef = useRef<HTMLInputElement | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(createEmailTemplateSchema),
    defaultValues: {
      name: template?.name ?? '',
      category: template?.category ?? 'general',
      subject: template?.subject ?? '',
      bodyHtml: template?.bodyHtml ?? '',
      isActive: template?.isActive ?? true,
    },
  });
  useUnsavedChanges(isDirty);
  const subjectField = register('subject');
  const [subject, bodyHtml] = useWatch({ control, name: ['subject', 'bodyHtml'] });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ loaded: template, input: values });
      toast.success(template ? 'Template saved' : 'Template created');
      onDone();
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ['name', 'category', 'subject', 'bodyHtml']));
    }
  });

  /** A field inserted into the subject goes at its caret. */
  const insertIntoSubject = (token: string) => {
    const input = subjectRef.current;
    const current = getValues('subject');
    const at = input?.selectionStart ?? current.length;
    setValue('subject', `${current.slice(0, at)}${token}${current.slice(input?.selectionEnd ?? at)}`, {
      shouldDirty: true,
      shouldValidate: true,
    });
    requestAnimationFrame(() => input?.focus());
  };

  return (
    <DialogContent size="xl">
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex min-h-0 flex-1 flex-col"
        aria-label="Email template"
      >
        <DialogHeader>
          <DialogTitle>{template ? 'Edit template' : 'New template'}</DialogTitle>
          <DialogDescription>
            Insert fields such as {'{{lead.firstName}}'}: they are filled from the record when the message is
            written.
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-4">
          <FormError message={formError} />
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
            <FormField id="template-name" label="Name" error={errors.name?.message}>
              <Input {...fieldA11y('template-name', errors.name?.message)} {...register('name')} />
            </FormField>
            <FormField id="template-category" label="Category" error={errors.category?.message}>
              <Select {...fieldA11y('template-category', errors.category?.message)} {...register('category')}>
                {emailTemplateCategories.map((c) => (
                  <option key={c} value={c}>
                    {categoryLabels[c]}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
          <FormField
            id="template-subject"
            label="Subject"
            error={errors.subject?.message}
            labelAside={<MergeFieldMenu onInsert={insertIntoSubject} label="Insert field in subject" />}
          >
            <Input
              {...fieldA11y('template-subject', errors.subject?.message)}
              {...subjectField}
              ref={(element) => {
                subjectField.ref(element);
                subjectRef.current = element;
              }}
            />
          </FormField>
          <FormField id="template-body" label="Message" error={errors.bodyHtml?.message}>
            <Controller
              control={control}
              name="bodyHtml"
              render={({ field }) => (
                <RichTextEditor
                  ref={editor}
                  id="template-body"
                  ariaLabel="Message"
                  value={field.value}
                  onChange={field.onChange}
                  invalid={Boolean(errors.bodyHtml)}
                  placeholder="Dear {{lead.firstName}}, …"
                  minHeight={220}
                  toolbarEnd={<MergeFieldMenu onInsert={(token) => editor.current?.insertText(token)} />}
                />
              )}
            />
          </FormField>
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <label className="flex items-center gap-3 text-sm" htmlFor="template-active">
                <Switch id="template-active" checked={field.value ?? true} onCheckedChange={field.onChange} />
                Active (offered when composing)
              </label>
            )}
          />
          <MessagePreview idPrefix="template" subject={subject} bodyHtml={bodyHtml} />
        </DialogBody>
        <DialogFooter>
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <Spinner /> : null}
            {template ? 'Save template' : 'Create template'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
