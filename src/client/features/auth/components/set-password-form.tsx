import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { passwordField } from '../../../../common/validation/common';
import { Button } from '../../../components/ui/button';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { applyApiErrors } from '../../../lib/form-errors';

const setPasswordSchema = z
  .object({ password: passwordField, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'Passwords do not match',
  });

/** New password + confirmation, for a reset link and an invitation alike. */
export function SetPasswordForm({
  submitLabel,
  busyLabel,
  onSubmit: submit,
}: {
  submitLabel: string;
  busyLabel: string;
  onSubmit: (password: string) => Promise<void>;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(setPasswordSchema), defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await submit(values.password);
    } catch (error) {
      // 400 "This link is invalid or has expired" or the password rule.
      setFormError(applyApiErrors(error, setError, ['password']));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Choose a password">
      <FormError message={formError} />
      <FormField
        id="new-password"
        label="New password"
        error={errors.password?.message}
        hint="At least 6 characters"
      >
        <PasswordInput
          {...fieldA11y('new-password', errors.password?.message, 'At least 6 characters')}
          autoComplete="new-password"
          autoFocus
          {...register('password')}
        />
      </FormField>
      <FormField id="confirm-password" label="Confirm new password" error={errors.confirm?.message}>
        <PasswordInput
          {...fieldA11y('confirm-password', errors.confirm?.message)}
          autoComplete="new-password"
          {...register('confirm')}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
