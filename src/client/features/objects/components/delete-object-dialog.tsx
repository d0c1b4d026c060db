import { useState } from 'react';
import type { ObjectDefinition } from '../../../../common/validation/objects';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteEntityDefinition } from '../api';
import { recordCountLabel } from '../object-labels';

/** Deleting an object takes its records with it, so the user types its name first. */
export function DeleteObjectDialog({
  definition,
  onOpenChange,
  onDeleted,
}: {
  definition: ObjectDefinition | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteEntityDefinition();
  const [typed, setTyped] = useState('');
  const name = definition?.pluralName ?? '';
  const confirmed = typed.trim().toLowerCase() === name.trim().toLowerCase();

  const close = (open: boolean) => {
    if (!open) setTyped('');
    onOpenChange(open);
  };

  const confirm = async () => {
    if (!definition || !confirmed) return;
    try {
      await remove.mutateAsync(definition.id);
      toast.success(`${name} deleted`, { description: 'The object and its records are gone.' });
      close(false);
      onDeleted?.();
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
  };

  return (
    <ConfirmDialog
      open={definition !== null}
      onOpenChange={close}
      title={`Delete ${name}?`}
      description={
        <>
          This deletes the object and its {recordCountLabel(definition?.recordCount ?? null)}, with their
          relationships to other records. It cannot be undone. To hide it but keep the records, turn it off
          instead.
        </>
      }
      confirmLabel="Delete object"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      confirmDisabled={!confirmed}
      onConfirm={() => void confirm()}
    >
      <FormField id="delete-object-name" label={`Type “${name}” to confirm`}>
        <Input
          id="delete-object-name"
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void confirm();
            }
          }}
        />
      </FormField>
    </ConfirmDialog>
  );
}
