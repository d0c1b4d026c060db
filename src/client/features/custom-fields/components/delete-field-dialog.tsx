import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';

/** Asks before a field definition is deleted (Settings › Custom fields and › Objects), then deletes it. */
export function DeleteFieldDialog({
  field,
  from,
  description,
  remove,
  onClose,
}: {
  /** The field to delete, or null when closed. */
  field: { id: string; name: string } | null;
  /** Where the field is removed from, for the toast ("leads"). */
  from: string;
  description: string;
  remove: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  onClose: () => void;
}) {
  const confirmDelete = async () => {
    if (!field) return;
    try {
      await remove.mutateAsync(field.id);
      toast.success('Field deleted', { description: `${field.name} was removed from ${from}.` });
      onClose();
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
  };

  return (
    <ConfirmDialog
      open={field !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${field?.name ?? ''}?`}
      description={description}
      confirmLabel="Delete field"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      onConfirm={() => void confirmDelete()}
    />
  );
}
