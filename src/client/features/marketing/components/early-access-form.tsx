import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { earlyAccessSchema } from '../../../../common/validation/public-submissions';
import { Button } from '../../../components/ui/button';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { applyApiErrors } from '../../../lib/form-errors';
import { useJoinEarlyAccess } from '../api';
import { personas } from '../personas';

const fields = ['name', 'email', 'company', 'persona'] as const;

/** The landing page's early-access signup (POST /api/early-access). */
export function EarlyAccessForm() {
  const join = useJoinEarlyAccess();
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<'joined' | 'already' | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(earlyAccessSchema),
    defaultValues: { name: '', email: '', company: '', persona: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await join.mutateAsync(values);
      setResult(answer.alreadyRegistered ? 'already' : 'joined');
      reset();
    } catch (error) {
      setFormError(applyApiErrors(error, setError, fields));
    }
  });

  if (result) {
    return (
      <div role="status" className="flex flex-col items-center py-8 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CheckCircle2 className="size-6" aria-hidden="true" />
        </div>
        <h3 className="mt-4 text-lg font-semibold">
          {result === 'already' ? "You're already on the list" : "You're on the list!"}
        </h3>
        <p className="mt-2 max-w-sm text-sm leading-6 text-muted-foreground">
          {result === 'already'
            ? 'This address has already signed up. We will be in touch as soon as your invitation is ready.'
            : 'Thanks for signing up. We will e-mail you when your early-access invitation is ready.'}
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Early access" className="flex flex-col gap-4">
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="early-name" label="Full name" error={errors.name?.message}>
          <Input
            {...fieldA11y('early-name', errors.name?.message)}
            autoComplete="name"
            {...register('name')}
          />
        </FormField>
        <FormField id="early-email" label="Work email" error={errors.email?.message}>
          <Input
            {...fieldA11y('early-email', errors.email?.message)}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...register('email')}
          />
        </FormField>
        <FormField id="early-company" label="Company" labelAside="Optional" error={errors.company?.message}>
          <Input
            {...fieldA11y('early-company', errors.company?.message)}
            autoComplete="organization"
            {...register('company')}
          />
        </FormField>
        <FormField id="early-persona" label="Your role" error={errors.persona?.message}>
          <Select {...fieldA11y('early-persona', errors.persona?.message)} {...register('persona')}>
            <option value="" disabled>
              Select your role
            </option>
            {personas.map((persona) => (
              <option key={persona} value={persona}>
                {persona}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto sm:self-start">
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? 'Joining...' : 'Join early access'}
      </Button>
    </form>
  );
}
