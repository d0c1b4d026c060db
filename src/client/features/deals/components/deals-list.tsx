import { useQueryClient } from '@tanstack/react-query';
import { Download, Handshake } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { TagList } from '../../../components/ui/tag-list';
import { can } from '../../../../common/permissions';
import { surplusFieldKeys } from '../../../../common/surplus';
import { useCustomFieldColumns } from '../../../components/custom-fields/custom-field-columns';
import { BulkActionsBar } from '../../../components/data-table/bulk-actions';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { FilterPanel, FiltersButton } from '../../../components/data-table/filter-bar';
import { exportUrl, type FilterDef, toApiParams } from '../../../components/data-table/list-params';
import { SearchInput } from '../../../components/data-table/search-input';
import { useKeysetList } from '../../../components/data-table/use-keyset-list';
import { useListUrlState } from '../../../components/data-table/use-list-url-state';
import { useListSelection } from '../../../components/data-table/use-list-selection';
import {
  toOptions,
  useOwnerOptions,
  useRevenueTypeNames,
  useTagNames,
} from '../../../components/data-table/use-record-options';
import { type DealState, dealStateLabels, dealStates } from '../../../../common/deal-state';
import { useDealState } from '../use-deal-state';
import { DealStateBadge } from './deal-state-badge';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useSignedInUser } from '../../auth/signed-in-user';
import { type Deal, dealsPath, invalidateDealViews, type Pipeline, useClientOptions } from '../api';
import { formatDate, formatMoney } from '../deal-format';
import { DeadlineChip } from './deal-card';
import {
  createdRangeFilterDefs,
  sharedFilterKeys,
  tagFilterDef,
} from '../../../components/data-table/shared-filters';

interface ColumnContext {
  ownerName: (id: string | null | undefined) => string | null;
  stateOf: (stage: string) => DealState;
}

/** The list's columns (the client's name comes with each deal; the owner's from the page's lookup). */
function dealColumns({ ownerName, stateOf }: ColumnContext): DataTableColumn<Deal>[] {
  return [
    {
      id: 'dealName',
      header: 'Deal',
      sortField: 'dealName',
      alwaysVisible: true,
      width: { min: 220, grow: 2 },
      cell: (deal) => (
        <div className="min-w-0">
          <Link
            href={`/deals/${deal.id}`}
            className="block truncate font-medium text-foreground hover:underline"
            tabIndex={-1}
          >
            {deal.dealName}
          </Link>
          {typeof deal.customFields?.propertyAddress === 'string' ? (
            <p className="truncate text-xs text-muted-foreground">{deal.customFields.propertyAddress}</p>
          ) : null}
        </div>
      ),
    },
    {
      id: 'stage',
      header: 'Stage',
      sortField: 'stage',
      width: 140,
      cell: (deal) => (
        <span className="inline-flex max-w-full items-center rounded-md bg-muted px-2 py-0.5 text-xs font-medium">
          <span className="truncate">{deal.stage}</span>
        </span>
      ),
    },
    {
      id: 'state',
      header: 'Status',
      width: 100,
      cell: (deal) => <DealStateBadge state={stateOf(deal.stage)} />,
    },
    {
      id: 'dealType',
      header: 'Deal type',
      sortField: 'dealType',
      width: { min: 130 },
      defaultHidden: true,
      cell: (deal) => <span className="truncate">{deal.dealType ?? '—'}</span>,
    },
    {
      id: 'dealValue',
      header: 'Value',
      sortField: 'dealValue',
      sortFirst: 'desc',
      align: 'end',
      width: 120,
      cell: (deal) => <span className="tabular-nums">{formatMoney(deal.dealValue)}</span>,
    },
    {
      id: 'expectedFee',
      header: 'Expected fee',
      align: 'end',
      width: 130,
      cell: (deal) => {
        const fee = deal.customFields?.expectedFee;
        return (
          <span className="text-emerald-700 tabular-nums">
            {typeof fee === 'number' ? formatMoney(fee) : '—'}
          </span>
        );
      },
    },
    {
      id: 'claimDeadline',
      header: 'Claim deadline',
      width: 150,
      cell: (deal) => {
        const deadline = deal.customFields?.claimDeadline;
        if (typeof deadline !== 'string') return <span className="text-muted-foreground">—</span>;
        // A closed deal's deadline is history, not a countdown (as on its page).
        if (deal.closedAt) return <span className="text-muted-foreground">{formatDate(deadline)}</span>;
        return <DeadlineChip deadline={deadline} />;
      },
    },
    {
      id: 'client',
      header: 'Client',
      width: { min: 140 },
      cell: (deal) => <span className="truncate">{deal.relatedClientName ?? '—'}</span>,
    },
    {
      id: 'owner',
      header: 'Owner',
      width: { min: 130 },
      cell: (deal) => <span className="truncate">{ownerName(deal.assignedOwner) ?? 'Unassigned'}</span>,
    },
    {
      id: 'closeProbability',
      header: 'Probability',
      sortField: 'closeProbability',
      sortFirst: 'desc',
      align: 'end',
      width: 110,
      defaultHidden: true,
      cell: (deal) => (deal.closeProbability === null ? '—' : `${deal.closeProbability}%`),
    },
    {
      id: 'expectedCloseDate',
      header: 'Expected close',
      sortField: 'expectedCloseDate',
      width: 130,
      // Chosen when wanted: the default columns fit a 1440 px screen without scrolling sideways.
      defaultHidden: true,
      cell: (deal) => formatDate(deal.expectedCloseDate),
    },
    {
      id: 'tags',
      header: 'Tags',
      defaultHidden: true,
      width: { min: 150 },
      cell: (deal) => <TagList tags={deal.tags} max={2} />,
    },
    {
      id: 'createdAt',
      header: 'Created',
      sortField: 'createdAt',
      sortFirst: 'desc',
      width: 130,
      defaultHidden: true,
      cell: (deal) => formatDate(deal.createdAt),
    },
  ];
}

/** The surplus fields the built-in columns show: not offered twice. */
const customColumnsShownBuiltIn = [surplusFieldKeys.expectedFee, surplusFieldKeys.claimDeadline];

/** The address's list parameters besides search and sort (the deals page reads them too). */
export const dealsListFilterKeys = [
  'state',
  'stage',
  'dealType',
  'assignedOwner',
  'relatedClient',
  ...sharedFilterKeys,
] as const;

const stateOptions = dealStates.map((state) => ({ value: state, label: dealStateLabels[state] }));
const noun = { one: 'deal', other: 'deals' };

interface DealsListProps {
  pipeline: Pipeline | undefined;
  onOpen: (id: string) => void;
  onCreate?: () => void;
}

/** The deals as a list: search, filters, sort, bulk changes and CSV export (the shared data table). */
export function DealsList({ pipeline, onOpen, onCreate }: DealsListProps) {
  const me = useSignedInUser();
  const queryClient = useQueryClient();
  const url = useListUrlState(dealsListFilterKeys);
  const params = toApiParams(url.state);
  const list = useKeysetList<Deal>(dealsPath, params);
  const owners = useOwnerOptions(me);
  const tagNames = useTagNames();
  const revenueTypes = useRevenueTypeNames();
  const stateOf = useDealState();
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The client filter's choices (the first clients by name) load only while the panel is open.
  const clients = useClientOptions('', filtersOpen && can(me, 'clients', 'read'), 200);
  // The selection belongs to one view of the list: a new search, filter or sort starts afresh.
  const selection = useListSelection(params, list, (deal) => deal.id);

  const stages = pipeline?.stages ?? [];
  const filteredStage = url.state.filters.stage;
  // A stage no pipeline has (the board's notice links to one) is still a choice while filtered.
  const stageNames = stages.map((stage) => stage.name);
  const stageOptions = toOptions(
    filteredStage && !stageNames.includes(filteredStage) ? [filteredStage, ...stageNames] : stageNames,
  );
  // Won and lost stages ask each deal for its reason (the board and the deal page do), so a
  // change of many deals at once offers only the working stages.
  const closingStages = stages.filter((stage) => stage.closingType !== null).map((stage) => stage.name);
  const workingStageOptions = toOptions(stageNames.filter((name) => !closingStages.includes(name)));
  const clientOptions = (clients.data ?? []).map((c) => ({ value: c.id, label: c.displayName }));
  // The filtered client's deals carry its name: the chip reads it without the choices loaded.
  const filteredClient = url.state.filters.relatedClient;
  const filteredClientName = filteredClient
    ? list.rows.find((deal) => deal.relatedClient === filteredClient)?.relatedClientName
    : null;
  if (filteredClientName && !clientOptions.some((option) => option.value === filteredClient)) {
    clientOptions.unshift({ value: filteredClient, label: filteredClientName });
  }
  const filterDefs: FilterDef[] = [
    { key: 'state', label: 'Status', kind: 'select', options: stateOptions },
    { key: 'stage', label: 'Stage', kind: 'select', options: stageOptions },
    revenueTypes.length > 0
      ? { key: 'dealType', label: 'Deal type', kind: 'select', options: toOptions(revenueTypes) }
      : { key: 'dealType', label: 'Deal type', kind: 'text', placeholder: 'e.g. Recovery fee' },
    { key: 'assignedOwner', label: 'Owner', kind: 'select', options: owners.options },
    {
      key: 'relatedClient',
      label: 'Client',
      kind: 'select',
      options: clientOptions,
    },
    tagFilterDef(tagNames),
    ...createdRangeFilterDefs,
  ];

  const customColumns = useCustomFieldColumns<Deal>('deal', {
    currency: me.defaultCurrency,
    exclude: customColumnsShownBuiltIn,
  });
  const columns = [...dealColumns({ ownerName: owners.nameOf, stateOf }), ...customColumns.columns];

  const activeFilters = Object.keys(url.state.filters).length;
  const canUpdate = can(me, 'deals', 'update');
  const canDelete = can(me, 'deals', 'delete');
  const filtered = activeFilters > 0 || url.state.search !== '';

  return (
    <DataTable<Deal>
      listId="deals"
      userId={me.id}
      label="Deals"
      columns={columns}
      columnsPending={customColumns.pending}
      list={list}
      getRowId={(deal) => deal.id}
      getRowLabel={(deal) => deal.dealName}
      onOpenRow={(deal) => onOpen(deal.id)}
      sort={url.sort}
      onSortChange={url.setSort}
      selectedIds={canUpdate || canDelete ? selection.selectedIds : undefined}
      onSelectedIdsChange={canUpdate || canDelete ? selection.setSelectedIds : undefined}
      noun={noun}
      toolbar={
        <>
          <SearchInput
            value={url.state.search}
            onSearch={url.setSearch}
            placeholder="Search deals…"
            aria-label="Search deals"
          />
          <FiltersButton
            activeCount={activeFilters}
            open={filtersOpen}
            onToggle={() => setFiltersOpen((open) => !open)}
            controls="deal-filters"
          />
        </>
      }
      toolbarEnd={
        <a
          href={exportUrl(`${dealsPath}/export.csv`, url.state)}
          className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'h-9' })}
          download
        >
          <Download aria-hidden="true" />
          <span className="hidden sm:inline">Export CSV</span>
          <span className="sr-only sm:hidden">Export CSV</span>
        </a>
      }
      belowToolbar={
        <FilterPanel
          id="deal-filters"
          open={filtersOpen}
          defs={filterDefs}
          values={url.state.filters}
          onChange={url.setFilter}
          onClear={url.clearFilters}
        />
      }
      selectionBar={
        <BulkActionsBar
          endpoint={`${dealsPath}/bulk`}
          noun={noun}
          selection={selection}
          onDone={async () => {
            selection.clear();
            await invalidateDealViews(queryClient, { board: true });
          }}
          statusField={{
            key: 'stage',
            label: 'stage',
            options: workingStageOptions,
            hint: closingStageHint(closingStages),
          }}
          ownerField={{
            key: 'assignedOwner',
            label: 'owner',
            options: owners.options,
            emptyLabel: 'Unassigned',
          }}
          tags
          tagSuggestions={tagNames}
          canUpdate={canUpdate}
          canDelete={canDelete}
        />
      }
      empty={
        filtered ? (
          <EmptyState
            icon={Handshake}
            title="No deals match"
            description="Try another search or clear the filters."
          />
        ) : (
          <EmptyState
            icon={Handshake}
            title="No deals yet"
            description="Each surplus case or sale you work on is a deal. Add your first one to start your pipeline."
            action={
              onCreate ? (
                <button type="button" className={buttonClassName()} onClick={onCreate}>
                  New deal
                </button>
              ) : undefined
            }
          />
        )
      }
    />
  );
}

function closingStageHint(closingStages: string[]): string | undefined {
  if (closingStages.length === 0) return undefined;
  const verb = closingStages.length === 1 ? 'asks' : 'ask';
  return `${closingStages.join(' and ')} ${verb} for each deal’s reason: move deals there from the board or the deal’s page.`;
}
