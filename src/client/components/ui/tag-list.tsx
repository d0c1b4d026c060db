import { cn } from '../../lib/cn';

/** Tags as small chips; past `max`, a "+N" chip names the rest in its tooltip. */
export function TagList({
  tags,
  max,
  className,
}: {
  tags: readonly string[];
  max?: number;
  className?: string;
}) {
  if (tags.length === 0) return <span className="text-muted-foreground">—</span>;
  const shown = max === undefined ? tags : tags.slice(0, max);
  const rest = tags.slice(shown.length);
  return (
    <span className={cn('flex min-w-0 items-center gap-1', max === undefined && 'flex-wrap', className)}>
      {shown.map((tag) => (
        <span
          key={tag}
          className="inline-block max-w-32 truncate rounded-md bg-muted px-1.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200 ring-inset"
        >
          {tag}
        </span>
      ))}
      {rest.length > 0 ? (
        <span className="shrink-0 text-xs font-medium text-muted-foreground" title={rest.join(', ')}>
          +{rest.length}
        </span>
      ) : null}
    </span>
  );
}
