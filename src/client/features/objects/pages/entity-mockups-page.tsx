import { Blocks, Check } from 'lucide-react';
import { useMemo, useState } from 'react';
import { CustomFieldValues } from '../../../components/custom-fields/custom-field-values';
import { DataTable } from '../../../components/data-table/data-table';
import type { KeysetList } from '../../../components/data-table/use-keyset-list';
import type { SortState } from '../../../components/data-table/sort';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { useSignedInUser } from '../../auth/signed-in-user';
import { type EntityTemplate, useEntityTemplates } from '../api';
import { ObjectIcon } from '../components/object-icon';
import { objectRecordType } from '../object-record-type';
import { sortRecords, templateDefinition, templateRecords } from '../template-definition';
import type { ObjectRecord } from '../../../../common/validation/objects';

/** /entity-mockups (settings:manage): every sector's templates, drawn by the record pages' own pieces. */
export function EntityMockupsPage() {
  const templates = useEntityTemplates('all');
  const [sector, setSector] = useState('');
  const items = templates.data?.items ?? [];
  const sectors = [...new Set(items.map((item) => item.industry))];
  const shown = sector ? items.filter((item) => item.industry === sector) : items;

  return (
    <PageContainer>
      <PageHeader
        title="Entity mockups"
        description="Every industry template's objects with their sample records, shown as the list and the record page will show them once added."
      />
      <div className="mt-6 flex flex-col gap-6">
        <FormField id="mockups-sector" label="Sector" className="max-w-xs">
          <Select id="mockups-sector" value={sector} onChange={(event) => setSector(event.target.value)}>
            <option value="">All sectors</option>
            {sectors.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </Select>
        </FormField>
        {templates.isPending ? (
          <div role="status" className="flex flex-col gap-4" aria-busy="true" aria-label="Loading templates">
            <Skeleton className="h-64 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        ) : templates.isError ? (
          <FormError message={`Could not load the templates: ${readApiError(templates.error).message}`} />
        ) : shown.length === 0 ? (
          <Card>
            <EmptyState
              icon={Blocks}
              title="No templates"
              description="There are no templates for this sector."
            />
          </Card>
        ) : (
          shown.map((template) => <TemplateMockup key={template.key} template={template} />)
        )}
      </div>
    </PageContainer>
  );
}

function staticList(rows: ObjectRecord[]): KeysetList<ObjectRecord> {
  return {
    rows,
    total: rows.length,
    totalIsLowerBound: false,
    isPending: false,
    isError: false,
    error: null,
    isFetching: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: () => undefined,
    refetch: () => undefined,
  };
}

/** Sample records have no page: their name opens the details under the list instead of a link. */
const sampleName = (record: ObjectRecord) => <span className="font-medium">{record.displayName}</span>;

function TemplateMockup({ template }: { template: EntityTemplate }) {
  const me = useSignedInUser();
  const [createdAt] = useState(() => new Date().toISOString());
  const type = useMemo(
    () => objectRecordType(templateDefinition(template), { currency: me.defaultCurrency }),
    [template, me.defaultCurrency],
  );
  const columns = useMemo(
    () =>
      type.columns.map((column) =>
        column.id === 'name'
          ? {
              ...column,
              cell: sampleName,
            }
          : column,
      ),
    [type],
  );
  const records = useMemo(() => templateRecords(template, createdAt), [template, createdAt]);
  const [sort, setSort] = useState<SortState | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const rows = useMemo(() => sortRecords(records, sort), [records, sort]);
  const open = records.find((record) => record.id === openId) ?? records[0] ?? null;
  const headingId = `mockup-${template.key}`;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <ObjectIcon name={template.iconName} className="size-4.5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            {template.pluralName}
          </h2>
          <p className="text-sm text-muted-foreground">{template.description}</p>
        </div>
        <Badge>{template.industry}</Badge>
        {template.installed ? (
          <Badge variant="success">
            <Check className="size-3" aria-hidden="true" />
            Added
          </Badge>
        ) : null}
      </div>
      <DataTable
        listId={type.listKey}
        userId={me.id}
        label={`${template.pluralName} (sample)`}
        columns={columns}
        list={staticList(rows)}
        getRowId={(record) => record.id}
        getRowLabel={(record) => record.displayName}
        onOpenRow={(record) => setOpenId(record.id)}
        sort={sort}
        onSortChange={setSort}
        noun={type.noun}
        empty={<EmptyState icon={Blocks} title={`No sample ${type.noun.other}`} />}
      />
      {open ? (
        <Card>
          <CardHeader>
            <CardTitle>{open.displayName}</CardTitle>
            <p className="text-sm text-muted-foreground">
              The record page's details; open another row to see it.
            </p>
          </CardHeader>
          <CardContent>
            <CustomFieldValues values={open.data} definitions={type.fields} currency={me.defaultCurrency} />
          </CardContent>
        </Card>
      ) : null}
    </section>
  );
}
