import type { CreateLeadInput } from '../../../../common/validation/leads';
import { useLeadSourceNames } from '../../../components/data-table/use-record-options';
import { RecordFormDialog } from '../../records/record-form-dialog';
import { useCreateLead } from '../api';
import { leadFormDescription } from '../lead-record-fields';
import { useDuplicateGuard } from './duplicate-guard';

interface LeadFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the lead was created (the list shows it; nothing else opens). */
  onCreated?: (id: string) => void;
}

/** "New lead": the kit's form from the lead's description, with the duplicate check before saving. */
export function LeadFormDialog({ open, onOpenChange, onCreated }: LeadFormDialogProps) {
  const createLead = useCreateLead();
  const sources = useLeadSourceNames();
  const guard = useDuplicateGuard();
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={(next) => {
        // A new form asks again.
        if (!next) guard.reset();
        onOpenChange(next);
      }}
      description={leadFormDescription}
      save={(values) => createLead.mutateAsync(values as CreateLeadInput)}
      onSaved={(lead) => onCreated?.(lead.id)}
      suggestions={{ sources }}
      guard={guard}
    />
  );
}
