import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { DataTableColumn, DataTableView } from '../../components/data-table/data-table';
import { formatDate } from '../../components/data-table/format';
import { TagList } from '../../components/ui/tag-list';
import { initialsOf } from '../../lib/initials';
import { PhoneText } from '../../components/phone-text';

/** What a column may set besides its id, header and cell. */
type ColumnOptions<Row> = Partial<Omit<DataTableColumn<Row>, 'id' | 'header' | 'cell'>>;

const muted = (text: ReactNode) => <span className="text-muted-foreground">{text}</span>;

/** A round avatar with a person's initials. */
export function initialsAvatar(name: string): ReactNode {
  return (
    <span
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary-soft-foreground"
      aria-hidden="true"
    >
      {initialsOf(name)}
    </span>
  );
}

/** A square avatar with the type's icon (companies, custom objects). */
export function iconAvatar(Icon: LucideIcon): ReactNode {
  return (
    <span
      className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground"
      aria-hidden="true"
    >
      <Icon className="size-4" />
    </span>
  );
}

interface NameColumnOptions<Row> extends ColumnOptions<Row> {
  id?: string;
  header?: string;
  name: (row: Row) => string;
  /** The record's page (or its panel); the row itself opens it too, so the link takes no tab stop. */
  href: (row: Row) => string;
  avatar?: (row: Row) => ReactNode;
  /** A second line under the name (an e-mail, a website, an address). */
  subline?: (row: Row, view: DataTableView) => string | null | undefined;
}

/** The record's name, linked, always shown: the list's first column. */
export function nameColumn<Row>({
  id = 'name',
  header = 'Name',
  name,
  href,
  avatar,
  subline,
  ...options
}: NameColumnOptions<Row>): DataTableColumn<Row> {
  return {
    id,
    header,
    alwaysVisible: true,
    width: { min: 220, grow: 2 },
    ...options,
    cell: (row, view) => {
      const second = subline?.(row, view);
      return (
        <div className="flex min-w-0 items-center gap-3">
          {avatar?.(row)}
          <div className="min-w-0">
            <Link
              href={href(row)}
              className="block truncate font-medium text-foreground hover:underline"
              tabIndex={-1}
            >
              {name(row)}
            </Link>
            {second ? <div className="truncate text-xs text-muted-foreground">{second}</div> : null}
          </div>
        </div>
      );
    },
  };
}

/** A plain text value, or a dash. */
export function textColumn<Row>(
  id: string,
  header: string,
  value: (row: Row) => string | null | undefined,
  options: ColumnOptions<Row> = {},
): DataTableColumn<Row> {
  return { id, header, width: { min: 140 }, ...options, cell: (row) => muted(value(row) || '—') };
}

/** A date (created, last contact), newest first when sorted. */
export function dateColumn<Row>(
  id: string,
  header: string,
  value: (row: Row) => string | null | undefined,
  options: ColumnOptions<Row> = {},
): DataTableColumn<Row> {
  return {
    id,
    header,
    sortFirst: 'desc',
    width: 130,
    ...options,
    cell: (row) => muted(formatDate(value(row)) || '—'),
  };
}

/** A phone number in the user's chosen format. */
export function phoneColumn<Row>(
  value: (row: Row) => string | null | undefined,
  phoneFormat: string | null,
): DataTableColumn<Row> {
  return {
    id: 'phone',
    header: 'Phone',
    width: 140,
    cell: (row) => (
      <span className="text-muted-foreground tabular-nums">
        <PhoneText raw={value(row)} format={phoneFormat} empty="—" />
      </span>
    ),
  };
}

/** The record's owner by name ("Unassigned" without one). */
export function ownerColumn<Row>(
  nameOf: (id: string | null | undefined) => string | null,
  ownerId: (row: Row) => string | null | undefined,
  options: ColumnOptions<Row> = {},
): DataTableColumn<Row> {
  return {
    id: 'owner',
    header: 'Owner',
    width: { min: 130 },
    ...options,
    cell: (row) => muted(nameOf(ownerId(row)) ?? 'Unassigned'),
  };
}

/** The record's tags, the first `max` of them with a count of the rest. */
export function tagsColumn<Row>(
  tags: (row: Row) => readonly string[],
  max: number,
  options: ColumnOptions<Row> = {},
): DataTableColumn<Row> {
  return {
    id: 'tags',
    header: 'Tags',
    width: { min: 150 },
    ...options,
    cell: (row) => <TagList tags={tags(row)} max={max} />,
  };
}
