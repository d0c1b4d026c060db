import { CircleCheck, KeyRound, Link2Off, UserPlus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Logo } from '../../../components/logo';
import { buttonClassName } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../lib/toast';
import { useAcceptInvitation, useResetPassword, useTokenInfo } from '../api';
import { SetPasswordForm } from '../components/set-password-form';

type Purpose = 'password_reset' | 'invitation';

/**
 * /auth/reset-password?token= and /auth/accept-invitation?token=: the pages an e-mailed link
 * opens, signed in or not. The link is checked first so an expired one says so before the user
 * types a password.
 */
export function AccountLinkPage({ purpose }: { purpose: Purpose }) {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const info = useTokenInfo(token, purpose);
  const [done, setDone] = useState(false);
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const accept = useAcceptInvitation();
  const Icon = purpose === 'invitation' ? UserPlus : KeyRound;

  const submit = async (password: string) => {
    if (purpose === 'password_reset') {
      await reset.mutateAsync({ token, password });
      setDone(true);
      return;
    }
    await accept.mutateAsync({ token, password });
    navigate('/dashboard', { replace: true });
    toast.success('Welcome to Locus!', { description: 'Your password is set and you are signed in.' });
  };

  let body: ReactNode;
  if (token !== '' && info.isPending) {
    body = (
      <div role="status" className="mt-6 flex flex-col gap-3" aria-busy="true" aria-label="Checking the link">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  } else if (token === '' || info.isError || !info.data?.valid) {
    body = <InvalidLink purpose={purpose} />;
  } else if (done) {
    body = (
      <div className="mt-6 flex flex-col gap-5" role="status">
        <p className="flex items-start gap-2 text-sm leading-6">
          <CircleCheck className="mt-1 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
          Your password has been changed. Every other session was signed out. Sign in with your new password.
        </p>
        <Link href="/auth" className={buttonClassName({ size: 'lg', className: 'w-full' })}>
          Sign in
        </Link>
      </div>
    );
  } else {
    const data = info.data;
    body = (
      <>
        <p className="mt-2 text-sm leading-6 text-muted-foreground">
          {purpose === 'invitation'
            ? `Hi ${data.firstName}, you've been invited to join ${data.organizationName} on Locus. Choose a password for ${data.email} to get started.`
            : `Hi ${data.firstName}, choose a new password for ${data.email}.`}
        </p>
        <div className="mt-6">
          <SetPasswordForm
            submitLabel={purpose === 'invitation' ? 'Join and sign in' : 'Set new password'}
            busyLabel="Saving…"
            onSubmit={submit}
          />
        </div>
      </>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="flex items-center border-b border-border bg-surface px-4 py-3 sm:px-8">
        <Link href="/" aria-label="Locus home" className="inline-flex rounded-md">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
        <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8">
          <div className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </div>
          <h1 className="mt-5 text-xl font-semibold tracking-tight">
            {purpose === 'invitation' ? 'Accept your invitation' : 'Choose a new password'}
          </h1>
          {body}
        </div>
      </main>
    </div>
  );
}

function InvalidLink({ purpose }: { purpose: Purpose }) {
  return (
    <div className="mt-4 flex flex-col gap-5">
      <p className="flex items-start gap-2 text-sm leading-6" role="alert">
        <Link2Off className="mt-1 size-4 shrink-0 text-destructive" aria-hidden="true" />
        This link is invalid or has expired.{' '}
        {purpose === 'invitation'
          ? 'Ask your administrator to send you a new invitation.'
          : 'Links work once and expire after 1 hour: ask for a new one.'}
      </p>
      <Link
        href={purpose === 'invitation' ? '/auth' : '/auth?tab=forgot'}
        className={buttonClassName({ variant: 'secondary', size: 'lg', className: 'w-full' })}
      >
        {purpose === 'invitation' ? 'Go to sign in' : 'Send a new link'}
      </Link>
    </div>
  );
}
