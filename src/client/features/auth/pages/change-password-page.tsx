import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut } from 'lucide-react';
import { useLocation } from 'wouter';
import { Logo } from '../../../components/logo';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { currentUserQueryKey } from '../api';
import { ChangePasswordForm } from '../components/change-password-form';
import { useSignedInUser } from '../signed-in-user';
import { useLogout } from '../use-logout';

/** The forced password change (spec §2): the only screen, on every path, until it succeeds. */
export function ChangePasswordPage() {
  const user = useSignedInUser();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const logout = useLogout();

  const onChanged = async () => {
    // This screen stays until the user is fetched again, so the dashboard is what appears next.
    navigate('/dashboard', { replace: true });
    await queryClient.refetchQueries({ queryKey: currentUserQueryKey });
    toast.success('Password changed', { description: 'Your new password is set. Welcome to Locus!' });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="flex items-center justify-between border-b border-border bg-surface px-4 py-3 sm:px-8">
        <Logo />
        <Button variant="ghost" size="sm" onClick={logout}>
          <LogOut aria-hidden="true" />
          Logout
        </Button>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
        <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8">
          <div className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">
            <KeyRound className="size-5" aria-hidden="true" />
          </div>
          <h1 className="mt-5 text-xl font-semibold tracking-tight">Choose a new password</h1>
          <p className="mt-2 text-sm leading-6 text-muted-foreground">
            Hi {user.firstName}, your account was set up with a temporary password. Choose your own password
            to continue.
          </p>
          <ChangePasswordForm
            idPrefix="forced-password"
            submitLabel="Set new password"
            onChanged={onChanged}
            prominent
            className="mt-6"
          />
        </div>
      </main>
    </div>
  );
}
