import { Check, ExternalLink, Minus } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { Badge } from '../ui/badge';
import { Skeleton } from '../ui/skeleton';
import { TagList } from '../ui/tag-list';
import { type DisplayValue, formatCustomFieldValue } from './format';
import type { FieldGroup } from './group-fields';
import type { CustomFieldDefinition, CustomFieldEntityType } from './types';
import { type CustomFieldDefinitions, useCustomFieldDefinitions } from './use-custom-field-definitions';

export interface CustomFieldValuesProps {
  /** Whose custom fields to load; not needed when `definitions` are given (a custom object's fields). */
  entityType?: CustomFieldEntityType;
  /** The record's `customFields`. */
  values: Record<string, unknown> | null | undefined;
  definitions?: CustomFieldDefinitions;
  /** Field keys shown elsewhere on the page. */
  exclude?: readonly string[];
  /** The user's defaultCurrency, for currency fields. */
  currency?: string | null;
  /** Show fields without a value (as "—"); off: only filled-in fields. */
  showEmpty?: boolean;
  showSectionHeadings?: boolean;
  className?: string;
}

/** A record's custom field values, read-only and formatted (money, dates, links), by section. */
export function CustomFieldValues({
  entityType,
  values,
  definitions,
  exclude,
  currency,
  showEmpty = true,
  showSectionHeadings = true,
  className,
}: CustomFieldValuesProps) {
  const loaded = useCustomFieldDefinitions(entityType ?? 'lead', {
    enabled: !definitions && entityType !== undefined,
  });
  const defs = definitions ?? loaded;

  if (defs.isPending) {
    return (
      <div
        className={cn('grid gap-4 sm:grid-cols-2', className)}
        aria-busy="true"
        aria-label="Loading fields"
      >
        {[0, 1, 2, 3].map((key) => (
          <div key={key} className="flex flex-col gap-1.5">
            <Skeleton className="h-3.5 w-20" />
            <Skeleton className="h-4 w-32" />
          </div>
        ))}
      </div>
    );
  }
  if (defs.isError) return null;

  const skip = new Set(exclude ?? []);
  const record = values ?? {};
  const groups = defs.groups
    .map((group) => ({
      ...group,
      fields: group.fields
        .filter((field) => !skip.has(field.fieldKey))
        .map((field) => ({
          field,
          display: formatCustomFieldValue(field, record[field.fieldKey], { currency }),
        }))
        .filter(({ display }) => showEmpty || display.kind !== 'empty'),
    }))
    .filter((group) => group.fields.length > 0);

  if (groups.length === 0) {
    return <p className={cn('text-sm text-muted-foreground', className)}>No additional details recorded.</p>;
  }

  return (
    <div className={cn('flex flex-col gap-6', className)}>
      {groups.map((group) => (
        <ValueGroup key={group.section?.id ?? 'loose'} group={group} heading={showSectionHeadings} />
      ))}
    </div>
  );
}

function ValueGroup({
  group,
  heading,
}: {
  group: Omit<FieldGroup<CustomFieldDefinition>, 'fields'> & {
    fields: { field: CustomFieldDefinition; display: DisplayValue }[];
  };
  heading: boolean;
}) {
  const headingId = useId();
  const list = (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {group.fields.map(({ field, display }) => (
        <div
          key={field.id}
          className={cn('min-w-0', display.kind === 'text' && display.multiline && 'sm:col-span-2')}
        >
          <dt className="text-xs font-medium text-muted-foreground">{field.name}</dt>
          <dd className="mt-1 text-sm text-foreground">
            <DisplayValueView display={display} />
          </dd>
        </div>
      ))}
    </dl>
  );
  if (!heading || !group.section) return list;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-sm font-semibold">
        {group.section.name}
      </h3>
      {list}
    </section>
  );
}

/** `inline`: on one line, for a table cell (long text is cut short, a list shows its first items). */
export function DisplayValueView({ display, inline = false }: { display: DisplayValue; inline?: boolean }) {
  switch (display.kind) {
    case 'empty':
      return (
        <span className="text-muted-foreground" aria-label="Not set">
          —
        </span>
      );
    case 'text':
      return (
        <span
          className={cn('break-words', display.multiline && !inline ? 'whitespace-pre-line' : 'tabular-nums')}
        >
          {display.text}
        </span>
      );
    case 'link':
      return (
        <a
          href={display.href}
          className="inline-flex max-w-full items-center gap-1 font-medium break-all text-primary underline-offset-2 hover:underline"
          {...(display.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {/* Text directly in the flex link could not end in an ellipsis. */}
          {inline ? <span className="truncate">{display.text}</span> : display.text}
          {display.external ? <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" /> : null}
        </a>
      );
    case 'list':
      if (inline) return <TagList tags={display.items} max={2} />;
      return (
        <span className="flex flex-wrap gap-1.5">
          {display.items.map((item) => (
            <Badge key={item}>{item}</Badge>
          ))}
        </span>
      );
    case 'boolean':
      return (
        <span className="inline-flex items-center gap-1.5">
          {display.value ? (
            <Check className="size-4 text-emerald-600" aria-hidden="true" />
          ) : (
            <Minus className="size-4 text-muted-foreground" aria-hidden="true" />
          )}
          {display.text}
        </span>
      );
  }
}
