import type { QueryClient } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { PermissionCategory } from '../../../common/permissions';
import type { ListKey } from '../../../common/validation/preferences';
import type { CustomFieldEntityType } from '../../components/custom-fields/types';
import type { BulkField } from '../../components/data-table/bulk-actions';
import type { DataTableColumn } from '../../components/data-table/data-table';
import type { FilterDef } from '../../components/data-table/list-params';
import type { OwnerOptions } from '../../components/data-table/use-record-options';
import type { useListUrlState } from '../../components/data-table/use-list-url-state';
import type { CurrentUser } from '../auth/api';

/**
 * A record type, described once (Twenty's metadata-driven record pages are the model): the
 * standard ones in `features/<type>/<type>-record-type.tsx`, a custom object's built at run time
 * from its definition. The list, form and detail parts each extend this identity.
 */
export interface RecordType {
  /** The list key: column choices and saved views are kept under it. */
  key: ListKey;
  /** `/api/leads`: the list GET, `/export.csv`, `/bulk` and `/:id` hang under it. */
  apiPath: string;
  /** `/leads`: the list page; a record's page is `${appPath}/${id}`. */
  appPath: string;
  /** "lead" / "leads": counts, bulk messages, the empty state, "New lead". */
  noun: { one: string; other: string };
  /** The page's title ("Leads") and the line under it. */
  title: string;
  description: string;
  icon: LucideIcon;
  /** Whose read/create/update/delete govern the records (`can(me, permission, action)`). */
  permission: PermissionCategory;
  /** The custom fields the records carry (`customFields`), or null (custom objects: fields are the type's own). */
  customFieldEntityType: CustomFieldEntityType | null;
}

/** The list's state in the address bar (search, filters, sort, other parameters). */
export type ListUrlState = ReturnType<typeof useListUrlState>;

/** What the kit knows when it asks a list description for its parts. */
export interface RecordListContext<Row> {
  me: CurrentUser;
  owners: OwnerOptions;
  /** The organization's tag names (filter and bulk suggestions). */
  tags: string[];
  url: ListUrlState;
  /** The rows loaded so far. */
  rows: readonly Row[];
  /** Whether the filter panel is open (choices that cost a request load only then). */
  filtersOpen: boolean;
  /** Opens a record: its page, or the type's side panel. */
  openRecord: (id: string) => void;
  /** A link to a record (its page, or the list with its panel open). */
  recordHref: (id: string) => string;
}

/** The parts of a list that depend on the user, the loaded options or the page around it. */
export interface RecordListParts<Row> {
  /** The built-in columns (the custom field columns follow them). */
  columns: DataTableColumn<Row>[];
  filters: FilterDef[];
  /** Bulk "Change status" and "Change owner"; tags are offered when `tags` is true. */
  bulk: { status?: BulkField; owner?: BulkField; tags: boolean };
}

/** The props the kit gives a type's create dialog. */
export interface RecordCreateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a record was created: the kit opens it where the type opens records. */
  onCreated: (id: string) => void;
}

/** The props the kit gives a type's import dialog. */
export interface RecordImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The props the kit gives a type's side panel (`?open=<id>`). */
export interface RecordPanelProps {
  recordId: string | null;
  onClose: () => void;
}

/** Guided tours' targets (`data-tour` values) on the list page. */
export interface RecordListTourTargets {
  header?: string;
  table?: string;
  firstRow?: string;
  search?: string;
  filters?: string;
}

/** A row of a record list: custom field values, when the type has custom fields. */
export interface RecordListRow {
  id: string;
  customFields?: Record<string, unknown> | null;
}

/**
 * The list part of a record type. `Scope` is what the page around the list hands it (the deals
 * list gets the board's pipeline); most lists need none.
 */
export interface RecordListDescription<Row extends RecordListRow, Scope = undefined> extends RecordType {
  /** Names a row ("Select Ann Lee"). */
  rowLabel: (row: Row) => string;
  /**
   * Parameters every list, export and bulk call carries, whatever the user chose (a custom
   * object's `entityType`).
   */
  listParams?: Record<string, string>;
  /** The address parameters the list filters by (besides search and sort). */
  filterKeys: readonly string[];
  searchPlaceholder: string;
  /** Offer "Export CSV" (`${apiPath}/export.csv`, the rows the list shows). */
  exportCsv: boolean;
  /** The empty list's line under "No leads yet". */
  emptyDescription: string;
  /** Custom field keys a built-in column already shows: not offered twice. */
  customFieldsShownBuiltIn?: readonly string[];
  tourTargets?: RecordListTourTargets;
  /**
   * The columns, filters and bulk fields: a hook (it may read options and run the type's tour
   * actions), called once per render of the list.
   */
  useParts: (context: RecordListContext<Row>, scope: Scope) => RecordListParts<Row>;
  /** After a bulk action: refresh what shows the records (default: every variant of the list). */
  afterBulk?: (queryClient: QueryClient) => Promise<unknown>;
  /** Rows open in this panel (`?open=<id>` on the list) instead of the record's page. */
  Panel?: ComponentType<RecordPanelProps>;
  /** The "Import CSV" dialog, offered next to "Export CSV" to users who may create records. */
  ImportDialog?: ComponentType<RecordImportDialogProps>;
  /** Or "Import CSV" opens this page (the import wizard, which needs settings view too). */
  importPath?: string;
  /** The "New …" dialog (mounted on first open: a lazy one loads its form then); without it the page offers no create action. */
  CreateDialog?: ComponentType<RecordCreateDialogProps>;
}
