import { Archive, ArchiveRestore, FileStack, FileUp, RefreshCw, SearchX, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { can } from '../../../../common/permissions';
import { FiltersButton } from '../../../components/data-table/filter-bar';
import { formatDate } from '../../../components/data-table/format';
import { formatCount } from '../../../components/data-table/list-params';
import { SearchInput } from '../../../components/data-table/search-input';
import { useListUrlState } from '../../../components/data-table/use-list-url-state';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { ClientPicker } from '../../deals/components/client-picker';
import {
  type BulkDocumentAction,
  type BulkDocumentTarget,
  type DocumentListItem,
  useBulkDocuments,
  useDocumentList,
  useTemplateOptions,
} from '../api';
import { documentStatusOptions } from '../document-status';
import { bulkConfirmation } from '../documents-list-model';
import { ClientDealSelect } from './client-deal-select';
import { DocumentStatusBadge } from './document-status-badge';
import { documentsTourTargets } from '../tour-targets';

const documentNoun = { one: 'document', other: 'documents' };
const filterKeys = ['status', 'clientId', 'dealId', 'templateId', 'createdFrom', 'createdTo', 'archived'];

/**
 * Document management's list (CONTRACT: GET /api/document-instances): search, filters kept in the
 * address bar, keyset "Load more", selection with bulk archive / unarchive / delete.
 */
export function DocumentsList({ onCreate, onUpload }: { onCreate?: () => void; onUpload?: () => void }) {
  const me = useSignedInUser();
  const url = useListUrlState(filterKeys);
  const ids = useId();
  const { filters } = url.state;
  const archived = filters.archived === 'true';
  const params: Record<string, string> = {
    ...filters,
    archived: archived ? 'true' : 'false',
    sort: url.state.sort || '-createdAt',
    ...(url.state.search ? { search: url.state.search } : {}),
  };
  const list = useDocumentList(params);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [selected, setSelected] = useState<{ key: string; ids: Set<string>; all: boolean }>({
    key: '',
    ids: new Set(),
    all: false,
  });
  // A new search or filter starts the selection afresh.
  const viewKey = JSON.stringify(params);
  const selection =
    selected.key === viewKey ? selected : { key: viewKey, ids: new Set<string>(), all: false };
  const selectedCount = selection.all ? list.total : selection.ids.size;
  const canDelete = can(me, 'documents', 'delete');
  const canEdit = can(me, 'documents', 'edit') || can(me, 'documents', 'update');
  const selectable = canDelete || canEdit;
  const activeFilters = Object.keys(filters).filter((key) => key !== 'archived').length;

  const setIds = (next: Set<string>) => setSelected({ key: viewKey, ids: next, all: false });
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selection.ids);
    if (on) next.add(id);
    else next.delete(id);
    setIds(next);
  };
  const everyLoaded = list.rows.length > 0 && list.rows.every((row) => selection.ids.has(row.id));
  const target: BulkDocumentTarget = selection.all
    ? { all: true, filters: withoutSort(params) }
    : { ids: [...selection.ids] };

  const narrowed = activeFilters > 0 || url.state.search !== '';

  return (
    <Card className="overflow-hidden" data-tour={documentsTourTargets.section}>
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-3 sm:px-4">
        <SearchInput
          value={url.state.search}
          onSearch={url.setSearch}
          placeholder="Search documents"
          aria-label="Search documents"
          wrapperClassName="basis-full sm:basis-64"
        />
        <FiltersButton
          activeCount={activeFilters}
          open={filtersOpen}
          onToggle={() => setFiltersOpen((open) => !open)}
          controls={`${ids}-filters`}
        />
        <label className="ml-auto flex items-center gap-2 text-sm text-muted-foreground">
          <Switch
            checked={archived}
            onCheckedChange={(on) => url.setFilter('archived', on ? 'true' : null)}
            aria-label="Show archived documents"
          />
          Archived
        </label>
      </div>
      {filtersOpen ? (
        <DocumentFilters id={`${ids}-filters`} filters={filters} onChange={url.setFilter} />
      ) : null}
      {activeFilters > 0 ? (
        <div className="flex flex-wrap items-center gap-2 border-b border-border bg-muted/30 px-3 py-2 text-sm sm:px-4">
          <span className="text-muted-foreground">
            {activeFilters} {activeFilters === 1 ? 'filter' : 'filters'} applied
          </span>
          <Button variant="ghost" size="sm" onClick={url.clearFilters}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        </div>
      ) : null}

      {selectedCount > 0 ? (
        <BulkBar
          count={selectedCount}
          archived={archived}
          canEdit={canEdit}
          canDelete={canDelete}
          target={target}
          offerAll={!selection.all && everyLoaded && list.total > list.rows.length}
          total={list.total}
          onSelectAll={() => setSelected({ key: viewKey, ids: selection.ids, all: true })}
          onClear={() => setIds(new Set())}
        />
      ) : null}

      <div className="flex items-center justify-between px-3 pt-3 text-sm text-muted-foreground sm:px-4">
        <span aria-live="polite">
          {list.isPending ? 'Loading documents…' : formatCount(list.total, documentNoun)}
        </span>
        {list.isFetching && !list.isPending ? <Spinner aria-label="Refreshing" /> : null}
      </div>

      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <EmptyState
          icon={RefreshCw}
          title="Could not load the documents"
          description={readApiError(list.error).message}
          action={
            <Button variant="secondary" onClick={list.refetch}>
              Try again
            </Button>
          }
        />
      ) : list.rows.length === 0 ? (
        narrowed || archived ? (
          <EmptyState
            icon={SearchX}
            title={archived && !narrowed ? 'No archived documents' : 'No documents match'}
            description={
              archived && !narrowed
                ? 'Documents you archive are kept here.'
                : 'Try another search or remove a filter.'
            }
            action={
              narrowed ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    url.clearFilters();
                    url.setSearch('');
                  }}
                >
                  Clear search and filters
                </Button>
              ) : null
            }
          />
        ) : (
          <EmptyState
            icon={FileStack}
            title="No documents yet"
            description="Create a document from a template for a client or deal, or upload a PDF you already have."
            action={
              <div className="flex flex-wrap justify-center gap-2">
                {onUpload ? (
                  <Button variant="secondary" onClick={onUpload}>
                    <FileUp aria-hidden="true" />
                    Upload PDF
                  </Button>
                ) : null}
                {onCreate ? <Button onClick={onCreate}>New document</Button> : null}
              </div>
            }
          />
        )
      ) : (
        <div className="overflow-x-auto px-1 pb-2 sm:px-2">
          <table className="w-full text-sm" aria-label="Documents">
            <thead>
              <tr className="border-b border-border text-left text-xs font-medium text-muted-foreground">
                {selectable ? (
                  <th scope="col" className="w-10 px-2 py-2.5">
                    <Checkbox
                      aria-label="Select all loaded documents"
                      checked={
                        selection.all || everyLoaded ? true : selection.ids.size > 0 ? 'indeterminate' : false
                      }
                      onCheckedChange={(on) =>
                        setIds(on === true ? new Set(list.rows.map((r) => r.id)) : new Set())
                      }
                    />
                  </th>
                ) : null}
                <th scope="col" className="px-2 py-2.5">
                  Name
                </th>
                <th scope="col" className="px-2 py-2.5" data-tour={documentsTourTargets.status}>
                  Status
                </th>
                <th scope="col" className="hidden px-2 py-2.5 md:table-cell">
                  Client and deal
                </th>
                <th scope="col" className="hidden px-2 py-2.5 lg:table-cell">
                  Template
                </th>
                <th scope="col" className="hidden px-2 py-2.5 text-right sm:table-cell">
                  Updated
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <DocumentRow
                  key={row.id}
                  row={row}
                  selectable={selectable}
                  selected={selection.all || selection.ids.has(row.id)}
                  onSelect={(on) => toggle(row.id, on)}
                />
              ))}
            </tbody>
          </table>
          {list.hasNextPage ? (
            <div className="flex justify-center py-3">
              <Button variant="secondary" onClick={list.fetchNextPage} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? <Spinner /> : null}
                Load more
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </Card>
  );
}

function withoutSort({ sort: _sort, ...filters }: Record<string, string>): Record<string, string> {
  return filters;
}

function DocumentRow({
  row,
  selectable,
  selected,
  onSelect,
}: {
  row: DocumentListItem;
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const [, navigate] = useLocation();
  const href = `/documents/instances/${row.id}`;
  return (
    <tr
      className="cursor-pointer border-b border-border last:border-0 hover:bg-muted/50 data-[state=selected]:bg-primary-soft/50"
      data-state={selected ? 'selected' : undefined}
      onClick={(event) => {
        if ((event.target as Element).closest('a, button, input, label')) return;
        navigate(href);
      }}
    >
      {selectable ? (
        <td className="px-2 py-3 align-top">
          <Checkbox
            aria-label={`Select ${row.name}`}
            checked={selected}
            onCheckedChange={(on) => onSelect(on === true)}
          />
        </td>
      ) : null}
      <td className="max-w-0 px-2 py-3 align-top">
        <Link
          href={href}
          className="block truncate font-medium text-foreground hover:text-primary hover:underline"
        >
          {row.name}
        </Link>
        <span className="block truncate text-xs text-muted-foreground">
          {row.source === 'upload'
            ? 'Uploaded PDF'
            : row.templateId
              ? 'From a template'
              : 'Written from scratch'}
          {row.pageCount ? ` · ${row.pageCount} ${row.pageCount === 1 ? 'page' : 'pages'}` : ''}
          {row.version > 1 ? ` · version ${row.version}` : ''}
          {/* On phones the client column is hidden: its name rides along here. */}
          <span className="md:hidden">{row.clientName ? ` · ${row.clientName}` : ''}</span>
        </span>
      </td>
      <td className="px-2 py-3 align-top">
        <DocumentStatusBadge status={row.status} />
        {row.archivedAt ? <span className="ml-1 text-xs text-muted-foreground">Archived</span> : null}
      </td>
      <td className="hidden max-w-0 px-2 py-3 align-top md:table-cell">
        {row.clientId ? (
          <Link href={`/clients/${row.clientId}`} className="block truncate text-primary hover:underline">
            {row.clientName ?? 'Client'}
          </Link>
        ) : (
          <span className="text-muted-foreground">No client</span>
        )}
        {row.dealId ? (
          <Link
            href={`/deals/${row.dealId}`}
            className="block truncate text-xs text-muted-foreground hover:underline"
          >
            {row.dealName ?? 'Deal'}
          </Link>
        ) : null}
      </td>
      <td className="hidden max-w-0 truncate px-2 py-3 align-top text-muted-foreground lg:table-cell">
        {row.templateName ?? '—'}
      </td>
      <td className="hidden px-2 py-3 text-right align-top whitespace-nowrap text-muted-foreground tabular-nums sm:table-cell">
        {formatDate(row.updatedAt)}
      </td>
    </tr>
  );
}

function ListSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-3 p-4" aria-busy="true" aria-label="Loading documents">
      {[0, 1, 2, 3, 4].map((index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

function DocumentFilters({
  id,
  filters,
  onChange,
}: {
  id: string;
  filters: Record<string, string>;
  onChange: (key: string, value: string | null) => void;
}) {
  const templates = useTemplateOptions();
  return (
    <div
      id={id}
      className="grid grid-cols-1 gap-3 border-b border-border bg-muted/30 px-3 py-3 sm:grid-cols-2 sm:px-4 lg:grid-cols-3 xl:grid-cols-6"
    >
      <FormField id={`${id}-status`} label="Status">
        <Select
          id={`${id}-status`}
          value={filters.status ?? ''}
          onChange={(e) => onChange('status', e.target.value)}
        >
          <option value="">Any status</option>
          {documentStatusOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id={`${id}-client`} label="Client">
        <ClientPicker
          id={`${id}-client`}
          value={filters.clientId ?? ''}
          onChange={(clientId) => {
            onChange('dealId', null);
            onChange('clientId', clientId || null);
          }}
        />
      </FormField>
      {filters.clientId ? (
        <ClientDealSelect
          id={`${id}-deal`}
          clientId={filters.clientId}
          value={filters.dealId ?? ''}
          onChange={(dealId) => onChange('dealId', dealId || null)}
        />
      ) : null}
      <FormField id={`${id}-template`} label="Template">
        <Select
          id={`${id}-template`}
          value={filters.templateId ?? ''}
          onChange={(e) => onChange('templateId', e.target.value)}
        >
          <option value="">Any template</option>
          {(templates.data ?? []).map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id={`${id}-from`} label="Created from">
        <Input
          id={`${id}-from`}
          type="date"
          value={filters.createdFrom ?? ''}
          onChange={(e) => onChange('createdFrom', e.target.value)}
        />
      </FormField>
      <FormField id={`${id}-to`} label="Created to">
        <Input
          id={`${id}-to`}
          type="date"
          value={filters.createdTo ?? ''}
          onChange={(e) => onChange('createdTo', e.target.value)}
        />
      </FormField>
    </div>
  );
}

function BulkBar({
  count,
  archived,
  canEdit,
  canDelete,
  target,
  offerAll,
  total,
  onSelectAll,
  onClear,
}: {
  count: number;
  archived: boolean;
  canEdit: boolean;
  canDelete: boolean;
  target: BulkDocumentTarget;
  offerAll: boolean;
  total: number;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  const bulk = useBulkDocuments();
  const [confirming, setConfirming] = useState<BulkDocumentAction | null>(null);
  const run = (action: BulkDocumentAction) =>
    bulk.mutate(
      { target, action },
      {
        onSuccess: ({ affected }) => {
          setConfirming(null);
          onClear();
          toast.success(bulkConfirmation(action, affected).done);
        },
        onError: (error) =>
          toast.error('The documents were not changed', { description: readApiError(error).message }),
      },
    );
  const question = confirming ? bulkConfirmation(confirming, count) : null;
  return (
    <div
      role="region"
      aria-label="Selected documents"
      className="flex flex-wrap items-center gap-2 border-b border-border bg-primary-soft/40 px-3 py-2 sm:px-4"
    >
      <span className="text-sm font-medium">{formatCount(count, documentNoun)} selected</span>
      {offerAll ? (
        <Button variant="ghost" size="sm" onClick={onSelectAll}>
          Select all {formatCount(total, documentNoun)}
        </Button>
      ) : null}
      <div className="ml-auto flex flex-wrap gap-2">
        {canEdit && !archived ? (
          <Button variant="secondary" size="sm" onClick={() => setConfirming('archive')}>
            <Archive aria-hidden="true" />
            Archive
          </Button>
        ) : null}
        {canEdit && archived ? (
          <Button variant="secondary" size="sm" disabled={bulk.isPending} onClick={() => run('unarchive')}>
            <ArchiveRestore aria-hidden="true" />
            Unarchive
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            variant="secondary"
            size="sm"
            className="text-destructive"
            onClick={() => setConfirming('delete')}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear selection
        </Button>
      </div>
      <ConfirmDialog
        open={question !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={question?.title ?? ''}
        description={question?.description ?? ''}
        confirmLabel={question?.confirm ?? ''}
        pending={bulk.isPending}
        pendingLabel={question?.pending}
        onConfirm={() => confirming && run(confirming)}
      />
    </div>
  );
}
