import { zodResolver } from '@hookform/resolvers/zod';
import { Check, FolderPlus, X } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { nameField } from '../../../../common/validation/common';
import {
  type CustomFieldEntityType,
  entityTypeLabels,
  type FieldSection,
} from '../../../components/custom-fields/types';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { DragHandle, SortableList } from '../../../components/ui/sortable-list';
import { readApiError } from '../../../lib/api';
import { applyApiErrors, errorText } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useDeleteFieldSection, useReorderFieldSections, useSaveFieldSection } from '../api';
import { FieldRowActions } from './field-row-actions';

const sectionSchema = z.object({
  name: nameField('Name must be at least 2 characters').max(100, 'Name must be at most 100 characters'),
});

const sortSections = (sections: FieldSection[]) =>
  sections.toSorted((a, b) => a.orderIndex - b.orderIndex || a.name.localeCompare(b.name));

/** Add, rename, reorder and delete the sections of one entity's custom fields. */
export function SectionsDialog({
  entityType,
  sections,
  open,
  onOpenChange,
}: {
  entityType: CustomFieldEntityType;
  sections: FieldSection[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const reorder = useReorderFieldSections(entityType);
  const remove = useDeleteFieldSection(entityType);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FieldSection | null>(null);
  const ordered = sortSections(sections);
  const entity = entityTypeLabels[entityType].singular.toLowerCase();

  const onReorder = useCallback(
    (ids: string[]) =>
      reorder.mutate(ids, {
        onError: (error) => toast.error('Error', { description: readApiError(error).message }),
      }),
    [reorder],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success('Section deleted', { description: `Its fields now sit outside any section.` });
      setDeleting(null);
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>Sections</DialogTitle>
          <DialogDescription>
            Sections group the custom fields on the {entity} form and page, in this order.
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-4">
          {ordered.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
              No sections yet. Fields without a section are shown first, under the record's own details.
            </p>
          ) : (
            <SortableList
              items={ordered}
              getId={(section) => section.id}
              getLabel={(section) => section.name}
              onReorder={onReorder}
              aria-label="Sections"
              className="divide-y divide-border rounded-lg border border-border"
              renderItem={(section, sortable) => (
                <div className="flex items-center gap-2 bg-surface px-2 py-2">
                  {sortable ? <DragHandle sortable={sortable} label={`Reorder ${section.name}`} /> : null}
                  {renaming === section.id ? (
                    <SectionNameForm
                      entityType={entityType}
                      section={section}
                      onDone={() => setRenaming(null)}
                    />
                  ) : (
                    <>
                      <span className="min-w-0 flex-1 truncate text-sm font-medium">{section.name}</span>
                      <FieldRowActions
                        name={section.name}
                        editLabel="Rename"
                        onEdit={() => setRenaming(section.id)}
                        onDelete={() => setDeleting(section)}
                      />
                    </>
                  )}
                </div>
              )}
            />
          )}
          <SectionNameForm entityType={entityType} section={null} onDone={() => undefined} />
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Done
          </Button>
        </DialogFooter>
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(next) => !next && setDeleting(null)}
          title={`Delete the ${deleting?.name ?? ''} section?`}
          description="Its fields are kept and move outside any section."
          confirmLabel="Delete section"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          onConfirm={() => void confirmDelete()}
        />
      </DialogContent>
    </Dialog>
  );
}

/** A new section's name (an add row), or a section's new name (inline rename). */
function SectionNameForm({
  entityType,
  section,
  onDone,
}: {
  entityType: CustomFieldEntityType;
  section: FieldSection | null;
  onDone: () => void;
}) {
  const save = useSaveFieldSection(entityType);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(sectionSchema), defaultValues: { name: section?.name ?? '' } });
  const id = section ? `section-name-${section.id}` : 'section-new-name';
  const error = errorText(errors.name);

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await save.mutateAsync({ section, name });
      if (!section) {
        toast.success('Section added', { description: `${name} is ready for fields.` });
        reset({ name: '' });
      }
      onDone();
    } catch (failure) {
      const message = applyApiErrors(failure, setError, ['name']);
      if (message) setError('name', { type: 'server', message });
    }
  });

  return (
    <form
      onSubmit={(event) => {
        // The add row sits inside the dialog; keep the submit to this small form.
        event.stopPropagation();
        void onSubmit(event);
      }}
      noValidate
      className="flex min-w-0 flex-1 flex-col gap-1"
      aria-label={section ? `Rename ${section.name}` : 'Add section'}
    >
      <div className="flex items-center gap-2">
        {section ? null : (
          <label htmlFor={id} className="sr-only">
            New section name
          </label>
        )}
        <Input
          {...fieldA11y(id, error)}
          aria-label={section ? `New name for ${section.name}` : undefined}
          placeholder={section ? undefined : 'New section name'}
          autoComplete="off"
          autoFocus={section !== null}
          className="h-9"
          {...register('name')}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && section) {
              event.preventDefault();
              event.stopPropagation();
              onDone();
            }
          }}
        />
        {section ? (
          <>
            <Button
              type="submit"
              size="icon"
              className="size-9"
              disabled={isSubmitting}
              aria-label="Save name"
            >
              <Check aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-9"
              onClick={onDone}
              aria-label="Cancel renaming"
            >
              <X aria-hidden="true" />
            </Button>
          </>
        ) : (
          <Button type="submit" variant="secondary" size="sm" className="h-9" disabled={isSubmitting}>
            <FolderPlus aria-hidden="true" />
            Add section
          </Button>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
