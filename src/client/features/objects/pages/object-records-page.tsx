import { useQueryClient } from '@tanstack/react-query';
import { Download, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { can } from '../../../../common/permissions';
import { BulkActionsBar } from '../../../components/data-table/bulk-actions';
import { DataTable } from '../../../components/data-table/data-table';
import { FilterPanel, FiltersButton } from '../../../components/data-table/filter-bar';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { exportUrl, toApiParams } from '../../../components/data-table/list-params';
import { SearchInput } from '../../../components/data-table/search-input';
import { useListSelection } from '../../../components/data-table/use-list-selection';
import { useListUrlState } from '../../../components/data-table/use-list-url-state';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { PermissionGuard } from '../../../components/permission-guard';
import { RecordLoadError, RecordPageSkeleton } from '../../../components/record-page-states';
import { Button, buttonClassName } from '../../../components/ui/button';
import { useCreateParam } from '../../../lib/use-create-param';
import { useSignedInUser } from '../../auth/signed-in-user';
import { ObjectRecordFormDialog } from '../components/object-record-form-dialog';
import { objectIconOf } from '../components/object-icon';
import type { ObjectRecordType } from '../object-record-type';
import { entityRecordsPath, useEntityRecordList } from '../records-api';
import { useObjectRecordType } from '../use-object-record-type';

/** /objects/:entityType: an object's records, searchable, filterable by its fields, with bulk actions and CSV. */
export function ObjectRecordsPage({ entityType }: { entityType: string }) {
  const { type, isPending, error, tags } = useObjectRecordType(entityType);
  if (isPending) return <RecordPageSkeleton />;
  if (!type) return <RecordLoadError error={error} singular="Object" listHref="/dashboard" />;
  return (
    <PermissionGuard permission={[type.permission, 'read']}>
      <ObjectRecords type={type} tags={tags} />
    </PermissionGuard>
  );
}

function ObjectRecords({ type, tags }: { type: ObjectRecordType; tags: string[] }) {
  const me = useSignedInUser();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const url = useListUrlState(type.filters.map((filter) => filter.key));
  const params = toApiParams(url.state);
  const list = useEntityRecordList(type.entityType, params);
  const selection = useListSelection({ ...params, entityType: type.entityType }, list, (record) => record.id);
  const [creating, setCreating] = useState(false);
  const openCreateDialog = useCallback(() => setCreating(true), []);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const allowed = {
    create: can(me, type.permission, 'create'),
    update: can(me, type.permission, 'update'),
    remove: can(me, type.permission, 'delete'),
  };
  useCreateParam(openCreateDialog, allowed.create);
  const activeFilters = Object.keys(url.state.filters).length;
  const narrowed = activeFilters > 0 || url.state.search !== '';
  const selectable = allowed.update || allowed.remove;
  const filtersId = `${type.entityType}-filters`;

  return (
    <PageContainer>
      <PageHeader
        title={type.title}
        description={type.description ?? undefined}
        actions={
          allowed.create ? (
            <Button onClick={openCreateDialog}>
              <Plus aria-hidden="true" />
              New {type.noun.one}
            </Button>
          ) : null
        }
      />
      <DataTable
        className="mt-6"
        listId={type.listKey}
        userId={me.id}
        label={type.title}
        columns={type.columns}
        list={list}
        getRowId={(record) => record.id}
        getRowLabel={(record) => record.displayName}
        onOpenRow={(record) => navigate(type.paths.record(record.id))}
        sort={url.sort}
        onSortChange={url.setSort}
        selectedIds={selectable ? selection.selectedIds : undefined}
        onSelectedIdsChange={selectable ? selection.setSelectedIds : undefined}
        noun={type.noun}
        toolbar={
          <>
            <SearchInput
              value={url.state.search}
              onSearch={url.setSearch}
              placeholder="Search name and text fields…"
              aria-label={`Search ${type.noun.other}`}
            />
            <FiltersButton
              activeCount={activeFilters}
              open={filtersOpen}
              onToggle={() => setFiltersOpen((open) => !open)}
              controls={filtersId}
            />
          </>
        }
        toolbarEnd={
          <a
            href={exportUrl(type.paths.export, {
              ...url.state,
              filters: { ...url.state.filters, entityType: type.entityType },
            })}
            download
            className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'h-9' })}
            title={`Export the ${type.noun.other} shown to CSV`}
          >
            <Download aria-hidden="true" />
            <span className="hidden sm:inline">Export CSV</span>
            <span className="sr-only sm:hidden">Export CSV</span>
          </a>
        }
        belowToolbar={
          <FilterPanel
            id={filtersId}
            open={filtersOpen}
            defs={type.filters}
            values={url.state.filters}
            onChange={url.setFilter}
            onClear={url.clearFilters}
          />
        }
        selectionBar={
          <BulkActionsBar
            endpoint={type.paths.bulk}
            noun={type.noun}
            selection={selection}
            onDone={async () => {
              selection.clear();
              await queryClient.invalidateQueries({ queryKey: [entityRecordsPath] });
            }}
            tags
            tagSuggestions={tags}
            canUpdate={allowed.update}
            canDelete={allowed.remove}
          />
        }
        empty={
          <ListEmptyState
            narrowed={narrowed}
            onClearFilters={() => {
              url.clearFilters();
              url.setSearch('');
            }}
            plural={type.noun.other}
            singular={type.noun.one}
            icon={objectIconOf(type.iconName)}
            description={`Add your ${type.noun.other} here, then link each to the deals, clients and companies it belongs to.`}
            onCreate={allowed.create ? openCreateDialog : undefined}
          />
        }
      />
      {allowed.create ? (
        <ObjectRecordFormDialog
          type={type}
          open={creating}
          onOpenChange={setCreating}
          onCreated={(record) => navigate(type.paths.record(record.id))}
        />
      ) : null}
    </PageContainer>
  );
}
