import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { PageContainer, PageHeader } from '../components/page-header';
import { buttonClassName } from '../components/ui/button';

export interface FeaturePlaceholder {
  title: string;
  description: string;
  icon: LucideIcon;
  /** What the finished screen will offer, one line each. */
  highlights: string[];
}

/** A signed-in screen that a later release fills in: says what it will hold, never a blank page. */
export function FeaturePlaceholderPage({ title, description, icon: Icon, highlights }: FeaturePlaceholder) {
  return (
    <PageContainer>
      <PageHeader title={title} description={description} />
      <section className="mt-8 overflow-hidden rounded-2xl border border-dashed border-slate-300 bg-surface">
        <div className="flex flex-col items-center px-6 py-14 text-center sm:py-16">
          <div className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
            <Icon className="size-7" aria-hidden="true" />
          </div>
          <p className="mt-5 inline-flex items-center rounded-full bg-muted px-3 py-1 text-xs font-medium text-muted-foreground">
            Coming soon
          </p>
          <h2 className="mt-3 text-lg font-semibold tracking-tight">{title} is on its way</h2>
          <ul className="mt-4 grid max-w-xl gap-2 text-left text-sm leading-6 text-muted-foreground sm:grid-cols-2 sm:gap-x-8">
            {highlights.map((line) => (
              <li key={line} className="flex gap-2">
                <span className="mt-2.5 size-1.5 shrink-0 rounded-full bg-primary" aria-hidden="true" />
                {line}
              </li>
            ))}
          </ul>
          <Link href="/dashboard" className={buttonClassName({ variant: 'secondary', className: 'mt-8' })}>
            Back to dashboard
          </Link>
        </div>
      </section>
    </PageContainer>
  );
}
