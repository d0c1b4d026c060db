import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  platformOrganizationFormSchema,
  type UpdatePlatformOrganizationInput,
} from '../../../../common/validation/platform-organizations';
import { Button } from '../../../components/ui/button';
import {
  DialogBody,
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
import { changedFields } from '../../../lib/changed-fields';
import { applyApiErrors, errorText } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { type PlatformOrganizationDetail, useUpdatePlatformOrganization } from '../api/organizations';
import { planLabels } from './organization-format';

const fields = ['name', 'planType', 'maxUsers', 'billingEmail', 'contractStart', 'contractEnd'] as const;

/** Edits what the platform decides: name, plan, seats, contract dates and billing e-mail. */
export function OrganizationEditForm({
  organization,
  onDone,
}: {
  organization: PlatformOrganizationDetail;
  onDone: () => void;
}) {
  const update = useUpdatePlatformOrganization();
  const [formError, setFormError] = useState<string | null>(null);
  const [opened] = useState(() => ({
    name: organization.name,
    planType: organization.planType,
    maxUsers: organization.maxUsers,
    billingEmail: organization.billingEmail ?? null,
    contractStart: organization.contractStart ?? null,
    contractEnd: organization.contractEnd ?? null,
  }));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(platformOrganizationFormSchema),
    defaultValues: {
      ...opened,
      billingEmail: opened.billingEmail ?? '',
      contractStart: opened.contractStart ?? '',
      contractEnd: opened.contractEnd ?? '',
    },
  });
  useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const input = changedFields(opened, values as typeof opened) as UpdatePlatformOrganizationInput;
    if (Object.keys(input).length === 0) {
      onDone();
      return;
    }
    try {
      await update.mutateAsync({ id: organization.id, input });
      toast.success('Organization updated', {
        description: `Changes to ${values.name ?? organization.name} were saved.`,
      });
      onDone();
    } catch (error) {
      setFormError(applyApiErrors(error, setError, fields));
    }
  });

  const error = (name: (typeof fields)[number]) => errorText(errors[name]);

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>Edit {organization.name}</DialogTitle>
        <DialogDescription>
          Plan, seats and contract. Max users cannot go below the {organization.usage.activeUsers} active{' '}
          {organization.usage.activeUsers === 1 ? 'user' : 'users'}.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="organization-name" label="Name" error={error('name')} className="sm:col-span-2">
            <Input {...fieldA11y('organization-name', error('name'))} {...register('name')} />
          </FormField>
          <FormField id="organization-plan" label="Plan" error={error('planType')}>
            <Select {...fieldA11y('organization-plan', error('planType'))} {...register('planType')}>
              {Object.entries(planLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="organization-max-users" label="Max users" error={error('maxUsers')}>
            <Input
              {...fieldA11y('organization-max-users', error('maxUsers'))}
              type="number"
              min={1}
              inputMode="numeric"
              {...register('maxUsers', { valueAsNumber: true })}
            />
          </FormField>
          <FormField
            id="organization-billing-email"
            label="Billing e-mail"
            labelAside="Optional"
            error={error('billingEmail')}
            className="sm:col-span-2"
          >
            <Input
              {...fieldA11y('organization-billing-email', error('billingEmail'))}
              type="email"
              autoComplete="off"
              {...register('billingEmail')}
            />
          </FormField>
          <FormField
            id="organization-contract-start"
            label="Contract start"
            labelAside="Optional"
            error={error('contractStart')}
          >
            <Input
              {...fieldA11y('organization-contract-start', error('contractStart'))}
              type="date"
              {...register('contractStart')}
            />
          </FormField>
          <FormField
            id="organization-contract-end"
            label="Contract end"
            labelAside="Optional"
            error={error('contractEnd')}
          >
            <Input
              {...fieldA11y('organization-contract-end', error('contractEnd'))}
              type="date"
              {...register('contractEnd')}
            />
          </FormField>
        </div>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Saving…' : 'Save changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
