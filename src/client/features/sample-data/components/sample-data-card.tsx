import { CircleCheck } from 'lucide-react';
import { can } from '../../../../common/permissions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { useSignedInUser } from '../../auth/signed-in-user';
import { useSampleDataStatus } from '../api';
import { type SampleDataCounts, sampleRecordTotal } from '../sample-data-model';
import { ClearSampleDataButton } from './clear-sample-data-button';

const rows: { key: keyof SampleDataCounts; label: string }[] = [
  { key: 'leads', label: 'Leads' },
  { key: 'clients', label: 'Clients' },
  { key: 'companies', label: 'Companies' },
  { key: 'deals', label: 'Deals' },
];

/** Settings › Organization: what is left of the sample a new organization starts with, and clearing it. */
export function SampleDataCard() {
  const user = useSignedInUser();
  const canClear = can(user, 'settings', 'update');
  const status = useSampleDataStatus();
  const counts = status.data;
  const total = counts ? sampleRecordTotal(counts) : 0;

  return (
    <Card aria-labelledby="sample-data-title">
      <CardHeader>
        <CardTitle id="sample-data-title">Sample data</CardTitle>
        <CardDescription>
          New workspaces start with invented leads, clients, companies and deals so you can try Locus out.
          Clearing them leaves your own records untouched.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <div role="status" className="grid gap-4 sm:grid-cols-4" aria-busy="true" aria-label="Loading">
            {rows.map((row) => (
              <Skeleton key={row.key} className="h-16" />
            ))}
          </div>
        ) : !counts ? (
          <FormError message={`Could not load the sample data: ${readApiError(status.error).message}`} />
        ) : total === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CircleCheck className="size-4 text-emerald-600" aria-hidden="true" />
            No sample data left: everything in your workspace is your own.
          </p>
        ) : (
          <div className="flex flex-col gap-5">
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              {rows.map((row) => (
                <div key={row.key} className="rounded-lg bg-muted/60 px-4 py-3">
                  <dt className="text-xs font-medium text-muted-foreground">{row.label}</dt>
                  <dd className="mt-1 text-sm font-semibold tabular-nums">{counts[row.key]}</dd>
                </div>
              ))}
            </dl>
            {canClear ? (
              <div>
                <ClearSampleDataButton counts={counts} variant="destructive" />
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">
                Only users allowed to update settings, such as admins, can clear the sample data.
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
