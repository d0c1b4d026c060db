import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { createClientSchema } from '../../../../common/validation/clients';
import { dateInputToIso } from '../../../components/data-table/format';
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
import { useCreateClient } from '../api';
import { clientStatusOptions, phoneTypeOptions } from '../client-options';
import { stateOptions } from '../../../components/state-options';

interface ClientFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  owners: FilterOption[];
  defaultOwnerId: string;
  tagSuggestions: string[];
  /** Opens the new client. */
  onCreated: (id: string) => void;
}

const fields = [
  'displayName',
  'email',
  'phone',
  'phoneType',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zip',
  'notes',
  'status',
  'assignedTo',
  'tags',
  'lastContactDate',
] as const;

/** "New client" with the shared create rule. */
export function ClientFormDialog({ open, onOpenChange, ...props }: ClientFormDialogProps) {
  const definitions = useCustomFieldDefinitions('client', { enabled: open });
  // The form starts once the organization's own fields are known (their defaults and rules).
  const ready = !definitions.isPending || definitions.isError;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        {open && ready ? (
          <CreateClientForm definitions={definitions} onDone={() => onOpenChange(false)} {...props} />
        ) : open ? (
          <div className="flex justify-center p-10">
            <Spinner label="Loading form" />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateClientForm({
  onDone,
  definitions,
  owners,
  defaultOwnerId,
  tagSuggestions,
  onCreated,
}: Omit<ClientFormDialogProps, 'open' | 'onOpenChange'> & {
  onDone: () => void;
  definitions: CustomFieldDefinitions;
}) {
  const createClient = useCreateClient();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () => createClientSchema.extend({ customFields: customFieldsSchema(definitions.all) }),
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
      displayName: '',
      email: '',
      phone: '',
      phoneType: '',
      addressLine1: '',
      addressLine2: '',
      city: '',
      state: '',
      zip: '',
      notes: '',
      status: 'active',
      assignedTo: defaultOwnerId,
      tags: [] as string[],
      lastContactDate: '',
      customFields: customFieldDefaults(definitions.all),
    },
  });
  useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const client = await createClient.mutateAsync({
        ...values,
        lastContactDate: dateInputToIso(values.lastContactDate ?? '', 'noon') || null,
        customFields: toCustomFieldPayload(definitions.all, values.customFields),
      });
      toast.success('Client created', { description: `${client.displayName} was added to your clients.` });
      onDone();
      onCreated(client.id);
    } catch (error) {
      setFormError(applyApiErrors(error, setError, [...fields, ...customFieldPaths(definitions.all)]));
    }
  });
  const error = (name: (typeof fields)[number]) => errorText(errors[name]);

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>New client</DialogTitle>
        <DialogDescription>
          Usually clients come from converted leads; add one here when you start working with someone
          directly.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <FormError message={formError} />
        <FormField id="client-name" label="Display name" error={error('displayName')}>
          <Input
            {...fieldA11y('client-name', error('displayName'))}
            autoComplete="off"
            {...register('displayName')}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="client-email" label="Email" labelAside="Optional" error={error('email')}>
            <Input
              {...fieldA11y('client-email', error('email'))}
              type="email"
              inputMode="email"
              autoComplete="off"
              {...register('email')}
            />
          </FormField>
          <div className="grid grid-cols-[1fr_7.5rem] gap-2">
            <FormField id="client-phone" label="Phone" labelAside="Optional" error={error('phone')}>
              <Input
                {...fieldA11y('client-phone', error('phone'))}
                type="tel"
                autoComplete="off"
                {...register('phone')}
              />
            </FormField>
            <FormField id="client-phone-type" label="Type" error={error('phoneType')}>
              <Select {...fieldA11y('client-phone-type', error('phoneType'))} {...register('phoneType')}>
                <option value="">—</option>
                {phoneTypeOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-6">
          <legend className="mb-2 text-sm font-medium">Mailing address</legend>
          <FormField
            id="client-address1"
            label="Address line 1"
            labelAside="Optional"
            error={error('addressLine1')}
            className="sm:col-span-6"
          >
            <Input
              {...fieldA11y('client-address1', error('addressLine1'))}
              autoComplete="off"
              {...register('addressLine1')}
            />
          </FormField>
          <FormField
            id="client-address2"
            label="Address line 2"
            labelAside="Optional"
            error={error('addressLine2')}
            className="sm:col-span-6"
          >
            <Input
              {...fieldA11y('client-address2', error('addressLine2'))}
              autoComplete="off"
              {...register('addressLine2')}
            />
          </FormField>
          <FormField id="client-city" label="City" error={error('city')} className="sm:col-span-2">
            <Input {...fieldA11y('client-city', error('city'))} autoComplete="off" {...register('city')} />
          </FormField>
          <FormField id="client-state" label="State" error={error('state')} className="sm:col-span-2">
            <Select {...fieldA11y('client-state', error('state'))} {...register('state')}>
              <option value="">—</option>
              {stateOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="client-zip" label="ZIP code" error={error('zip')} className="sm:col-span-2">
            <Input
              {...fieldA11y('client-zip', error('zip'))}
              inputMode="numeric"
              autoComplete="off"
              {...register('zip')}
            />
          </FormField>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="client-status" label="Status" error={error('status')}>
            <Select {...fieldA11y('client-status', error('status'))} {...register('status')}>
              {clientStatusOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="client-owner" label="Owner" error={error('assignedTo')}>
            <Select {...fieldA11y('client-owner', error('assignedTo'))} {...register('assignedTo')}>
              <option value="">Unassigned</option>
              {owners.map((owner) => (
                <option key={owner.value} value={owner.value}>
                  {owner.label}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <FormField
          id="client-last-contact"
          label="Last contact"
          labelAside="Optional"
          error={error('lastContactDate')}
        >
          <Input
            {...fieldA11y('client-last-contact', error('lastContactDate'))}
            type="date"
            {...register('lastContactDate')}
          />
        </FormField>
        <FormField id="client-tags" label="Tags" labelAside="Enter to add" error={error('tags')}>
          <Controller
            control={control}
            name="tags"
            render={({ field }) => (
              <TagsInput
                {...fieldA11y('client-tags', error('tags'))}
                value={field.value ?? []}
                onChange={field.onChange}
                suggestions={tagSuggestions}
              />
            )}
          />
        </FormField>
        <FormField id="client-notes" label="Notes" labelAside="Optional" error={error('notes')}>
          <Textarea {...fieldA11y('client-notes', error('notes'))} rows={3} {...register('notes')} />
        </FormField>
        {definitions.isError ? null : (
          <CustomFieldInputs
            control={control}
            entityType="client"
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
          {isSubmitting ? 'Saving…' : 'Create client'}
        </Button>
      </DialogFooter>
    </form>
  );
}
