import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { changePasswordSchema } from '../../../../common/validation/auth';
import { Button } from '../../../components/ui/button';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { applyApiErrors } from '../../../lib/form-errors';
import { useChangePassword } from '../api';

export const passwordsDoNotMatchMessage = 'Passwords do not match';

const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: passwordsDoNotMatchMessage,
    path: ['confirmPassword'],
  });

const hint = 'At least 6 characters.';

interface ChangePasswordFormProps {
  /** Prefix of the field ids, unique on the page. */
  idPrefix: string;
  submitLabel: string;
  /** Runs after the server accepted the new password; the form resets when it settles. */
  onChanged: () => Promise<void> | void;
  /** The forced screen: a large full-width button. */
  prominent?: boolean;
  className?: string;
}

/** Current password, new password and its confirmation; POST /api/auth/change-password. */
export function ChangePasswordForm({
  idPrefix,
  submitLabel,
  onChanged,
  prominent,
  className,
}: ChangePasswordFormProps) {
  const changePassword = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ['currentPassword', 'newPassword']));
      return;
    }
    await onChanged();
    reset();
  });

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={cn('flex flex-col gap-4', className)}
      aria-label="Change password"
    >
      <FormError message={formError} />
      <FormField id={id('current')} label="Current password" error={errors.currentPassword?.message}>
        <PasswordInput
          {...fieldA11y(id('current'), errors.currentPassword?.message)}
          autoComplete="current-password"
          {...register('currentPassword')}
        />
      </FormField>
      <FormField id={id('new')} label="New password" error={errors.newPassword?.message} hint={hint}>
        <PasswordInput
          {...fieldA11y(id('new'), errors.newPassword?.message, hint)}
          autoComplete="new-password"
          {...register('newPassword')}
        />
      </FormField>
      <FormField id={id('confirm')} label="Confirm new password" error={errors.confirmPassword?.message}>
        <PasswordInput
          {...fieldA11y(id('confirm'), errors.confirmPassword?.message)}
          autoComplete="new-password"
          {...register('confirmPassword')}
        />
      </FormField>
      <Button
        type="submit"
        size={prominent ? 'lg' : 'md'}
        className={prominent ? 'mt-2 w-full' : 'self-start'}
        disabled={isSubmitting}
      >
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
