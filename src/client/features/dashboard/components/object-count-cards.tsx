import { Link } from 'wouter';
import { formatNumber } from '../../../components/data-table/format';
import { Card } from '../../../components/ui/card';
import { LazyObjectIcon } from '../../objects/components/lazy-object-icon';
import { objectListHref } from '../../objects/records-api';
import type { ObjectCount } from '../api';

/** A small card per custom object with its number of records, opening the object's list. */
export function ObjectCountCards({ objects }: { objects: readonly ObjectCount[] }) {
  return (
    <section aria-label="Custom records" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {objects.map((object) => (
        <Card key={object.entityType} className="transition-colors hover:bg-muted/40">
          <Link
            href={objectListHref(object.entityType)}
            className="flex items-center gap-3 rounded-xl p-4 focus-visible:outline-2 focus-visible:outline-primary"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
              <LazyObjectIcon name={object.iconName} className="size-4.5" />
            </span>
            <span className="min-w-0">
              <span className="block truncate text-sm text-muted-foreground">{object.pluralName}</span>
              <span className="block text-xl font-semibold tabular-nums">{formatNumber(object.count)}</span>
            </span>
          </Link>
        </Card>
      ))}
    </section>
  );
}
