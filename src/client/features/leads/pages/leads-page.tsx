import { useQueryClient } from '@tanstack/react-query';
import { Download, Plus, Target } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { can } from '../../../../common/permissions';
import { useCustomFieldColumns } from '../../../components/custom-fields/custom-field-columns';
import { BulkActionsBar } from '../../../components/data-table/bulk-actions';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { FilterPanel, FiltersButton } from '../../../components/data-table/filter-bar';
import { formatDate } from '../../../components/data-table/format';
import { formatPhone } from '../../../../common/phone-format';
import { initialsOf } from '../../../lib/initials';
import { exportUrl, toApiParams } from '../../../components/data-table/list-params';
import { SearchInput } from '../../../components/data-table/search-input';
import { useListUrlState } from '../../../components/data-table/use-list-url-state';
import { useListSelection } from '../../../components/data-table/use-list-selection';
import { useCreateParam } from '../../../lib/use-create-param';
import {
  useLeadSourceNames,
  type OwnerOptions,
  useOwnerOptions,
  useTagNames,
} from '../../../components/data-table/use-record-options';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { PersonStatusBadge } from '../../../components/person-status-badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { useSignedInUser } from '../../auth/signed-in-user';
import { type Lead, leadsPath, useLeadList } from '../api';
import { LeadFormDialog } from '../components/lead-form-dialog';
import { TagList } from '../../../components/ui/tag-list';
import {
  interestBadge,
  leadFilterDefs,
  leadFilterKeys,
  leadStatusBadge,
  settableLeadStatusOptions,
} from '../lead-options';

const noun = { one: 'lead', other: 'leads' };

/** /leads: every prospect, searchable and filterable, with bulk actions and CSV export. */
export function LeadsPage() {
  const me = useSignedInUser();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const url = useListUrlState(leadFilterKeys);
  const params = toApiParams(url.state);
  const list = useLeadList(params);
  const owners = useOwnerOptions(me);
  const sources = useLeadSourceNames();
  const tags = useTagNames();
  const [creating, setCreating] = useState(false);
  const openCreateDialog = useCallback(() => setCreating(true), []);
  const [filtersOpen, setFiltersOpen] = useState(false);

  // The selection belongs to one view of the list: a new search, filter or sort starts afresh.
  const selection = useListSelection(params, list, (lead) => lead.id);

  const allowed = {
    create: can(me, 'leads', 'create'),
    update: can(me, 'leads', 'update'),
    remove: can(me, 'leads', 'delete'),
  };
  useCreateParam(openCreateDialog, allowed.create);
  const filterDefs = leadFilterDefs({ owners: owners.options, sources, tags });
  const activeFilters = Object.keys(url.state.filters).length;
  const narrowed = activeFilters > 0 || url.state.search !== '';

  const customColumns = useCustomFieldColumns<Lead>('lead', { currency: me.defaultCurrency });
  const columns = useMemo(
    () => [...leadColumns(owners.nameOf, me.phoneNumberFormat), ...customColumns.columns],
    [owners, me.phoneNumberFormat, customColumns.columns],
  );

  return (
    <PageContainer>
      <PageHeader
        title="Leads"
        description="Every prospect in one place: qualify, follow up and convert the ones ready to work with you."
        actions={
          allowed.create ? (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              New lead
            </Button>
          ) : null
        }
      />
      <DataTable
        className="mt-6"
        listId="leads"
        userId={me.id}
        label="Leads"
        columns={columns}
        columnsPending={customColumns.pending}
        list={list}
        getRowId={(lead) => lead.id}
        getRowLabel={(lead) => lead.fullName}
        onOpenRow={(lead) => navigate(`/leads/${lead.id}`)}
        sort={url.sort}
        onSortChange={url.setSort}
        selectedIds={allowed.update || allowed.remove ? selection.selectedIds : undefined}
        onSelectedIdsChange={allowed.update || allowed.remove ? selection.setSelectedIds : undefined}
        noun={noun}
        toolbar={
          <>
            <SearchInput
              value={url.state.search}
              onSearch={url.setSearch}
              placeholder="Search name, email, phone…"
              aria-label="Search leads"
              data-tour="search-input"
            />
            <FiltersButton
              activeCount={activeFilters}
              open={filtersOpen}
              onToggle={() => setFiltersOpen((open) => !open)}
              controls="lead-filters"
            />
          </>
        }
        toolbarEnd={
          <a
            href={exportUrl(`${leadsPath}/export.csv`, url.state)}
            download
            className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'h-9' })}
            title="Export the leads shown to CSV"
          >
            <Download aria-hidden="true" />
            <span className="hidden sm:inline">Export CSV</span>
            <span className="sr-only sm:hidden">Export CSV</span>
          </a>
        }
        belowToolbar={
          <FilterPanel
            id="lead-filters"
            open={filtersOpen}
            defs={filterDefs}
            values={url.state.filters}
            onChange={url.setFilter}
            onClear={url.clearFilters}
          />
        }
        selectionBar={
          <BulkActionsBar
            endpoint={`${leadsPath}/bulk`}
            noun={noun}
            selection={selection}
            onDone={async () => {
              selection.clear();
              await queryClient.invalidateQueries({ queryKey: [leadsPath] });
            }}
            statusField={{ key: 'leadStatus', label: 'status', options: settableLeadStatusOptions }}
            ownerField={{
              key: 'assignedOwner',
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
            plural="leads"
            singular="lead"
            icon={Target}
            description="Add the people you are prospecting, or import them, and follow each one up from here."
            onCreate={allowed.create ? () => setCreating(true) : undefined}
          />
        }
      />
      {allowed.create ? <LeadFormDialog open={creating} onOpenChange={setCreating} /> : null}
    </PageContainer>
  );
}

function NameSubline({ text }: { text: string | null }) {
  return text ? <div className="truncate text-xs text-muted-foreground">{text}</div> : null;
}

/** The list's columns; the owner column names owners through `nameOf`. */
function leadColumns(nameOf: OwnerOptions['nameOf'], phoneFormat: string | null): DataTableColumn<Lead>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      alwaysVisible: true,
      sortField: 'fullName',
      width: { min: 240, grow: 2 },
      cell: (lead, view) => (
        <div className="flex min-w-0 items-center gap-3">
          <span
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary-soft-foreground"
            aria-hidden="true"
          >
            {initialsOf(lead.fullName)}
          </span>
          <div className="min-w-0">
            <Link
              href={`/leads/${lead.id}`}
              className="block truncate font-medium text-foreground hover:underline"
              tabIndex={-1}
            >
              {lead.fullName}
            </Link>
            {/* The e-mail under the name, unless its own column shows it. */}
            <NameSubline
              text={view.isVisible('email') ? lead.businessName : (lead.email ?? lead.businessName)}
            />
          </div>
        </div>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      sortField: 'email',
      defaultHidden: true,
      width: { min: 200, grow: 1.5 },
      cell: (lead) => <span className="text-muted-foreground">{lead.email ?? '—'}</span>,
    },
    {
      id: 'phone',
      header: 'Phone',
      width: 140,
      cell: (lead) => (
        <span className="text-muted-foreground tabular-nums">
          {formatPhone(lead.phone, phoneFormat) || '—'}
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sortField: 'leadStatus',
      width: 120,
      cell: (lead) => (
        <PersonStatusBadge status={lead.leadStatus} variant={leadStatusBadge[lead.leadStatus] ?? 'neutral'} />
      ),
    },
    {
      id: 'interest',
      header: 'Interest',
      sortField: 'interestLevel',
      width: 120,
      cell: (lead) =>
        lead.interestLevel ? (
          <Badge variant={interestBadge[lead.interestLevel] ?? 'neutral'}>{lead.interestLevel}</Badge>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: 'source',
      header: 'Source',
      sortField: 'leadSource',
      width: { min: 130 },
      cell: (lead) => <span className="text-muted-foreground">{lead.leadSource ?? '—'}</span>,
    },
    {
      id: 'owner',
      header: 'Owner',
      width: { min: 130 },
      cell: (lead) => (
        <span className="text-muted-foreground">{nameOf(lead.assignedOwner) ?? 'Unassigned'}</span>
      ),
    },
    {
      id: 'tags',
      header: 'Tags',
      width: { min: 150 },
      cell: (lead) => <TagList tags={lead.tags} max={1} />,
    },
    {
      id: 'location',
      header: 'Location',
      defaultHidden: true,
      width: { min: 140 },
      cell: (lead) => <span className="text-muted-foreground">{lead.location ?? '—'}</span>,
    },
    {
      id: 'industry',
      header: 'Industry',
      defaultHidden: true,
      width: { min: 140 },
      cell: (lead) => <span className="text-muted-foreground">{lead.industry ?? '—'}</span>,
    },
    {
      id: 'lastContact',
      header: 'Last contact',
      sortField: 'lastContactDate',
      sortFirst: 'desc',
      defaultHidden: true,
      width: 130,
      cell: (lead) => (
        <span className="text-muted-foreground">{formatDate(lead.lastContactDate) || '—'}</span>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      sortField: 'createdAt',
      sortFirst: 'desc',
      width: 120,
      cell: (lead) => <span className="text-muted-foreground">{formatDate(lead.createdAt)}</span>,
    },
  ];
}
