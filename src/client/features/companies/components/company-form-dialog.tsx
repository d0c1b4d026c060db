import type { CreateCompanyInput } from '../../../../common/validation/companies';
import { RecordFormDialog } from '../../records/record-form-dialog';
import { useCreateCompany } from '../api';
import { companyFormDescription } from '../company-record-fields';

interface CompanyFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the new company in the side panel. */
  onCreated: (id: string) => void;
}

/** "New company": the kit's form from the company's description. */
export function CompanyFormDialog({ open, onOpenChange, onCreated }: CompanyFormDialogProps) {
  const createCompany = useCreateCompany();
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      description={companyFormDescription}
      save={(values) => createCompany.mutateAsync(values as CreateCompanyInput)}
      onSaved={(company) => onCreated(company.id)}
    />
  );
}
