import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  serviceRequestCategories,
  serviceRequestPriorities,
} from '../../../../common/validation/platform-values';
import {
  type CreateServiceRequestInput,
  createServiceRequestSchema,
  serviceRequestCategoryLabels,
  serviceRequestPriorityLabels,
} from '../../../../common/validation/service-requests';
import { Button } from '../../../components/ui/button';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { applyApiErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useFileServiceRequest } from '../api';
import { useState } from 'react';

const defaults: CreateServiceRequestInput = {
  subject: '',
  description: '',
  // Nothing chosen yet: the schema answers "Please select a category".
  category: '' as CreateServiceRequestInput['category'],
  priority: 'medium',
};

/** An organization admin's request to the platform team (subject, description, category, priority). */
export function ServiceRequestForm() {
  const id = useId();
  const filing = useFileServiceRequest();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateServiceRequestInput>({
    resolver: zodResolver(createServiceRequestSchema),
    defaultValues: defaults,
  });
  const field = (name: string) => `${id}-${name}`;

  const onValid = async (values: CreateServiceRequestInput) => {
    setFormError(null);
    try {
      await filing.mutateAsync(values);
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ['subject', 'description', 'category', 'priority']));
      return;
    }
    toast.success('Service request sent', { description: 'The Locus team will get back to you.' });
    reset(defaults);
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      noValidate
      aria-label="Service request"
      className="flex flex-col gap-4"
    >
      <FormField id={field('subject')} label="Subject" error={errors.subject?.message}>
        <Input
          {...fieldA11y(field('subject'), errors.subject?.message)}
          placeholder="What do you need help with?"
          {...register('subject')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={field('category')} label="Category" error={errors.category?.message}>
          <Select {...fieldA11y(field('category'), errors.category?.message)} {...register('category')}>
            <option value="" disabled>
              Select a category
            </option>
            {serviceRequestCategories.map((category) => (
              <option key={category} value={category}>
                {serviceRequestCategoryLabels[category]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={field('priority')} label="Priority" error={errors.priority?.message}>
          <Select {...fieldA11y(field('priority'), errors.priority?.message)} {...register('priority')}>
            {serviceRequestPriorities.map((priority) => (
              <option key={priority} value={priority}>
                {serviceRequestPriorityLabels[priority]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <FormField id={field('description')} label="Description" error={errors.description?.message}>
        <Textarea
          {...fieldA11y(field('description'), errors.description?.message)}
          rows={4}
          placeholder="Tell us what happened, what you expected and who is affected."
          {...register('description')}
        />
      </FormField>
      <FormError message={formError} />
      <div className="flex justify-end">
        <Button type="submit" disabled={filing.isPending}>
          {filing.isPending ? <Spinner /> : null}
          {filing.isPending ? 'Sending…' : 'Send request'}
        </Button>
      </div>
    </form>
  );
}
