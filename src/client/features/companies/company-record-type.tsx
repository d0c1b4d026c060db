import { Building2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatMoney, formatNumber } from '../../components/data-table/format';
import { Badge } from '../../components/ui/badge';
import { standardRecordType } from '../records/standard-record-type';
import type { RecordListContext, RecordListDescription, RecordPanelProps } from '../records/record-type';
import {
  dateColumn,
  iconAvatar,
  nameColumn,
  ownerColumn,
  tagsColumn,
  textColumn,
} from '../records/record-columns';
import { standardBulk } from '../records/standard-bulk';
import type { Company } from './api';
import {
  companyFilterDefs,
  companyFilterKeys,
  displayWebsite,
  relationshipBadge,
  relationshipLabel,
  relationshipOptions,
} from './company-options';
import { importWizardPath } from '../imports/import-paths';

// The form and the panel (react-hook-form, zod and the company's schemas) load when first opened.
const CompanyFormDialog = lazy(() =>
  import('./components/company-form-dialog').then((module) => ({ default: module.CompanyFormDialog })),
);
const CompanyPanel = lazy(() =>
  import('./components/company-panel').then((module) => ({ default: module.CompanyPanel })),
);

/** /companies: businesses and partners; a company opens in a side panel (`?open=:id`). */
export const companyListDescription: RecordListDescription<Company> = {
  ...standardRecordType(
    'companies',
    'company',
    Building2,
    'Title companies, law firms, county offices, partners and the other businesses you deal with.',
  ),
  rowLabel: (company) => company.companyName,
  filterKeys: companyFilterKeys,
  searchPlaceholder: 'Search name or website…',
  exportCsv: true,
  importPath: importWizardPath({ entity: 'companies' }),
  emptyDescription: 'Keep the title companies, attorneys and partners you work with in one place.',
  useParts: useCompanyListParts,
  Panel: CompanyPanelOfList,
  CreateDialog: CompanyFormDialog,
};

function useCompanyListParts({ owners, tags, recordHref }: RecordListContext<Company>) {
  return {
    columns: companyColumns(owners.nameOf, recordHref),
    filters: companyFilterDefs({ owners: owners.options, tags }),
    bulk: standardBulk(
      { key: 'relationshipStatus', label: 'relationship', options: relationshipOptions },
      'assignedTo',
      owners,
    ),
  };
}

function CompanyPanelOfList({ recordId, onClose }: RecordPanelProps) {
  return (
    <Suspense fallback={null}>
      <CompanyPanel companyId={recordId} onClose={onClose} />
    </Suspense>
  );
}

/** Each name links to the company's panel, as names link to their pages in the other lists. */
function companyColumns(
  nameOf: (id: string | null | undefined) => string | null,
  recordHref: (id: string) => string,
): DataTableColumn<Company>[] {
  return [
    nameColumn<Company>({
      header: 'Company',
      sortField: 'companyName',
      name: (company) => company.companyName,
      href: (company) => recordHref(company.id),
      avatar: () => iconAvatar(Building2),
      subline: (company) => (company.website ? displayWebsite(company.website) : null),
    }),
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
    textColumn('industry', 'Industry', (company) => company.industry, { sortField: 'industry' }),
    textColumn('keyContact', 'Key contact', (company) => company.keyContact, { width: { min: 130 } }),
    amountColumn(
      'employees',
      'Employees',
      'employeeCount',
      (company) => formatNumber(company.employeeCount),
      140,
    ),
    amountColumn(
      'revenue',
      'Revenue',
      'estimatedRevenue',
      (company) => formatMoney(company.estimatedRevenue),
      125,
    ),
    textColumn('hq', 'Headquarters', (company) => company.hqLocation, {
      defaultHidden: true,
      width: { min: 150 },
    }),
    ownerColumn(nameOf, (company) => company.assignedTo),
    tagsColumn((company) => company.customTags, 2, { width: { min: 160 }, defaultHidden: true }),
    dateColumn('created', 'Created', (company) => company.createdAt, { sortField: 'createdAt', width: 120 }),
  ];
}

/** A number right-aligned, largest first when sorted. */
function amountColumn(
  id: string,
  header: string,
  sortField: string,
  text: (company: Company) => string,
  width: number,
): DataTableColumn<Company> {
  return {
    id,
    header,
    sortField,
    sortFirst: 'desc',
    align: 'end',
    width,
    cell: (company) => <span className="text-muted-foreground tabular-nums">{text(company) || '—'}</span>,
  };
}
