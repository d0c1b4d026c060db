import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { can } from '../../../common/permissions';
import { useCustomFieldColumns } from '../../components/custom-fields/custom-field-columns';
import { BulkActionsBar } from '../../components/data-table/bulk-actions';
import { DataTable } from '../../components/data-table/data-table';
import { FilterPanel, FiltersButton } from '../../components/data-table/filter-bar';
import { ListEmptyState } from '../../components/data-table/list-empty-state';
import { exportUrl, toApiParams } from '../../components/data-table/list-params';
import { SearchInput } from '../../components/data-table/search-input';
import { useKeysetList } from '../../components/data-table/use-keyset-list';
import { useListSelection } from '../../components/data-table/use-list-selection';
import { useListUrlState } from '../../components/data-table/use-list-url-state';
import { useOwnerOptions, useTagNames } from '../../components/data-table/use-record-options';
import { useSignedInUser } from '../auth/signed-in-user';
import { SavedViewsMenu } from '../saved-views/components/saved-views-menu';
import { ExportCsvLink } from './export-csv-link';
import { ImportCsvButton } from './import-csv-button';
import type { RecordListDescription, RecordListRow } from './record-type';
import { useRecordLinks } from './use-record-links';

type RecordListProps<Row extends RecordListRow, Scope> = {
  description: RecordListDescription<Row, Scope>;
  /** Opens the type's create dialog (the empty state's "New …"); omitted when the user may not create. */
  onCreate?: () => void;
  className?: string;
} & (undefined extends Scope ? { scope?: Scope } : { scope: Scope });

/**
 * A record type's list from its description: keyset-paged, virtualised table with search,
 * filters, sort, column chooser (custom field columns included), selection with bulk actions
 * (all matching the filter too), CSV export, and the empty and loading states.
 */
export function RecordList<Row extends RecordListRow, Scope = undefined>(props: RecordListProps<Row, Scope>) {
  // Another type is another list: its own hooks (the description's `useParts`) and state.
  return <RecordListOfType key={props.description.key} {...props} />;
}

function RecordListOfType<Row extends RecordListRow, Scope>({
  description: type,
  onCreate,
  className,
  scope,
}: RecordListProps<Row, Scope>) {
  const me = useSignedInUser();
  const queryClient = useQueryClient();
  const url = useListUrlState(type.filterKeys);
  const params = toApiParams(url.state, type.listParams);
  const list = useKeysetList<Row>(type.apiPath, params);
  const owners = useOwnerOptions(me);
  const tags = useTagNames();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const links = useRecordLinks(type, type.Panel !== undefined);
  // The selection belongs to one view of the list: a new search, filter or sort starts afresh.
  const selection = useListSelection(params, list, (row) => row.id);

  // oxlint-disable-next-line react/rules-of-hooks -- one type per mounted list (keyed above): always the same hook.
  const parts = type.useParts(
    { me, owners, tags, url, rows: list.rows, filtersOpen, ...links },
    scope as Scope,
  );
  const customColumns = useCustomFieldColumns<Row>(type.customFieldEntityType, {
    currency: me.defaultCurrency,
    exclude: type.customFieldsShownBuiltIn,
  });
  const columns = [...parts.columns, ...customColumns.columns];

  const canCreate = can(me, type.permission, 'create');
  const canUpdate = can(me, type.permission, 'update');
  const canDelete = can(me, type.permission, 'delete');
  const selectable = canUpdate || canDelete;
  const activeFilters = Object.keys(url.state.filters).length;
  const filtersId = `${type.noun.one.replaceAll(/\s+/g, '-')}-filters`;
  const tour = type.tourTargets ?? {};
  const Panel = type.Panel;
  const ImportDialog = canCreate ? type.ImportDialog : undefined;
  const importPath = canCreate && can(me, 'settings', 'view') ? type.importPath : undefined;
  const [, navigate] = useLocation();
  const [importing, setImporting] = useState(false);

  return (
    <>
      <DataTable<Row>
        className={className}
        listId={type.key}
        userId={me.id}
        label={type.title}
        columns={columns}
        columnsPending={customColumns.pending}
        list={list}
        getRowId={(row) => row.id}
        getRowLabel={type.rowLabel}
        onOpenRow={(row) => links.openRecord(row.id)}
        sort={url.sort}
        onSortChange={url.setSort}
        selectedIds={selectable ? selection.selectedIds : undefined}
        onSelectedIdsChange={selectable ? selection.setSelectedIds : undefined}
        noun={type.noun}
        tableAttributes={tour.table ? { 'data-tour': tour.table } : undefined}
        firstRowAttributes={tour.firstRow ? { 'data-tour': tour.firstRow } : undefined}
        toolbar={
          <>
            <SearchInput
              value={url.state.search}
              onSearch={url.setSearch}
              placeholder={type.searchPlaceholder}
              aria-label={`Search ${type.noun.other}`}
              wrapperClassName="basis-full sm:min-w-48 sm:basis-0"
              data-tour={tour.search}
            />
            <FiltersButton
              attributes={tour.filters ? { 'data-tour': tour.filters } : undefined}
              activeCount={activeFilters}
              open={filtersOpen}
              onToggle={() => setFiltersOpen((open) => !open)}
              controls={filtersId}
            />
            <SavedViewsMenu listKey={type.key} filterKeys={type.filterKeys} plural={type.noun.other} />
          </>
        }
        toolbarEnd={
          <>
            {ImportDialog ? (
              <ImportCsvButton
                title={`Import ${type.noun.other} from a CSV file`}
                onClick={() => setImporting(true)}
              />
            ) : importPath ? (
              <ImportCsvButton
                title={`Import ${type.noun.other} from a CSV file`}
                onClick={() => navigate(importPath)}
              />
            ) : null}
            {type.exportCsv ? (
              <ExportCsvLink
                href={exportUrl(`${type.apiPath}/export.csv`, url.state, type.listParams)}
                title={`Export the ${type.noun.other} shown to CSV`}
              />
            ) : null}
          </>
        }
        belowToolbar={
          <FilterPanel
            id={filtersId}
            open={filtersOpen}
            defs={parts.filters}
            values={url.state.filters}
            onChange={url.setFilter}
            onClear={url.clearFilters}
          />
        }
        selectionBar={
          <BulkActionsBar
            endpoint={`${type.apiPath}/bulk`}
            noun={type.noun}
            selection={selection}
            onDone={async () => {
              selection.clear();
              await (type.afterBulk
                ? type.afterBulk(queryClient)
                : queryClient.invalidateQueries({ queryKey: [type.apiPath] }));
            }}
            statusField={parts.bulk.status}
            ownerField={parts.bulk.owner}
            tags={parts.bulk.tags}
            tagSuggestions={tags}
            canUpdate={canUpdate}
            canDelete={canDelete}
          />
        }
        empty={
          <ListEmptyState
            narrowed={activeFilters > 0 || url.state.search !== ''}
            onClearFilters={() => {
              url.clearFilters();
              url.setSearch('');
            }}
            plural={type.noun.other}
            singular={type.noun.one}
            icon={type.icon}
            description={type.emptyDescription}
            onCreate={onCreate}
          />
        }
      />
      {Panel ? <Panel recordId={links.openId} onClose={links.closePanel} /> : null}
      {ImportDialog ? <ImportDialog open={importing} onOpenChange={setImporting} /> : null}
    </>
  );
}
