import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { loginSchema } from '../../../../common/validation/auth';
import { Button } from '../../../components/ui/button';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { applyApiErrors } from '../../../lib/form-errors';
import { useLogin } from '../api';

export function SignInForm({
  onSignedIn,
  onForgotPassword,
}: {
  onSignedIn: () => void;
  onForgotPassword?: () => void;
}) {
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await login.mutateAsync(values);
      onSignedIn();
    } catch (error) {
      // 401 "Invalid email or password", 429 "Too many attempts…", or field messages.
      setFormError(applyApiErrors(error, setError, ['email', 'password']));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Sign in">
      <FormError message={formError} />
      <FormField id="signin-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldA11y('signin-email', errors.email?.message)}
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="you@company.com"
          {...register('email')}
        />
      </FormField>
      <FormField
        id="signin-password"
        label="Password"
        error={errors.password?.message}
        labelAside={
          onForgotPassword ? (
            <button
              type="button"
              onClick={onForgotPassword}
              className="rounded-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
            >
              Forgot password?
            </button>
          ) : null
        }
      >
        <PasswordInput
          {...fieldA11y('signin-password', errors.password?.message)}
          autoComplete="current-password"
          {...register('password')}
        />
      </FormField>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={isSubmitting}>
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
