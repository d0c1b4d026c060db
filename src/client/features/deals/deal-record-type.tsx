import { Handshake } from 'lucide-react';
import { type DealState, dealStateLabels, dealStates } from '../../../common/deal-state';
import { surplusFieldKeys } from '../../../common/surplus';
import { can } from '../../../common/permissions';
import type { DataTableColumn } from '../../components/data-table/data-table';
import type { FilterDef } from '../../components/data-table/list-params';
import {
  createdRangeFilterDefs,
  sharedFilterKeys,
  tagFilterDef,
} from '../../components/data-table/shared-filters';
import { toOptions, useRevenueTypeNames } from '../../components/data-table/use-record-options';
import { TagList } from '../../components/ui/tag-list';
import { standardRecordType } from '../records/standard-record-type';
import type { RecordListContext, RecordListDescription } from '../records/record-type';
import { nameColumn } from '../records/record-columns';
import { standardBulk } from '../records/standard-bulk';
import { type Deal, invalidateDealViews, type Pipeline, useClientOptions } from './api';
import { DealStateBadge } from './components/deal-state-badge';
import { DeadlineChip } from './components/deal-card';
import { formatDate, formatMoney } from './deal-format';
import { useDealState } from './use-deal-state';
import type { RecordField } from '../records/record-form-description';
import { standardFields } from '../records/standard-fields';

/** What the deals page hands its list: the board's pipeline (its stages are the list's choices). */
export interface DealListScope {
  pipeline: Pipeline | undefined;
}

/**
 * The deals as a list (the deals page's other view, beside the board): search, filters, sort,
 * bulk changes and CSV export. The page keeps its own header and create dialog.
 */
export const dealListDescription: RecordListDescription<Deal, DealListScope> = {
  ...standardRecordType('deals', 'deal', Handshake, 'Your deals from first contact to closed.'),
  // The surplus fields the built-in columns show: not offered twice.
  customFieldsShownBuiltIn: [surplusFieldKeys.expectedFee, surplusFieldKeys.claimDeadline],
  rowLabel: (deal) => deal.dealName,
  filterKeys: ['state', 'stage', 'dealType', 'assignedOwner', 'relatedClient', ...sharedFilterKeys],
  searchPlaceholder: 'Search deals…',
  exportCsv: true,
  emptyDescription:
    'Each surplus case or sale you work on is a deal. Add your first one to start your pipeline.',
  useParts: useDealListParts,
  // A bulk change moves cards on the board and changes the dashboard's figures too.
  afterBulk: (queryClient) => invalidateDealViews(queryClient, { board: true }),
};

const stateOptions = dealStates.map((state) => ({ value: state, label: dealStateLabels[state] }));

function useDealListParts(
  { me, owners, tags, url, rows, filtersOpen, recordHref }: RecordListContext<Deal>,
  { pipeline }: DealListScope,
) {
  const revenueTypes = useRevenueTypeNames();
  const stateOf = useDealState();
  // The client filter's choices (the first clients by name) load only while the panel is open.
  const clients = useClientOptions('', filtersOpen && can(me, 'clients', 'read'), 200);

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
    ? rows.find((deal) => deal.relatedClient === filteredClient)?.relatedClientName
    : null;
  if (filteredClientName && !clientOptions.some((option) => option.value === filteredClient)) {
    clientOptions.unshift({ value: filteredClient, label: filteredClientName });
  }
  const filters: FilterDef[] = [
    { key: 'state', label: 'Status', kind: 'select', options: stateOptions },
    { key: 'stage', label: 'Stage', kind: 'select', options: stageOptions },
    revenueTypes.length > 0
      ? { key: 'dealType', label: 'Deal type', kind: 'select', options: toOptions(revenueTypes) }
      : { key: 'dealType', label: 'Deal type', kind: 'text', placeholder: 'e.g. Recovery fee' },
    { key: 'assignedOwner', label: 'Owner', kind: 'select', options: owners.options },
    { key: 'relatedClient', label: 'Client', kind: 'select', options: clientOptions },
    tagFilterDef(tags),
    ...createdRangeFilterDefs,
  ];

  return {
    columns: dealColumns({ ownerName: owners.nameOf, stateOf, recordHref }),
    filters,
    bulk: standardBulk(
      {
        key: 'stage',
        label: 'stage',
        options: workingStageOptions,
        hint: closingStageHint(closingStages),
      },
      'assignedOwner',
      owners,
    ),
  };
}

function closingStageHint(closingStages: string[]): string | undefined {
  if (closingStages.length === 0) return undefined;
  const verb = closingStages.length === 1 ? 'asks' : 'ask';
  return `${closingStages.join(' and ')} ${verb} for each deal’s reason: move deals there from the board or the deal’s page.`;
}

interface ColumnContext {
  ownerName: (id: string | null | undefined) => string | null;
  stateOf: (stage: string) => DealState;
  recordHref: (id: string) => string;
}

/** The list's columns (the client's name comes with each deal; the owner's from the page's lookup). */
function dealColumns({ ownerName, stateOf, recordHref }: ColumnContext): DataTableColumn<Deal>[] {
  return [
    nameColumn<Deal>({
      id: 'dealName',
      header: 'Deal',
      sortField: 'dealName',
      name: (deal) => deal.dealName,
      href: (deal) => recordHref(deal.id),
      subline: (deal) =>
        typeof deal.customFields?.propertyAddress === 'string' ? deal.customFields.propertyAddress : null,
    }),
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

/**
 * The deal form's plain fields, rendered by the record kit. The form itself lays out the rest: the
 * name, value, client and stage, and the surplus case with its live figures.
 */
export const dealFormDescription = {
  idPrefix: 'deal',
  fields: {
    owner: standardFields.owner('assignedOwner'),
    closeProbability: {
      name: 'closeProbability',
      label: 'Close probability',
      kind: 'number',
      aside: '%',
      placeholder: 'e.g. 50',
      inputMode: 'numeric',
    },
    expectedCloseDate: { name: 'expectedCloseDate', label: 'Expected close date', kind: 'date' },
    leadSource: {
      name: 'leadSource',
      label: 'Lead source',
      kind: 'suggestion',
      suggestions: 'sources',
      placeholder: 'e.g. County surplus list',
    },
    dealType: { name: 'dealType', label: 'Deal type', kind: 'suggestion', suggestions: 'revenueTypes' },
    notes: { ...standardFields.notes, span: undefined },
  },
} satisfies { idPrefix: string; fields: Record<string, RecordField> };
