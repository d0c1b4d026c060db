import { CalendarClock, FileSignature, Kanban, ShieldCheck } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { Logo } from '../../../components/logo';
import { Notice } from '../../../components/ui/notice';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { MaintenanceBanner } from '../../system-status/components/maintenance-banner';
import { useSystemStatus } from '../../system-status/use-system-status';
import { RegisterForm } from '../components/register-form';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { SignInForm } from '../components/sign-in-form';

type AuthTab = 'sign-in' | 'register' | 'forgot';

const benefits = [
  { icon: Kanban, text: 'A pipeline shaped to your business, from research to paid' },
  { icon: CalendarClock, text: 'Claim deadlines and follow-ups that never slip' },
  { icon: FileSignature, text: 'Agreements sent and e-signed without leaving the CRM' },
  { icon: ShieldCheck, text: "Your team's data kept private to your organization" },
];

/** /auth (spec §2): sign in, or create an organization and its first admin. */
export function AuthPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const requested = new URLSearchParams(search).get('tab');
  const tab: AuthTab = requested === 'register' || requested === 'forgot' ? requested : 'sign-in';
  const status = useSystemStatus();
  const registrationsClosed = status?.allowRegistrations === false;
  const goToDashboard = () => navigate('/dashboard', { replace: true });
  const selectTab = (next: string) =>
    navigate(next === 'register' ? '/auth?tab=register' : '/auth', { replace: true });

  return (
    <div className="grid min-h-dvh bg-surface lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <BrandPanel />
      <main className="flex flex-col px-4 py-6 sm:px-8 lg:py-10">
        {status?.maintenanceMode ? (
          <MaintenanceBanner
            className="-mx-4 -mt-6 mb-6 sm:-mx-8 lg:-mt-10"
            detail="Only platform administrators can sign in until it ends."
          />
        ) : null}
        <Link href="/" aria-label="Locus home" className="inline-flex self-start rounded-md lg:hidden">
          <Logo />
        </Link>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col pt-10 pb-8 sm:justify-center sm:py-8 lg:py-0">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {tab === 'register'
              ? 'Create your workspace'
              : tab === 'forgot'
                ? 'Forgot your password?'
                : 'Welcome back'}
          </h1>
          <p className="mt-2 text-sm leading-6 text-muted-foreground">
            {tab === 'register'
              ? 'Set up your organization in under a minute. You will be its administrator.'
              : tab === 'forgot'
                ? 'It happens. We will e-mail you a link to choose a new one.'
                : 'Sign in to pick up where you left off.'}
          </p>
          {tab === 'forgot' ? (
            <div className="mt-8">
              <ForgotPasswordForm onBack={() => selectTab('sign-in')} />
            </div>
          ) : (
            <Tabs value={tab} onValueChange={selectTab} className="mt-8">
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="sign-in">Sign in</TabsTrigger>
                <TabsTrigger value="register">Create account</TabsTrigger>
              </TabsList>
              <TabsContent value="sign-in" className="mt-6">
                <SignInForm
                  onSignedIn={goToDashboard}
                  onForgotPassword={() => navigate('/auth?tab=forgot')}
                />
              </TabsContent>
              <TabsContent value="register" className="mt-6">
                {registrationsClosed ? (
                  <Notice title="Registrations are closed" tone="warning">
                    New organizations cannot sign up right now. If you already have an account, sign in.
                  </Notice>
                ) : (
                  <RegisterForm onRegistered={goToDashboard} />
                )}
              </TabsContent>
            </Tabs>
          )}
          <p className="mt-8 text-center text-xs leading-5 text-muted-foreground">
            By continuing you agree to our{' '}
            <Link href="/terms" className="font-medium text-foreground underline-offset-2 hover:underline">
              Terms of service
            </Link>{' '}
            and{' '}
            <Link href="/privacy" className="font-medium text-foreground underline-offset-2 hover:underline">
              Privacy policy
            </Link>
            .
          </p>
        </div>
      </main>
    </div>
  );
}

function BrandPanel() {
  return (
    <aside className="relative hidden overflow-hidden bg-primary text-primary-foreground lg:flex lg:flex-col lg:justify-between lg:p-12 xl:p-16">
      <div
        aria-hidden="true"
        className="absolute -top-32 -right-32 size-[28rem] rounded-full bg-white/8 blur-0"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-40 -left-24 size-[26rem] rounded-full bg-black/10"
      />
      <Link href="/" aria-label="Locus home" className="relative inline-flex self-start rounded-md">
        <span className="inline-flex items-center gap-2">
          <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="#fff" />
            <path d="M16 25.5s7-6.1 7-11.7a7 7 0 1 0-14 0c0 5.6 7 11.7 7 11.7Z" className="fill-primary" />
            <circle cx="16" cy="13.8" r="2.7" fill="#fff" />
          </svg>
          <span className="text-lg font-semibold tracking-tight">Locus</span>
        </span>
      </Link>
      <div className="relative max-w-md">
        <h2 className="text-3xl leading-tight font-semibold tracking-tight xl:text-4xl">
          Recover more surplus funds with less paperwork.
        </h2>
        <ul className="mt-10 flex flex-col gap-5">
          {benefits.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3.5">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/12 ring-1 ring-white/20">
                <Icon className="size-4.5" aria-hidden="true" />
              </span>
              <span className="pt-1.5 text-[15px] leading-6 text-white/90">{text}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="relative text-sm text-white/70">
        Built for surplus funds locators, investors, wholesalers and small businesses.
      </p>
    </aside>
  );
}
