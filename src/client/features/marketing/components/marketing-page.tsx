import { type ReactNode, useEffect } from 'react';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

interface MarketingPageProps {
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  /** The browser tab's title. */
  documentTitle: string;
  children: ReactNode;
  heroClassName?: string;
}

/** A public page (spec §2): the site header, a title band, the page and the site footer. */
export function MarketingPage({
  eyebrow,
  title,
  lead,
  documentTitle,
  children,
  heroClassName,
}: MarketingPageProps) {
  // Each page (named by its title) opens at the top, also when only the route changed.
  useEffect(() => {
    if (documentTitle) window.scrollTo(0, 0);
  }, [documentTitle]);
  useDocumentTitle(documentTitle);
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <SiteHeader />
      <main className="flex-1">
        <section className={cn('relative overflow-hidden border-b border-border', heroClassName)}>
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-linear-to-b from-primary-soft/80 via-primary-soft/30 to-surface"
          />
          <div className="relative mx-auto max-w-6xl px-4 pt-14 pb-12 sm:px-6 sm:pt-20 sm:pb-16">
            <p className="text-sm font-semibold text-primary">{eyebrow}</p>
            <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl">
              {title}
            </h1>
            {lead ? (
              <div className="mt-5 max-w-2xl text-lg leading-8 text-muted-foreground">{lead}</div>
            ) : null}
          </div>
        </section>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

const sectionWidths = { wide: 'max-w-6xl', narrow: 'max-w-4xl', prose: 'max-w-3xl' } as const;

/** The standard width and padding of a public page's content. */
export function MarketingSection({
  width = 'wide',
  className,
  children,
}: {
  width?: keyof typeof sectionWidths;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={cn('mx-auto px-4 py-14 sm:px-6 sm:py-20', sectionWidths[width], className)}>
      {children}
    </section>
  );
}
