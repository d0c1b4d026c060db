import { ArrowLeft, Sparkles } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Logo } from '../components/logo';
import { buttonClassName } from '../components/ui/button';

const pageTitles: Record<string, string> = {
  '/about': 'About Locus',
  '/blog': 'Blog',
  '/careers': 'Careers',
  '/contact': 'Contact us',
  '/privacy': 'Privacy policy',
  '/terms': 'Terms of service',
};

interface ComingSoonPageProps {
  /** `signing`: a document link sent to a signer (spec §2 "Signing routes"). */
  variant?: 'page' | 'signing';
}

/** A public page whose content is not published yet: marketing pages and document signing links. */
export function ComingSoonPage({ variant = 'page' }: ComingSoonPageProps) {
  const [path] = useLocation();
  const signing = variant === 'signing';
  const title = signing ? 'Document signing' : (pageTitles[path] ?? 'Coming soon');
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="border-b border-border bg-surface px-4 py-4 sm:px-8">
        <Link href="/" aria-label="Locus home" className="inline-flex rounded-md">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 py-16">
        <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-8 text-center shadow-sm">
          <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <Sparkles className="size-6" aria-hidden="true" />
          </div>
          <h1 className="mt-5 text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-3 text-sm leading-6 text-muted-foreground">
            {signing
              ? 'Secure online signing is almost ready. Please keep this link: you will be able to review and sign the document here soon.'
              : "We're putting the finishing touches on this page. Check back soon."}
          </p>
          {signing ? null : (
            <Link href="/" className={buttonClassName({ variant: 'secondary', className: 'mt-6' })}>
              <ArrowLeft aria-hidden="true" />
              Back to home
            </Link>
          )}
        </div>
      </main>
    </div>
  );
}
