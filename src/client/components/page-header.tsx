import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { useDocumentTitle } from '../lib/use-document-title';

interface PageHeaderProps extends Omit<ComponentProps<'header'>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Above the title, e.g. a breadcrumb or a section name. */
  eyebrow?: ReactNode;
  actions?: ReactNode;
  /** The browser tab's title when `title` is not plain text (a record's name, say). */
  documentTitle?: string;
}

/** The title block at the top of every signed-in page; it also names the browser tab. */
export function PageHeader({
  title,
  description,
  eyebrow,
  actions,
  documentTitle,
  className,
  ...props
}: PageHeaderProps) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <header
      className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}
      {...props}
    >
      <div className="min-w-0">
        {eyebrow ? <div className="mb-1.5 text-sm font-medium text-muted-foreground">{eyebrow}</div> : null}
        <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-[1.75rem]">{title}</h1>
        {description ? (
          <p className="mt-1.5 max-w-2xl text-sm leading-6 text-muted-foreground">{description}</p>
        ) : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

/** The width and padding of signed-in pages. */
export function PageContainer({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8', className)} {...props} />
  );
}
