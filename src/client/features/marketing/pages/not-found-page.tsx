import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { Logo } from '../../../components/logo';
import { buttonClassName } from '../../../components/ui/button';

export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="px-4 py-5 sm:px-8">
        <Link href="/" aria-label="Locus home" className="inline-flex rounded-md">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-24">
        <div className="max-w-md text-center">
          <p className="text-sm font-semibold text-primary">404</p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">Page not found</h1>
          <p className="mt-4 text-base leading-7 text-muted-foreground">
            The page you're looking for doesn't exist or has been moved.
          </p>
          <Link href="/" className={buttonClassName({ className: 'mt-8' })}>
            <ArrowLeft aria-hidden="true" />
            Back to home
          </Link>
        </div>
      </main>
    </div>
  );
}
