import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { type CreateLeadInput, createLeadSchema } from '../../../../common/validation/leads';
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
import { SuggestionInput } from '../../../components/ui/suggestion-input';
import { TagsInput } from '../../../components/ui/tags-input';
import { Textarea } from '../../../components/ui/textarea';
import { readApiError } from '../../../lib/api';
import { applyApiErrors, errorText } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { type DuplicateMatch, useCreateLead, useFindDuplicates } from '../api';
import { interestLevelOptions, phoneTypeOptions, settableLeadStatusOptions } from '../lead-options';

interface LeadFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  owners: FilterOption[];
  defaultOwnerId: string;
  sources: string[];
  tagSuggestions: string[];
}

const fields = [
  'fullName',
  'email',
  'phone',
  'phoneType',
  'businessName',
  'industry',
  'location',
  'leadSource',
  'leadStatus',
  'interestLevel',
  'assignedOwner',
  'notes',
  'tags',
] as const;

/** "New lead": the shared create rule, and a duplicate check (same e-mail or phone) before saving. */
export function LeadFormDialog({ open, onOpenChange, ...props }: LeadFormDialogProps) {
  const definitions = useCustomFieldDefinitions('lead', { enabled: open });
  // The form starts once the organization's own fields are known (their defaults and rules).
  const ready = !definitions.isPending || definitions.isError;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        {open && ready ? (
          <CreateLeadForm definitions={definitions} onDone={() => onOpenChange(false)} {...props} />
        ) : open ? (
          <div className="flex justify-center p-10">
            <Spinner label="Loading form" />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateLeadForm({
  onDone,
  definitions,
  owners,
  defaultOwnerId,
  sources,
  tagSuggestions,
}: Omit<LeadFormDialogProps, 'open' | 'onOpenChange'> & {
  onDone: () => void;
  definitions: CustomFieldDefinitions;
}) {
  const createLead = useCreateLead();
  const findDuplicates = useFindDuplicates();
  const [formError, setFormError] = useState<string | null>(null);
  const [duplicates, setDuplicates] = useState<DuplicateMatch[] | null>(null);
  const [checking, setChecking] = useState(false);
  const schema = useMemo(
    () => createLeadSchema.extend({ customFields: customFieldsSchema(definitions.all) }),
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
      fullName: '',
      email: '',
      phone: '',
      phoneType: '',
      businessName: '',
      industry: '',
      location: '',
      leadSource: '',
      leadStatus: 'New',
      interestLevel: '',
      assignedOwner: defaultOwnerId,
      notes: '',
      tags: [] as string[],
      customFields: customFieldDefaults(definitions.all),
    },
  });
  useUnsavedChanges(isDirty);

  const save = async (
    values: Omit<CreateLeadInput, 'customFields'> & { customFields?: Record<string, unknown> },
  ) => {
    try {
      const lead = await createLead.mutateAsync({
        ...values,
        customFields: toCustomFieldPayload(definitions.all, values.customFields),
      });
      toast.success('Lead created', { description: `${lead.fullName} was added to your leads.` });
      onDone();
    } catch (error) {
      setDuplicates(null);
      setFormError(applyApiErrors(error, setError, [...fields, ...customFieldPaths(definitions.all)]));
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (duplicates === null) {
      setChecking(true);
      try {
        const matches = await findDuplicates({ email: values.email, phone: values.phone });
        if (matches.length > 0) {
          setDuplicates(matches);
          return;
        }
      } catch (error) {
        // The check is advice: if it cannot run, saving still goes ahead.
        console.warn('Duplicate check failed', readApiError(error).message);
      } finally {
        setChecking(false);
      }
    }
    await save(values);
  });

  const error = (name: (typeof fields)[number]) => errorText(errors[name]);
  const busy = isSubmitting || checking;
  // Changing the e-mail or phone asks again.
  const resetDuplicates = { onChange: () => setDuplicates(null) };

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>New lead</DialogTitle>
        <DialogDescription>
          Capture a prospect now; you can fill in the rest as you learn more.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-5">
        <FormError message={formError} />
        {duplicates && duplicates.length > 0 ? <DuplicateWarning matches={duplicates} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="lead-full-name"
            label="Full name"
            error={error('fullName')}
            className="sm:col-span-2"
          >
            <Input
              {...fieldA11y('lead-full-name', error('fullName'))}
              autoComplete="off"
              {...register('fullName')}
            />
          </FormField>
          <FormField id="lead-email" label="Email" labelAside="Optional" error={error('email')}>
            <Input
              {...fieldA11y('lead-email', error('email'))}
              type="email"
              inputMode="email"
              autoComplete="off"
              {...register('email', resetDuplicates)}
            />
          </FormField>
          <div className="grid grid-cols-[1fr_7.5rem] gap-2">
            <FormField id="lead-phone" label="Phone" labelAside="Optional" error={error('phone')}>
              <Input
                {...fieldA11y('lead-phone', error('phone'))}
                type="tel"
                autoComplete="off"
                {...register('phone', resetDuplicates)}
              />
            </FormField>
            <FormField id="lead-phone-type" label="Type" error={error('phoneType')}>
              <Select {...fieldA11y('lead-phone-type', error('phoneType'))} {...register('phoneType')}>
                <option value="">—</option>
                {phoneTypeOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
          <FormField
            id="lead-business"
            label="Business name"
            labelAside="Optional"
            error={error('businessName')}
          >
            <Input {...fieldA11y('lead-business', error('businessName'))} {...register('businessName')} />
          </FormField>
          <FormField id="lead-industry" label="Industry" labelAside="Optional" error={error('industry')}>
            <Input {...fieldA11y('lead-industry', error('industry'))} {...register('industry')} />
          </FormField>
          <FormField id="lead-location" label="Location" labelAside="Optional" error={error('location')}>
            <Input
              {...fieldA11y('lead-location', error('location'))}
              placeholder="City, State"
              {...register('location')}
            />
          </FormField>
          <FormField id="lead-source" label="Lead source" labelAside="Optional" error={error('leadSource')}>
            <Controller
              control={control}
              name="leadSource"
              render={({ field }) => (
                <SuggestionInput
                  {...fieldA11y('lead-source', error('leadSource'))}
                  name={field.name}
                  ref={field.ref}
                  value={String(field.value ?? '')}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  suggestions={sources}
                />
              )}
            />
          </FormField>
          <FormField id="lead-status" label="Status" error={error('leadStatus')}>
            <Select {...fieldA11y('lead-status', error('leadStatus'))} {...register('leadStatus')}>
              {settableLeadStatusOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            id="lead-interest"
            label="Interest level"
            labelAside="Optional"
            error={error('interestLevel')}
          >
            <Select {...fieldA11y('lead-interest', error('interestLevel'))} {...register('interestLevel')}>
              <option value="">Not set</option>
              {interestLevelOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="lead-owner" label="Owner" error={error('assignedOwner')} className="sm:col-span-2">
            <Select {...fieldA11y('lead-owner', error('assignedOwner'))} {...register('assignedOwner')}>
              <option value="">Unassigned</option>
              {owners.map((owner) => (
                <option key={owner.value} value={owner.value}>
                  {owner.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            id="lead-tags"
            label="Tags"
            labelAside="Enter to add"
            error={error('tags')}
            className="sm:col-span-2"
          >
            <Controller
              control={control}
              name="tags"
              render={({ field }) => (
                <TagsInput
                  {...fieldA11y('lead-tags', error('tags'))}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  suggestions={tagSuggestions}
                />
              )}
            />
          </FormField>
          <FormField
            id="lead-notes"
            label="Notes"
            labelAside="Optional"
            error={error('notes')}
            className="sm:col-span-2"
          >
            <Textarea {...fieldA11y('lead-notes', error('notes'))} rows={3} {...register('notes')} />
          </FormField>
        </div>
        {definitions.isError ? null : (
          <CustomFieldInputs
            control={control}
            entityType="lead"
            definitions={definitions}
            className="border-t border-border pt-5"
          />
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : null}
          {checking ? 'Checking…' : isSubmitting ? 'Saving…' : duplicates ? 'Save anyway' : 'Create lead'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function DuplicateWarning({ matches }: { matches: DuplicateMatch[] }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <div className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        {matches.length === 1 ? 'This may be a duplicate' : `This may duplicate ${matches.length} records`}
      </div>
      <p className="mt-1 leading-6">
        The same e-mail or phone is already on file. Open a match to check it, or save this lead anyway.
      </p>
      <ul className="mt-2 flex flex-col gap-1.5">
        {matches.map((match) => (
          <li key={`${match.kind}-${match.id}`} className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <span className="rounded bg-amber-100 px-1.5 text-xs font-medium uppercase">
              {match.kind === 'lead' ? 'Lead' : 'Client'}
            </span>
            <Link
              href={match.kind === 'lead' ? `/leads/${match.id}` : `/clients/${match.id}`}
              className="font-medium underline underline-offset-2 hover:text-amber-950"
            >
              {match.name}
            </Link>
            <span className="min-w-0 truncate text-amber-800">
              {[match.email, match.phone].filter(Boolean).join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
