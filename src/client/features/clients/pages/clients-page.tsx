import { useQueryClient } from '@tanstack/react-query';
import { Contact, Download, Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { can } from '../../../../common/permissions';
import { useCustomFieldColumns } from '../../../components/custom-fields/custom-field-columns';
import { BulkActionsBar } from '../../../components/data-table/bulk-actions';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { FilterPanel, FiltersButton } from '../../../components/data-table/filter-bar';
import { formatDate } from '../../../components/data-table/format';
import { initialsOf } from '../../../lib/initials';
import { exportUrl, toApiParams } from '../../../components/data-table/list-params';
import { SearchInput } from '../../../components/data-table/search-input';
import { useListUrlState } from '../../../components/data-table/use-list-url-state';
import { useListSelection } from '../../../components/data-table/use-list-selection';
import { useCreateParam } from '../../../lib/use-create-param';
import {
  type OwnerOptions,
  useOwnerOptions,
  useTagNames,
} from '../../../components/data-table/use-record-options';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { PersonStatusBadge } from '../../../components/person-status-badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { TagList } from '../../../components/ui/tag-list';
import { formatPhone } from '../../../../common/phone-format';
import { useSignedInUser } from '../../auth/signed-in-user';
import { useTourAction } from '../../tours/tour-actions';
import { type Client, clientsPath, useClientList } from '../api';
import {
  clientFilterDefs,
  clientFilterKeys,
  clientStatusBadge,
  clientStatusLabel,
  clientStatusOptions,
} from '../client-options';
import { ClientFormDialog } from '../components/client-form-dialog';

const noun = { one: 'client', other: 'clients' };

/** /clients: the people the organization works for, searchable and filterable, with bulk actions. */
export function ClientsPage() {
  const me = useSignedInUser();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const url = useListUrlState(clientFilterKeys);
  const params = toApiParams(url.state);
  const list = useClientList(params);
  const owners = useOwnerOptions(me);
  const tags = useTagNames();
  const [creating, setCreating] = useState(false);
  const openCreateDialog = useCallback(() => setCreating(true), []);
  const [filtersOpen, setFiltersOpen] = useState(false);

  // The selection belongs to one view of the list: a new search, filter or sort starts afresh.
  const selection = useListSelection(params, list, (client) => client.id);

  const allowed = {
    create: can(me, 'clients', 'create'),
    update: can(me, 'clients', 'update'),
    remove: can(me, 'clients', 'delete'),
  };
  useCreateParam(openCreateDialog, allowed.create);
  const activeFilters = Object.keys(url.state.filters).length;
  const narrowed = activeFilters > 0 || url.state.search !== '';

  const customColumns = useCustomFieldColumns<Client>('client', { currency: me.defaultCurrency });
  const columns = useMemo(
    () => [...clientColumns(owners.nameOf, me.phoneNumberFormat), ...customColumns.columns],
    [owners, me.phoneNumberFormat, customColumns.columns],
  );

  // The client-management tour's last step shows a client's notes: open the first client.
  const [openFirstForTour, setOpenFirstForTour] = useState(false);
  useTourAction('open-client-notes', () => setOpenFirstForTour(true));
  const firstClientId = list.rows[0]?.id;
  useEffect(() => {
    if (openFirstForTour && firstClientId) navigate(`/clients/${firstClientId}`);
  }, [openFirstForTour, firstClientId, navigate]);

  return (
    <PageContainer>
      <PageHeader
        data-tour="clients-header"
        title="Clients"
        description="The claimants and customers you work for, with their deals, documents and history."
        actions={
          allowed.create ? (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              New client
            </Button>
          ) : null
        }
      />
      <DataTable
        className="mt-6"
        listId="clients"
        userId={me.id}
        label="Clients"
        columns={columns}
        columnsPending={customColumns.pending}
        list={list}
        getRowId={(client) => client.id}
        getRowLabel={(client) => client.displayName}
        onOpenRow={(client) => navigate(`/clients/${client.id}`)}
        sort={url.sort}
        onSortChange={url.setSort}
        selectedIds={allowed.update || allowed.remove ? selection.selectedIds : undefined}
        onSelectedIdsChange={allowed.update || allowed.remove ? selection.setSelectedIds : undefined}
        noun={noun}
        tableAttributes={{ 'data-tour': 'clients-table' }}
        firstRowAttributes={{ 'data-tour': 'client-row' }}
        toolbar={
          <>
            <SearchInput
              value={url.state.search}
              onSearch={url.setSearch}
              placeholder="Search name, email or phone…"
              aria-label="Search clients"
              data-tour="search-input"
            />
            <FiltersButton
              attributes={{ 'data-tour': 'client-filters' }}
              activeCount={activeFilters}
              open={filtersOpen}
              onToggle={() => setFiltersOpen((open) => !open)}
              controls="client-filters"
            />
          </>
        }
        toolbarEnd={
          <a
            href={exportUrl(`${clientsPath}/export.csv`, url.state)}
            download
            className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'h-9' })}
            title="Export the clients shown to CSV"
          >
            <Download aria-hidden="true" />
            <span className="hidden sm:inline">Export CSV</span>
            <span className="sr-only sm:hidden">Export CSV</span>
          </a>
        }
        belowToolbar={
          <FilterPanel
            id="client-filters"
            open={filtersOpen}
            defs={clientFilterDefs({ owners: owners.options, tags })}
            values={url.state.filters}
            onChange={url.setFilter}
            onClear={url.clearFilters}
          />
        }
        selectionBar={
          <BulkActionsBar
            endpoint={`${clientsPath}/bulk`}
            noun={noun}
            selection={selection}
            onDone={async () => {
              selection.clear();
              await queryClient.invalidateQueries({ queryKey: [clientsPath] });
            }}
            statusField={{ key: 'status', label: 'status', options: clientStatusOptions }}
            ownerField={{
              key: 'assignedTo',
              label: 'owner',
              options: owners.options,
              emptyLabel: 'Unassigned',
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
            plural="clients"
            singular="client"
            icon={Contact}
            description="Convert a qualified lead, or add a client you already work with."
            onCreate={allowed.create ? () => setCreating(true) : undefined}
          />
        }
      />
      {allowed.create ? (
        <ClientFormDialog
          open={creating}
          onOpenChange={setCreating}
          onCreated={(id) => navigate(`/clients/${id}`)}
        />
      ) : null}
    </PageContainer>
  );
}

/** The list's columns; the owner column names owners through `nameOf`. */
function clientColumns(
  nameOf: OwnerOptions['nameOf'],
  phoneFormat: string | null,
): DataTableColumn<Client>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      alwaysVisible: true,
      sortField: 'displayName',
      width: { min: 220, grow: 2 },
      cell: (client) => (
        <div className="flex min-w-0 items-center gap-3">
          <span
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary-soft-foreground"
            aria-hidden="true"
          >
            {initialsOf(client.displayName)}
          </span>
          <Link
            href={`/clients/${client.id}`}
            className="truncate font-medium text-foreground hover:underline"
            tabIndex={-1}
          >
            {client.displayName}
          </Link>
        </div>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      sortField: 'email',
      width: { min: 200, grow: 1.5 },
      cell: (client) => <span className="text-muted-foreground">{client.email ?? '—'}</span>,
    },
    {
      id: 'phone',
      header: 'Phone',
      width: 140,
      cell: (client) => (
        <span className="text-muted-foreground tabular-nums">
          {formatPhone(client.phone, phoneFormat) || '—'}
        </span>
      ),
    },
    {
      id: 'city',
      header: 'City',
      sortField: 'city',
      defaultHidden: true,
      width: { min: 140 },
      cell: (client) => <span className="text-muted-foreground">{client.city ?? '—'}</span>,
    },
    {
      id: 'state',
      header: 'State',
      sortField: 'state',
      defaultHidden: true,
      width: 90,
      cell: (client) => <span className="text-muted-foreground">{client.state ?? '—'}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      sortField: 'status',
      width: 120,
      cell: (client) => (
        <PersonStatusBadge
          status={client.status}
          label={clientStatusLabel(client.status)}
          variant={clientStatusBadge[client.status] ?? 'neutral'}
        />
      ),
    },
    {
      id: 'owner',
      header: 'Owner',
      width: { min: 150 },
      cell: (client) => (
        <span className="text-muted-foreground">{nameOf(client.assignedTo) ?? 'Unassigned'}</span>
      ),
    },
    {
      id: 'tags',
      header: 'Tags',
      width: { min: 180, grow: 1.5 },
      cell: (client) => <TagList tags={client.tags} max={3} />,
    },
    {
      id: 'source',
      header: 'Source',
      width: 130,
      cell: (client) => (
        <span className="text-muted-foreground">{client.leadId ? 'Converted lead' : 'Added directly'}</span>
      ),
      defaultHidden: true,
    },
    {
      id: 'lastContact',
      header: 'Last contact',
      sortField: 'lastContactDate',
      sortFirst: 'desc',
      width: 130,
      cell: (client) => (
        <span className="text-muted-foreground">{formatDate(client.lastContactDate) || '—'}</span>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      sortField: 'createdAt',
      sortFirst: 'desc',
      width: 130,
      cell: (client) => <span className="text-muted-foreground">{formatDate(client.createdAt)}</span>,
    },
  ];
}
