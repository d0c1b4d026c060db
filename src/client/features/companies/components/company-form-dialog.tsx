import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { createCompanySchema } from '../../../../common/validation/companies';
import type { FilterOption } from '../../../components/data-table/list-params';
import {
  type CustomFieldDefinitions,
  useCustomFieldDefinitions,
} from '../../../components/custom-fields/use-custom-field-definitions';
import { CustomFieldInputs } from '../../../components/custom-fields/custom-field-inputs';
import {
  customFieldDefaults,
  customFieldPaths,
  customFieldsSchema,
  toCustomFieldPayload,
} from '../../../components/custom-fields/validation';
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
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TagsInput } from '../../../components/ui/tags-input';
import { Textarea } from '../../../components/ui/textarea';
import { applyApiErrors, errorText } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useCreateCompany } from '../api';
import { relationshipOptions } from '../company-options';

interface CompanyFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  owners: FilterOption[];
  defaultOwnerId: string;
  tagSuggestions: string[];
  /** Opens the new company in the side panel. */
  onCreated: (id: string) => void;
}

const fields = [
  'companyName',
  'website',
  'industry',
  'keyContact',
  'employeeCount',
  'estimatedRevenue',
  'hqLocation',
  'companyType',
  'techStack',
  'relationshipStatus',
  'customTags',
  'assignedTo',
  'notes',
] as const;

/** "New company" with the shared create rule. */
export function CompanyFormDialog({ open, onOpenChange, ...props }: CompanyFormDialogProps) {
  const definitions = useCustomFieldDefinitions('company', { enabled: open });
  // The form starts once the organization's own fields are known (their defaults and rules).
  const ready = !definitions.isPending || definitions.isError;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        {open && ready ? (
          <CreateCompanyForm definitions={definitions} onDone={() => onOpenChange(false)} {...props} />
        ) : open ? (
          <div className="flex justify-center p-10">
            <Spinner label="Loading form" />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateCompanyForm({
  onDone,
  definitions,
  owners,
  defaultOwnerId,
  tagSuggestions,
  onCreated,
}: Omit<CompanyFormDialogProps, 'open' | 'onOpenChange'> & {
  onDone: () => void;
  definitions: CustomFieldDefinitions;
}) {
  const createCompany = useCreateCompany();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () => createCompanySchema.extend({ customFields: customFieldsSchema(definitions.all) }),
    [definitions.all],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      companyName: '',
      website: '',
      industry: '',
      keyContact: '',
      employeeCount: '',
      estimatedRevenue: '',
      hqLocation: '',
      companyType: '',
      techStack: [] as string[],
      relationshipStatus: 'prospect',
      customTags: [] as string[],
      assignedTo: defaultOwnerId,
      notes: '',
      customFields: customFieldDefaults(definitions.all),
    },
  });
  useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const company = await createCompany.mutateAsync({
        ...values,
        customFields: toCustomFieldPayload(definitions.all, values.customFields),
      });
      toast.success('Company created', {
        description: `${company.companyName} was added to your companies.`,
      });
      onDone();
      onCreated(company.id);
    } catch (error) {
      setFormError(applyApiErrors(error, setError, [...fields, ...customFieldPaths(definitions.all)]));
    }
  });
  const error = (name: (typeof fields)[number]) => errorText(errors[name]);

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>New company</DialogTitle>
        <DialogDescription>A business, agency or partner you deal with.</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="company-name" label="Company name" error={error('companyName')}>
            <Input
              {...fieldA11y('company-name', error('companyName'))}
              autoComplete="off"
              {...register('companyName')}
            />
          </FormField>
          <FormField id="company-website" label="Website" labelAside="Optional" error={error('website')}>
            <Input
              {...fieldA11y('company-website', error('website'))}
              type="url"
              inputMode="url"
              placeholder="https://"
              {...register('website')}
            />
          </FormField>
          <FormField id="company-relationship" label="Relationship" error={error('relationshipStatus')}>
            <Select
              {...fieldA11y('company-relationship', error('relationshipStatus'))}
              {...register('relationshipStatus')}
            >
              {relationshipOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="company-owner" label="Owner" error={error('assignedTo')}>
            <Select {...fieldA11y('company-owner', error('assignedTo'))} {...register('assignedTo')}>
              <option value="">Unassigned</option>
              {owners.map((owner) => (
                <option key={owner.value} value={owner.value}>
                  {owner.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="company-industry" label="Industry" labelAside="Optional" error={error('industry')}>
            <Input {...fieldA11y('company-industry', error('industry'))} {...register('industry')} />
          </FormField>
          <FormField
            id="company-type"
            label="Company type"
            labelAside="Optional"
            error={error('companyType')}
          >
            <Input
              {...fieldA11y('company-type', error('companyType'))}
              placeholder="e.g. Law firm, County office"
              {...register('companyType')}
            />
          </FormField>
          <FormField
            id="company-contact"
            label="Key contact"
            labelAside="Optional"
            error={error('keyContact')}
          >
            <Input {...fieldA11y('company-contact', error('keyContact'))} {...register('keyContact')} />
          </FormField>
          <FormField id="company-hq" label="Headquarters" labelAside="Optional" error={error('hqLocation')}>
            <Input
              {...fieldA11y('company-hq', error('hqLocation'))}
              placeholder="City, State"
              {...register('hqLocation')}
            />
          </FormField>
          <FormField
            id="company-employees"
            label="Employees"
            labelAside="Optional"
            error={error('employeeCount')}
          >
            <Input
              {...fieldA11y('company-employees', error('employeeCount'))}
              inputMode="numeric"
              {...register('employeeCount')}
            />
          </FormField>
          <FormField
            id="company-revenue"
            label="Estimated revenue"
            labelAside="Optional"
            error={error('estimatedRevenue')}
          >
            <Input
              {...fieldA11y('company-revenue', error('estimatedRevenue'))}
              inputMode="decimal"
              placeholder="$"
              {...register('estimatedRevenue')}
            />
          </FormField>
          <FormField id="company-tags" label="Tags" labelAside="Enter to add" error={error('customTags')}>
            <Controller
              control={control}
              name="customTags"
              render={({ field }) => (
                <TagsInput
                  {...fieldA11y('company-tags', error('customTags'))}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  suggestions={tagSuggestions}
                />
              )}
            />
          </FormField>
          <FormField
            id="company-tech"
            label="Tech stack"
            labelAside="Enter to add"
            error={error('techStack')}
          >
            <Controller
              control={control}
              name="techStack"
              render={({ field }) => (
                <TagsInput
                  {...fieldA11y('company-tech', error('techStack'))}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  placeholder="Add a tool…"
                />
              )}
            />
          </FormField>
          <FormField
            id="company-notes"
            label="Notes"
            labelAside="Optional"
            error={error('notes')}
            className="sm:col-span-2"
          >
            <Textarea {...fieldA11y('company-notes', error('notes'))} rows={3} {...register('notes')} />
          </FormField>
        </div>
        {definitions.isError ? null : (
          <CustomFieldInputs
            control={control}
            entityType="company"
            definitions={definitions}
            className="border-t border-border pt-5"
          />
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Saving…' : 'Create company'}
        </Button>
      </DialogFooter>
    </form>
  );
}
