import { FileUp, Upload } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { type ImportJob, useImportJobs } from '../api';
import { importWizardPath } from '../import-paths';
import { ImportJobActions } from './import-job-actions';
import { ImportJobFacts, ImportProgressBar, ImportStatusBadge } from './import-job-summary';

/**
 * The import history, newest first. While a job runs the list is read every second, so its bar
 * moves; a reload starts from the server's counts, so the bar survives it.
 */
export function ImportHistory({ canManage, watchUntil }: { canManage: boolean; watchUntil?: number }) {
  const jobs = useImportJobs({ watchUntil });

  return (
    <section aria-labelledby="import-history-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 id="import-history-title" className="text-base font-semibold">
            Import history
          </h3>
          <p className="text-sm text-muted-foreground">
            Every CSV, API and scheduled import, with its progress, failed rows and undo.
          </p>
        </div>
        {canManage && jobs.data && jobs.data.items.length > 0 ? (
          <Link href={importWizardPath()} className={buttonClassName()}>
            <Upload aria-hidden="true" />
            Import CSV
          </Link>
        ) : null}
      </div>
      {jobs.isPending ? (
        <div role="status" className="flex flex-col gap-3" aria-busy="true" aria-label="Loading imports">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : !jobs.data ? (
        <FormError message={`Could not load the imports: ${readApiError(jobs.error).message}`} />
      ) : jobs.data.items.length === 0 ? (
        <Card>
          <EmptyState
            icon={FileUp}
            title="No imports yet"
            description="Bring in leads, clients, companies or deals from a spreadsheet: map its columns once, and Locus remembers the mapping for the next file."
            action={
              canManage ? (
                <Link href={importWizardPath()} className={buttonClassName()}>
                  <Upload aria-hidden="true" />
                  Import CSV
                </Link>
              ) : undefined
            }
          />
        </Card>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Imports">
          {jobs.data.items.map((job) => (
            <li key={job.id}>
              <ImportJobCard job={job} canManage={canManage} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ImportJobCard({ job, canManage }: { job: ImportJob; canManage: boolean }) {
  const titleId = `import-${job.id}`;
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-4 p-4 sm:p-5" data-testid="import-job">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h4 id={titleId} className="min-w-0 truncate font-semibold">
            {job.name}
          </h4>
          <ImportStatusBadge job={job} />
        </div>
        <ImportJobActions job={job} canManage={canManage} />
      </div>
      <ImportProgressBar job={job} />
      {job.status === 'failed' && job.errorMessage ? <FormError message={job.errorMessage} /> : null}
      <ImportJobFacts job={job} />
    </Card>
  );
}
