import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgotPasswordSchema } from '../../../../common/validation/auth';
import { Button } from '../../../components/ui/button';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { applyApiErrors } from '../../../lib/form-errors';
import { useForgotPassword } from '../api';

/** "Forgot password?": asks for the address and answers the same whether or not it has an account. */
export function ForgotPasswordForm({
  onBack,
  defaultEmail = '',
}: {
  onBack: () => void;
  defaultEmail?: string;
}) {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: defaultEmail } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      setSent((await forgot.mutateAsync(values)).message);
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ['email']));
    }
  });

  if (sent) {
    return (
      <div className="flex flex-col gap-5" role="status">
        <div className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm leading-6 text-emerald-900">
          <MailCheck className="mt-1 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
          <p>{sent} The link works once and expires in 1 hour.</p>
        </div>
        <Button type="button" variant="secondary" size="lg" className="w-full" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Reset your password">
      <p className="text-sm leading-6 text-muted-foreground">
        Enter the e-mail address you sign in with. We'll send you a link to choose a new password.
      </p>
      <FormError message={formError} />
      <FormField id="forgot-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldA11y('forgot-email', errors.email?.message)}
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="you@company.com"
          autoFocus
          {...register('email')}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? 'Sending…' : 'Send reset link'}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
