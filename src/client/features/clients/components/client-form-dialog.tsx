import type { CreateClientInput } from '../../../../common/validation/clients';
import { RecordFormDialog } from '../../records/record-form-dialog';
import { useCreateClient } from '../api';
import { clientFormDescription } from '../client-record-fields';

interface ClientFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the new client. */
  onCreated: (id: string) => void;
}

/** "New client": the kit's form from the client's description. */
export function ClientFormDialog({ open, onOpenChange, onCreated }: ClientFormDialogProps) {
  const createClient = useCreateClient();
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      description={clientFormDescription}
      save={(values) => createClient.mutateAsync(values as CreateClientInput)}
      onSaved={(client) => onCreated(client.id)}
    />
  );
}
