import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { defaultIndustrySector, industrySectorValues } from '../../../../common/constants';
import { registerSchema } from '../../../../common/validation/auth';
import { Button } from '../../../components/ui/button';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { applyApiErrors } from '../../../lib/form-errors';
import { useRegister } from '../api';

const fields = ['organizationName', 'industrySector', 'firstName', 'lastName', 'email', 'password'] as const;

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const registration = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      organizationName: '',
      industrySector: defaultIndustrySector,
      firstName: '',
      lastName: '',
      email: '',
      password: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await registration.mutateAsync(values);
      onRegistered();
    } catch (error) {
      setFormError(applyApiErrors(error, setError, fields));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Create account">
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-first-name" label="First name" error={errors.firstName?.message}>
          <Input
            {...fieldA11y('register-first-name', errors.firstName?.message)}
            autoComplete="given-name"
            {...register('firstName')}
          />
        </FormField>
        <FormField id="register-last-name" label="Last name" error={errors.lastName?.message}>
          <Input
            {...fieldA11y('register-last-name', errors.lastName?.message)}
            autoComplete="family-name"
            {...register('lastName')}
          />
        </FormField>
      </div>
      <FormField
        id="register-organization"
        label="Organization name"
        error={errors.organizationName?.message}
      >
        <Input
          {...fieldA11y('register-organization', errors.organizationName?.message)}
          autoComplete="organization"
          placeholder="Acme Recovery LLC"
          {...register('organizationName')}
        />
      </FormField>
      <FormField
        id="register-industry"
        label="Industry"
        error={errors.industrySector?.message}
        hint="Tailors your pipeline stages, guided tours and help articles."
      >
        <Select
          {...fieldA11y(
            'register-industry',
            errors.industrySector?.message,
            'Tailors your pipeline stages, guided tours and help articles.',
          )}
          {...register('industrySector')}
        >
          {industrySectorValues.map((sector) => (
            <option key={sector} value={sector}>
              {sector}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="register-email" label="Work email" error={errors.email?.message}>
        <Input
          {...fieldA11y('register-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          {...register('email')}
        />
      </FormField>
      <FormField
        id="register-password"
        label="Password"
        error={errors.password?.message}
        hint="At least 6 characters."
      >
        <PasswordInput
          {...fieldA11y('register-password', errors.password?.message, 'At least 6 characters.')}
          autoComplete="new-password"
          {...register('password')}
        />
      </FormField>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={isSubmitting}>
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? 'Creating your workspace…' : 'Create account'}
      </Button>
    </form>
  );
}
