import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One kind of related record on a detail page's "Related" card: an icon, a heading, the records. */
export function RelatedBlock({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <h3 className="mb-1 text-xs font-medium text-muted-foreground">{title}</h3>
        {children}
      </div>
    </div>
  );
}

/** "No documents yet", "1 document", "3 documents". */
export function documentsLabel(count: number): string {
  if (count === 0) return 'No documents yet';
  return `${count} ${count === 1 ? 'document' : 'documents'}`;
}
