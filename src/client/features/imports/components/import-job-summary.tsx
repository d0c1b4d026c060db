import { Badge } from '../../../components/ui/badge';
import { Progress } from '../../../components/ui/progress';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../components/data-table/format';
import { type ImportJob, importEntityLabels } from '../api';
import {
  importCountsLabel,
  importStatusLabel,
  importStatusTone,
  isActiveImport,
  progressPercent,
} from '../import-job-status';

const sourceLabels: Record<ImportJob['sourceType'], string> = {
  csv: 'CSV file',
  api: 'API',
  webhook: 'Webhook',
  manual: 'Manual',
};

export function ImportStatusBadge({ job }: { job: ImportJob }) {
  return (
    <Badge variant={importStatusTone(job)} data-testid="import-status">
      {isActiveImport(job) ? <Spinner className="size-3" /> : null}
      {importStatusLabel(job)}
    </Badge>
  );
}

/** The live bar with its counts; the label names the job, so several bars on a page stay apart. */
export function ImportProgressBar({ job }: { job: ImportJob }) {
  const percent = progressPercent(job);
  return (
    <div className="flex flex-col gap-1.5">
      <Progress value={percent} aria-label={`Progress of ${job.name}`} aria-valuetext={`${percent}%`} />
      <p className="flex justify-between gap-2 text-xs text-muted-foreground tabular-nums" aria-live="polite">
        <span data-testid="import-counts">{importCountsLabel(job)}</span>
        <span>{percent}%</span>
      </p>
    </div>
  );
}

/** Entity, source, started and completed: the job's facts under its name. */
export function ImportJobFacts({ job }: { job: ImportJob }) {
  const entity = importEntityLabels[job.entityType];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-xs text-muted-foreground">Records</dt>
        <dd className="capitalize">{entity.other}</dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Source</dt>
        <dd>{job.integrationId ? 'Scheduled import' : sourceLabels[job.sourceType]}</dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Started</dt>
        <dd>{job.startedAt ? formatDateTime(job.startedAt) : 'Not yet'}</dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Completed</dt>
        <dd>{job.completedAt ? formatDateTime(job.completedAt) : '—'}</dd>
      </div>
    </dl>
  );
}
