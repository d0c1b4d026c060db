import { useQueryClient } from '@tanstack/react-query';
import { Building2, Download, Plus } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { can } from '../../../../common/permissions';
import { useCustomFieldColumns } from '../../../components/custom-fields/custom-field-columns';
import { BulkActionsBar } from '../../../components/data-table/bulk-actions';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { FilterPanel, FiltersButton } from '../../../components/data-table/filter-bar';
import { formatDate, formatMoney, formatNumber } from '../../../components/data-table/format';
import { exportUrl, toApiParams, withParam } from '../../../components/data-table/list-params';
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
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { TagList } from '../../../components/ui/tag-list';
import { useSignedInUser } from '../../auth/signed-in-user';
import { type Company, companiesPath, useCompanyList } from '../api';
import {
  companyFilterDefs,
  companyFilterKeys,
  displayWebsite,
  relationshipBadge,
  relationshipLabel,
  relationshipOptions,
} from '../company-options';
import { CompanyFormDialog } from '../components/company-form-dialog';
import { CompanyPanel } from '../components/company-panel';

const noun = { one: 'company', other: 'companies' };

/** /companies: businesses and partners; a company opens in a side panel (`?open=:id`). */
export function CompaniesPage() {
  const me = useSignedInUser();
  const queryClient = useQueryClient();
  const url = useListUrlState(companyFilterKeys);
  const params = toApiParams(url.state);
  const list = useCompanyList(params);
  const owners = useOwnerOptions(me);
  const tags = useTagNames();
  const [creating, setCreating] = useState(false);
  const openCreateDialog = useCallback(() => setCreating(true), []);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const openId = url.params.get('open');

  // The selection belongs to one view of the list: a new search, filter or sort starts afresh.
  const selection = useListSelection(params, list, (company) => company.id);

  const allowed = {
    create: can(me, 'companies', 'create'),
    update: can(me, 'companies', 'update'),
    remove: can(me, 'companies', 'delete'),
  };
  useCreateParam(openCreateDialog, allowed.create);
  const activeFilters = Object.keys(url.state.filters).length;
  const narrowed = activeFilters > 0 || url.state.search !== '';

  const customColumns = useCustomFieldColumns<Company>('company', { currency: me.defaultCurrency });
  const columns = useMemo(() => {
    // The panel's address keeps the list's search, filters and sort.
    const panelHref = (id: string) => `/companies?${withParam(url.params, 'open', id)}`;
    return [...companyColumns(owners.nameOf, panelHref), ...customColumns.columns];
  }, [owners, url.params, customColumns.columns]);

  return (
    <PageContainer>
      <PageHeader
        title="Companies"
        description="Title companies, law firms, county offices, partners and the other businesses you deal with."
        actions={
          allowed.create ? (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              New company
            </Button>
          ) : null
        }
      />
      <DataTable
        className="mt-6"
        listId="companies"
        userId={me.id}
        label="Companies"
        columns={columns}
        columnsPending={customColumns.pending}
        list={list}
        getRowId={(company) => company.id}
        getRowLabel={(company) => company.companyName}
        onOpenRow={(company) => url.setParam('open', company.id)}
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
              placeholder="Search name or website…"
              aria-label="Search companies"
            />
            <FiltersButton
              activeCount={activeFilters}
              open={filtersOpen}
              onToggle={() => setFiltersOpen((open) => !open)}
              controls="company-filters"
            />
          </>
        }
        toolbarEnd={
          <a
            href={exportUrl(`${companiesPath}/export.csv`, url.state)}
            download
            className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'h-9' })}
            title="Export the companies shown to CSV"
          >
            <Download aria-hidden="true" />
            <span className="hidden sm:inline">Export CSV</span>
            <span className="sr-only sm:hidden">Export CSV</span>
          </a>
        }
        belowToolbar={
          <FilterPanel
            id="company-filters"
            open={filtersOpen}
            defs={companyFilterDefs({ owners: owners.options, tags })}
            values={url.state.filters}
            onChange={url.setFilter}
            onClear={url.clearFilters}
          />
        }
        selectionBar={
          <BulkActionsBar
            endpoint={`${companiesPath}/bulk`}
            noun={noun}
            selection={selection}
            onDone={async () => {
              selection.clear();
              await queryClient.invalidateQueries({ queryKey: [companiesPath] });
            }}
            statusField={{ key: 'relationshipStatus', label: 'relationship', options: relationshipOptions }}
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
            plural="companies"
            singular="company"
            icon={Building2}
            description="Keep the title companies, attorneys and partners you work with in one place."
            onCreate={allowed.create ? () => setCreating(true) : undefined}
          />
        }
      />
      <CompanyPanel companyId={openId} onClose={() => url.setParam('open', null)} />
      {allowed.create ? (
        <CompanyFormDialog
          open={creating}
          onOpenChange={setCreating}
          onCreated={(id) => url.setParam('open', id)}
        />
      ) : null}
    </PageContainer>
  );
}

/**
 * The list's columns; the owner column names owners through `nameOf`, and each name links to the
 * company's panel (`panelHref`), as names link to their pages in the other lists.
 */
function companyColumns(
  nameOf: OwnerOptions['nameOf'],
  panelHref: (id: string) => string,
): DataTableColumn<Company>[] {
  return [
    {
      id: 'name',
      header: 'Company',
      alwaysVisible: true,
      sortField: 'companyName',
      width: { min: 220, grow: 2 },
      cell: (company) => (
        <div className="flex min-w-0 items-center gap-3">
          <span
            className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground"
            aria-hidden="true"
          >
            <Building2 className="size-4" />
          </span>
          <div className="min-w-0">
            <Link
              href={panelHref(company.id)}
              className="block truncate font-medium text-foreground hover:underline"
              tabIndex={-1}
            >
              {company.companyName}
            </Link>
            {company.website ? (
              <div className="truncate text-xs text-muted-foreground">{displayWebsite(company.website)}</div>
            ) : null}
          </div>
        </div>
      ),
    },
    {
      id: 'relationship',
      header: 'Relationship',
      sortField: 'relationshipStatus',
      width: 150,
      cell: (company) => (
        <Badge variant={relationshipBadge[company.relationshipStatus] ?? 'neutral'}>
          {relationshipLabel(company.relationshipStatus)}
        </Badge>
      ),
    },
    {
      id: 'industry',
      header: 'Industry',
      sortField: 'industry',
      width: { min: 140 },
      cell: (company) => <span className="text-muted-foreground">{company.industry ?? '—'}</span>,
    },
    {
      id: 'keyContact',
      header: 'Key contact',
      width: { min: 130 },
      cell: (company) => <span className="text-muted-foreground">{company.keyContact ?? '—'}</span>,
    },
    {
      id: 'employees',
      header: 'Employees',
      sortField: 'employeeCount',
      sortFirst: 'desc',
      align: 'end',
      width: 140,
      cell: (company) => (
        <span className="text-muted-foreground tabular-nums">
          {formatNumber(company.employeeCount) || '—'}
        </span>
      ),
    },
    {
      id: 'revenue',
      header: 'Revenue',
      sortField: 'estimatedRevenue',
      sortFirst: 'desc',
      align: 'end',
      width: 125,
      cell: (company) => (
        <span className="text-muted-foreground tabular-nums">
          {formatMoney(company.estimatedRevenue) || '—'}
        </span>
      ),
    },
    {
      id: 'hq',
      header: 'Headquarters',
      defaultHidden: true,
      width: { min: 150 },
      cell: (company) => <span className="text-muted-foreground">{company.hqLocation ?? '—'}</span>,
    },
    {
      id: 'owner',
      header: 'Owner',
      width: { min: 130 },
      cell: (company) => (
        <span className="text-muted-foreground">{nameOf(company.assignedTo) ?? 'Unassigned'}</span>
      ),
    },
    {
      id: 'tags',
      header: 'Tags',
      defaultHidden: true,
      width: { min: 160 },
      cell: (company) => <TagList tags={company.customTags} max={2} />,
    },
    {
      id: 'created',
      header: 'Created',
      sortField: 'createdAt',
      sortFirst: 'desc',
      width: 120,
      cell: (company) => <span className="text-muted-foreground">{formatDate(company.createdAt)}</span>,
    },
  ];
}
