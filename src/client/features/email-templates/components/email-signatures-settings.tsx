import { zodResolver } from '@hookform/resolvers/zod';
import { PenLine, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { can } from '../../../../common/permissions';
import { createEmailSignatureSchema } from '../../../../common/validation/email';
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
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { readApiError } from '../../../lib/api';
import { applyApiErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import {
  deleteRecord,
  type EmailSignature,
  signaturesPath,
  useEmailSignatures,
  useRecordAction,
  useSaveRecord,
} from '../api';
import { MergeFieldMenu } from './merge-field-menu';
import { MessagePreview } from './message-preview';

/** Settings › Email signatures: the organization's signatures, one of them the default (star). */
export function EmailSignaturesSettings() {
  const user = useSignedInUser();
  const mayChange = can(user, 'settings', 'update');
  const signatures = useEmailSignatures();
  const [editing, setEditing] = useState<EmailSignature | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EmailSignature | null>(null);
  const remove = useRecordAction(signaturesPath, deleteRecord(signaturesPath));
  const save = useSaveRecord<EmailSignature>(signaturesPath);
  const items = signatures.data?.items ?? [];

  const makeDefault = (signature: EmailSignature) =>
    save.mutate(
      { loaded: signature, input: { isDefault: true } },
      {
        onSuccess: () => toast.success(`“${signature.name}” is now the default signature`),
        onError: (error) => toast.error(readApiError(error).message),
      },
    );

  return (
    <div className="flex flex-col gap-4">
      {mayChange ? (
        <div className="flex justify-end">
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            New signature
          </Button>
        </div>
      ) : null}
      {signatures.isPending ? (
        <div role="status" className="flex flex-col gap-2" aria-busy="true" aria-label="Loading signatures">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : signatures.isError ? (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          Signatures could not be loaded: {readApiError(signatures.error).message}
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={PenLine}
          title="No signatures yet"
          description="A signature closes every message your team sends from the CRM. The default one is added automatically."
          action={
            mayChange ? (
              <Button onClick={() => setEditing('new')}>
                <Plus aria-hidden="true" />
                New signature
              </Button>
            ) : undefined
          }
          className="rounded-lg border border-dashed border-border"
        />
      ) : (
        <ul
          className="divide-y divide-border rounded-lg border border-border bg-surface"
          aria-label="Email signatures"
        >
          {items.map((signature) => (
            <li
              key={signature.id}
              className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
            >
              <button
                type="button"
                disabled={!mayChange || signature.isDefault || save.isPending}
                onClick={() => makeDefault(signature)}
                aria-label={
                  signature.isDefault
                    ? `${signature.name} is the default`
                    : `Make ${signature.name} the default`
                }
                title={signature.isDefault ? 'Default signature' : 'Make default'}
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary disabled:hover:bg-transparent"
              >
                <Star
                  className={cn(
                    'size-4',
                    signature.isDefault ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
                  )}
                  aria-hidden="true"
                />
              </button>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium">{signature.name}</p>
                  {signature.isDefault ? <Badge variant="warning">Default</Badge> : null}
                  {signature.isActive ? null : <Badge variant="neutral">Inactive</Badge>}
                </div>
                <p className="mt-0.5 truncate text-sm text-muted-foreground">{signature.bodyText}</p>
              </div>
              <p className="shrink-0 text-xs text-muted-foreground">
                Used {signature.usageCount} {signature.usageCount === 1 ? 'time' : 'times'}
              </p>
              {mayChange ? (
                <div className="flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setEditing(signature)}
                    aria-label={`Edit ${signature.name}`}
                  >
                    <Pencil aria-hidden="true" />
                    <span className="sm:sr-only">Edit</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setDeleting(signature)}
                    aria-label={`Delete ${signature.name}`}
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
          <SignatureEditor
            key={editing === 'new' ? 'new' : editing.id}
            signature={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this signature?"
        description={<>“{deleting?.name}” will be removed for everyone in your organization.</>}
        confirmLabel="Delete signature"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Signature deleted');
              setDeleting(null);
            },
            onError: (error) => toast.error(readApiError(error).message),
          })
        }
      />
    </div>
  );
}

function SignatureEditor({ signature, onDone }: { signature: EmailSignature | null; onDone: () => void }) {
  const save = useSaveRecord<EmailSignature>(signaturesPath);
  const editor = useRef<RichTextEditorHandle>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(createEmailSignatureSchema),
    defaultValues: {
      name: signature?.name ?? '',
      bodyHtml: signature?.bodyHtml ?? '',
      isDefault: signature?.isDefault ?? false,
      isActive: signature?.isActive ?? true,
    },
  });
  useUnsavedChanges(isDirty);
  const bodyHtml = useWatch({ control, name: 'bodyHtml' });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ loaded: signature, input: values });
      toast.success(signature ? 'Signature saved' : 'Signature created');
      onDone();
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ['name', 'bodyHtml']));
    }
  });

  return (
    <DialogContent size="lg">
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex min-h-0 flex-1 flex-col"
        aria-label="Email signature"
      >
        <DialogHeader>
          <DialogTitle>{signature ? 'Edit signature' : 'New signature'}</DialogTitle>
          <DialogDescription>
            Sender fields such as {'{{user.fullName}}'} fill in for whoever sends.
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-4">
          <FormError message={formError} />
          <FormField id="signature-name" label="Name" error={errors.name?.message}>
            <Input {...fieldA11y('signature-name', errors.name?.message)} {...register('name')} />
          </FormField>
          <FormField id="signature-body" label="Signature" error={errors.bodyHtml?.message}>
            <Controller
              control={control}
              name="bodyHtml"
              render={({ field }) => (
                <RichTextEditor
                  ref={editor}
                  id="signature-body"
                  ariaLabel="Signature"
                  value={field.value}
                  onChange={field.onChange}
                  invalid={Boolean(errors.bodyHtml)}
                  placeholder="{{user.fullName}} · {{organization.name}}"
                  minHeight={120}
                  toolbarEnd={<MergeFieldMenu onInsert={(token) => editor.current?.insertText(token)} />}
                />
              )}
            />
          </FormField>
          <div className="flex flex-col gap-3 sm:flex-row sm:gap-6">
            <Controller
              control={control}
              name="isDefault"
              render={({ field }) => (
                <label className="flex items-center gap-3 text-sm" htmlFor="signature-default">
                  <Switch
                    id="signature-default"
                    checked={field.value ?? false}
                    onCheckedChange={field.onChange}
                  />
                  Default signature
                </label>
              )}
            />
            <Controller
              control={control}
              name="isActive"
              render={({ field }) => (
                <label className="flex items-center gap-3 text-sm" htmlFor="signature-active">
                  <Switch
                    id="signature-active"
                    checked={field.value ?? true}
                    onCheckedChange={field.onChange}
                  />
                  Active
                </label>
              )}
            />
          </div>
          <MessagePreview idPrefix="signature" subject="" bodyHtml={bodyHtml} />
        </DialogBody>
        <DialogFooter>
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <Spinner /> : null}
            {signature ? 'Save signature' : 'Create signature'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
