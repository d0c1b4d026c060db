import { ArrowLeft, ArrowRight, Check, CircleCheck, CircleX, Play, Upload } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { can } from '../../../../common/permissions';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Notice } from '../../../components/ui/notice';
import { Progress } from '../../../components/ui/progress';
import { RadioTile } from '../../../components/ui/radio-tile';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useSignedInUser } from '../../auth/signed-in-user';
import {
  type DuplicateHandling,
  type DuplicateMatch,
  fieldsOf,
  type ImportEntityType,
  type ImportJob,
  type ImportUpload,
  importEntityLabels,
  importEntityTypes,
  importMaxFileBytes,
  isImportEntityType,
  uploadImportFile,
  useImportFields,
  useImportJob,
  useImportJobs,
  useStartImport,
} from '../api';
import {
  applySavedMapping,
  autoMatchColumns,
  duplicateTargets,
  type FieldMapping,
  mappedOnly,
  missingRequiredFields,
  sharedHeaderCount,
} from '../column-matching';
import { defaultImportName, importFileProblem } from '../import-file';
import { isActiveImport } from '../import-job-status';
import { importWizardPath } from '../import-paths';
import { ColumnMapping, PreviewTable } from '../components/column-mapping';
import { CsvDropZone } from '../../../components/csv-drop-zone';
import { formatFileSize } from '../../../lib/format-file-size';
import { ImportJobActions } from '../components/import-job-actions';
import { ImportJobFacts, ImportProgressBar, ImportStatusBadge } from '../components/import-job-summary';

const steps = [
  { label: 'Upload', short: 'Upload' },
  { label: 'Map columns', short: 'Map' },
  { label: 'Duplicates', short: 'Duplicates' },
  { label: 'Import', short: 'Import' },
] as const;
type Step = 0 | 1 | 2 | 3;

const capitalized = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

/**
 * /integrations/import: a CSV in four steps: upload (with the entity), preview and mapping,
 * duplicates, then the running import. Once started the job's id is in the address, so a reload
 * (or a link) comes back to its live progress.
 */
export function ImportWizardPage() {
  const me = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const entityParam = params.get('entity');
  const creatable = importEntityTypes.filter((type) => can(me, type, 'create'));
  const [entity, setEntity] = useState<ImportEntityType>(
    isImportEntityType(entityParam) && creatable.includes(entityParam)
      ? entityParam
      : (creatable[0] ?? 'leads'),
  );
  const [step, setStep] = useState<Step>(0);
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<ImportUpload | null>(null);
  const [mapping, setMapping] = useState<FieldMapping>({});

  const chooseEntity = (next: ImportEntityType) => {
    setEntity(next);
    setUpload(null);
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('entity', next);
        return copy;
      },
      { replace: true },
    );
  };

  const activeStep: Step = jobId ? 3 : step;
  const heading = useRef<HTMLHeadingElement>(null);
  // Each step's heading takes the focus, so the keyboard and screen readers start there.
  useEffect(() => {
    if (activeStep > 0) heading.current?.focus();
  }, [activeStep]);

  return (
    <PageContainer className="max-w-5xl">
      <PageHeader
        eyebrow={
          <Link
            href="/integrations?tab=imports"
            className="inline-flex items-center gap-1 hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Integrations
          </Link>
        }
        title="Import CSV"
        description="Bring leads, clients, companies or deals in from a spreadsheet. Rows that cannot be imported are listed in an error file; the whole import can be undone."
      />
      <StepList active={activeStep} />
      <div className="mt-6">
        {creatable.length === 0 ? (
          <Notice tone="warning" title="You cannot create records">
            Importing needs permission to create leads, clients, companies or deals. Ask an administrator.
          </Notice>
        ) : jobId ? (
          <RunStep jobId={jobId} headingRef={heading} />
        ) : step === 0 ? (
          <UploadStep
            entity={entity}
            entities={creatable}
            onEntity={chooseEntity}
            file={file}
            onFile={setFile}
            onUploaded={(uploaded) => {
              setUpload(uploaded);
              setMapping({});
              setStep(1);
            }}
          />
        ) : upload && step === 1 ? (
          <MappingStep
            entity={entity}
            upload={upload}
            mapping={mapping}
            onMapping={setMapping}
            headingRef={heading}
            onBack={() => setStep(0)}
            onNext={() => setStep(2)}
          />
        ) : upload && file ? (
          <DuplicatesStep
            entity={entity}
            upload={upload}
            fileName={file.name}
            mapping={mapping}
            headingRef={heading}
            onBack={() => setStep(1)}
            onStarted={(job) => {
              // The wizard starts afresh behind the running import ("Import another file").
              setStep(0);
              setFile(null);
              setUpload(null);
              setMapping({});
              setParams(() => new URLSearchParams({ entity, job: job.id }));
            }}
          />
        ) : null}
      </div>
    </PageContainer>
  );
}

function StepList({ active }: { active: Step }) {
  return (
    <ol className="mt-6 grid grid-cols-4 gap-2" aria-label="Import steps">
      {steps.map(({ label, short }, index) => {
        const done = index < active;
        const current = index === active;
        return (
          <li
            key={label}
            aria-current={current ? 'step' : undefined}
            className={cn(
              'flex flex-col gap-2 border-t-4 pt-2 text-xs font-medium sm:text-sm',
              done
                ? 'border-primary text-foreground'
                : current
                  ? 'border-primary text-primary'
                  : 'border-muted text-muted-foreground',
            )}
          >
            <span className="flex items-center gap-1.5">
              {done ? (
                <Check className="size-3.5 shrink-0" aria-hidden="true" />
              ) : (
                <span className="tabular-nums">{index + 1}.</span>
              )}
              <span className="truncate sm:hidden" aria-hidden="true">
                {short}
              </span>
              <span className="sr-only sm:not-sr-only sm:truncate">{label}</span>
              {done ? <span className="sr-only">(done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

interface UploadStepProps {
  entity: ImportEntityType;
  entities: ImportEntityType[];
  onEntity: (entity: ImportEntityType) => void;
  file: File | null;
  onFile: (file: File | null) => void;
  onUploaded: (upload: ImportUpload) => void;
}

function UploadStep({ entity, entities, onEntity, file, onFile, onUploaded }: UploadStepProps) {
  const [problem, setProblem] = useState<string | null>(
    file ? importFileProblem(file, importMaxFileBytes) : null,
  );
  const [uploading, setUploading] = useState<number | null>(null);

  const choose = (chosen: File) => {
    onFile(chosen);
    setProblem(importFileProblem(chosen, importMaxFileBytes));
  };
  const submit = async () => {
    if (!file || importFileProblem(file, importMaxFileBytes)) return;
    setUploading(0);
    try {
      onUploaded(await uploadImportFile(entity, file, setUploading));
    } catch (error) {
      setProblem(readApiError(error).message);
    } finally {
      setUploading(null);
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">What do the rows hold?</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {entities.map((type) => (
            <RadioTile
              key={type}
              name="import-entity"
              value={type}
              checked={entity === type}
              onChange={() => onEntity(type)}
              disabled={uploading !== null}
              className="rounded-lg"
            >
              <span className="flex h-11 items-center justify-center rounded-lg border border-border text-sm font-medium peer-checked:border-primary peer-checked:bg-primary-soft peer-checked:text-primary-soft-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary">
                {capitalized(importEntityLabels[type].other)}
              </span>
            </RadioTile>
          ))}
        </div>
      </fieldset>
      <CsvDropZone
        file={file}
        problem={problem}
        disabled={uploading !== null}
        hint={`CSV with a header row, up to ${formatFileSize(importMaxFileBytes)}. Commas or semicolons; UTF-8 or Windows-1252.`}
        onChoose={choose}
      />
      {uploading !== null ? (
        <div className="flex flex-col gap-1.5">
          <Progress value={Math.round(uploading * 100)} aria-label="Upload progress" />
          <p className="text-xs text-muted-foreground tabular-nums">
            Uploading… {Math.round(uploading * 100)}%
          </p>
        </div>
      ) : null}
      <div className="flex justify-end">
        <Button
          type="submit"
          disabled={!file || problem !== null || uploading !== null}
          aria-busy={uploading !== null}
        >
          {uploading !== null ? <Spinner /> : <Upload aria-hidden="true" />}
          {uploading !== null ? 'Uploading…' : 'Upload and preview'}
        </Button>
      </div>
    </form>
  );
}

interface MappingStepProps {
  entity: ImportEntityType;
  upload: ImportUpload;
  mapping: FieldMapping;
  onMapping: (mapping: FieldMapping) => void;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
  onNext: () => void;
}

/** A saved mapping is an earlier import's: offered when it knows some of this file's headers. */
function useSavedMappings(entity: ImportEntityType, columns: string[]) {
  const jobs = useImportJobs({ limit: 100 });
  return useMemo(() => {
    const seen = new Set<string>();
    return (jobs.data?.items ?? [])
      .filter((job) => job.entityType === entity && job.fieldMappings)
      .map((job) => ({ job, shared: sharedHeaderCount(columns, job.fieldMappings ?? {}) }))
      .filter(({ job, shared }) => {
        const key = JSON.stringify(job.fieldMappings);
        if (shared === 0 || seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .toSorted((a, b) => b.shared - a.shared)
      .slice(0, 10);
  }, [jobs.data, entity, columns]);
}

function MappingStep({ entity, upload, mapping, onMapping, headingRef, onBack, onNext }: MappingStepProps) {
  const fieldsQuery = useImportFields(entity);
  const fields = fieldsOf(fieldsQuery.data);
  const saved = useSavedMappings(entity, upload.columns);
  const [savedId, setSavedId] = useState('');
  const [tried, setTried] = useState(false);

  // The first mapping: the server's suggestion (a saved mapping for this header set), else our own match.
  useEffect(() => {
    if (fields.length === 0 || Object.keys(mapping).length > 0) return;
    const suggested = upload.suggestedMapping && Object.keys(upload.suggestedMapping).length > 0;
    onMapping(
      suggested
        ? applySavedMapping(upload.columns, fields, upload.suggestedMapping ?? {})
        : autoMatchColumns(upload.columns, fields),
    );
  }, [fields, mapping, upload, onMapping]);

  const missing = missingRequiredFields(mapping, fields);
  const doubled = duplicateTargets(mapping);
  const mappedCount = Object.keys(mappedOnly(mapping)).length;
  const blocked = missing.length > 0 || doubled.length > 0 || mappedCount === 0;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
          Preview and map columns
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {upload.totalRecords !== undefined
            ? `About ${upload.totalRecords.toLocaleString('en-US')} rows and `
            : ''}
          {upload.columns.length} columns. The first {upload.previewRows.length} rows are shown.
        </p>
      </div>
      <PreviewTable columns={upload.columns} rows={upload.previewRows} />
      {upload.savedMapping ? (
        <Notice tone="info" title="Saved mapping applied">
          Your last import of a file with these columns was mapped this way. Check it, or change any column.
        </Notice>
      ) : null}
      {fieldsQuery.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : fieldsQuery.isError ? (
        <FormError message={`Could not load the fields: ${readApiError(fieldsQuery.error).message}`} />
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {mappedCount} of {upload.columns.length} columns will be imported.
            </p>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
              {saved.length > 0 ? (
                <FormField id="saved-mapping" label="Saved mapping" className="sm:w-72">
                  <Select
                    id="saved-mapping"
                    value={savedId}
                    onChange={(event) => {
                      const chosen = saved.find(({ job }) => job.id === event.target.value);
                      setSavedId(event.target.value);
                      if (chosen)
                        onMapping(applySavedMapping(upload.columns, fields, chosen.job.fieldMappings ?? {}));
                    }}
                  >
                    <option value="">Choose an earlier import…</option>
                    {saved.map(({ job, shared }) => (
                      <option key={job.id} value={job.id}>
                        {job.name} ({shared} matching columns)
                      </option>
                    ))}
                  </Select>
                </FormField>
              ) : null}
              <Button
                variant="secondary"
                onClick={() => {
                  setSavedId('');
                  onMapping(autoMatchColumns(upload.columns, fields));
                }}
              >
                Match automatically
              </Button>
            </div>
          </div>
          <ColumnMapping
            columns={upload.columns}
            previewRows={upload.previewRows}
            fields={fields}
            mapping={mapping}
            doubled={doubled}
            onChange={(column, key) => onMapping({ ...mapping, [column]: key })}
          />
          {tried && missing.length > 0 ? (
            <FormError
              message={`Map a column to ${missing.map((field) => field.label).join(', ')}: it is required.`}
            />
          ) : null}
          {tried && mappedCount === 0 ? <FormError message="Map at least one column to a field." /> : null}
        </>
      )}
      <WizardButtons
        onBack={onBack}
        next={
          <Button
            onClick={() => {
              setTried(true);
              if (!blocked) onNext();
            }}
            disabled={fields.length === 0}
          >
            Next
            <ArrowRight aria-hidden="true" />
          </Button>
        }
      />
    </div>
  );
}

interface DuplicatesStepProps {
  entity: ImportEntityType;
  upload: ImportUpload;
  fileName: string;
  mapping: FieldMapping;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
  onStarted: (job: ImportJob) => void;
}

const duplicateChoices: { value: DuplicateHandling; label: string; description: string }[] = [
  {
    value: 'skip',
    label: 'Skip them',
    description: 'Keep the existing record as it is; the row is counted as skipped.',
  },
  {
    value: 'update',
    label: 'Update them',
    description: 'Fill the existing record with the row’s values (undo restores them).',
  },
  { value: 'create', label: 'Create anyway', description: 'Add a new record even if one matches.' },
];

const matchLabels: Record<DuplicateMatch, string> = {
  email: 'E-mail',
  phone: 'Phone',
  externalId: 'An id column',
};

/** Which fields a match needs mapped: e-mail matching needs an e-mail column, and so on. */
function matchAvailable(match: DuplicateMatch, mapping: FieldMapping): boolean {
  if (match === 'externalId') return true;
  return Object.values(mapping).includes(match);
}

function DuplicatesStep({
  entity,
  upload,
  fileName,
  mapping,
  headingRef,
  onBack,
  onStarted,
}: DuplicatesStepProps) {
  const noun = importEntityLabels[entity];
  const [name, setName] = useState(() => defaultImportName(fileName, noun.other));
  const [duplicates, setDuplicates] = useState<DuplicateHandling>('skip');
  const matches = (['email', 'phone', 'externalId'] as const).filter((match) =>
    matchAvailable(match, mapping),
  );
  const [matchBy, setMatchBy] = useState<DuplicateMatch>(matches[0] ?? 'externalId');
  const [externalIdColumn, setExternalIdColumn] = useState(upload.columns[0] ?? '');
  const start = useStartImport();
  const [nameError, setNameError] = useState<string | undefined>();

  const submit = () => {
    if (name.trim().length < 2) {
      setNameError('Name must be at least 2 characters');
      return;
    }
    start.mutate(
      {
        name: name.trim(),
        entityType: entity,
        sourceType: 'csv',
        uploadId: upload.uploadId,
        fieldMappings: mappedOnly(mapping),
        options: {
          duplicates,
          matchBy,
          ...(matchBy === 'externalId' ? { externalIdColumn } : {}),
        },
      },
      { onSuccess: onStarted },
    );
  };
  const serverError = start.error ? readApiError(start.error) : null;

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
        Duplicates and start
      </h2>
      <FormField
        className="sm:max-w-md"
        id="import-name"
        label="Import name"
        error={nameError ?? serverError?.fieldErrors.name}
        hint="Shown in the import history."
      >
        <Input
          {...fieldA11y('import-name', nameError ?? serverError?.fieldErrors.name, 'hint')}
          value={name}
          maxLength={200}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
        />
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Match existing {noun.other} by</legend>
        <div className="flex flex-wrap gap-2">
          {matches.map((match) => (
            <RadioTile
              key={match}
              name="import-match"
              value={match}
              checked={matchBy === match}
              onChange={() => setMatchBy(match)}
              className="rounded-full"
            >
              <span className="flex h-9 items-center rounded-full border border-border px-4 text-sm font-medium peer-checked:border-primary peer-checked:bg-primary-soft peer-checked:text-primary-soft-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary">
                {matchLabels[match]}
              </span>
            </RadioTile>
          ))}
        </div>
        {matchBy === 'externalId' ? (
          <FormField
            id="import-id-column"
            label="Id column"
            hint="Rows with the same value in this column are the same record, here and in later imports."
            className="mt-2 sm:w-80"
          >
            <Select
              {...fieldA11y('import-id-column', undefined, 'hint')}
              value={externalIdColumn}
              onChange={(event) => setExternalIdColumn(event.target.value)}
            >
              {upload.columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </Select>
          </FormField>
        ) : null}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">When a row matches an existing {noun.one}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {duplicateChoices.map((choice) => (
            <RadioTile
              key={choice.value}
              name="import-duplicates"
              value={choice.value}
              checked={duplicates === choice.value}
              onChange={() => setDuplicates(choice.value)}
              className="rounded-lg"
            >
              <span className="flex h-full flex-col gap-1 rounded-lg border border-border p-3 peer-checked:border-primary peer-checked:bg-primary-soft peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary">
                <span className="text-sm font-semibold">{choice.label}</span>
                <span className="text-xs leading-5 text-muted-foreground">{choice.description}</span>
              </span>
            </RadioTile>
          ))}
        </div>
      </fieldset>
      {serverError ? <FormError message={serverError.message} /> : null}
      <WizardButtons
        onBack={onBack}
        backDisabled={start.isPending}
        next={
          <Button type="submit" disabled={start.isPending} aria-busy={start.isPending}>
            {start.isPending ? <Spinner /> : <Play aria-hidden="true" />}
            {start.isPending ? 'Starting…' : 'Start import'}
          </Button>
        }
      />
    </form>
  );
}

function WizardButtons({
  onBack,
  next,
  backDisabled,
}: {
  onBack: () => void;
  next: React.ReactNode;
  backDisabled?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-between">
      <Button variant="secondary" onClick={onBack} disabled={backDisabled}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
      {next}
    </div>
  );
}

/** Step 4: the started import, read every second until it is done; then its outcome and what next. */
function RunStep({
  jobId,
  headingRef,
}: {
  jobId: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const me = useSignedInUser();
  const [, navigate] = useLocation();
  const query = useImportJob(jobId);
  const job = query.data;

  if (query.isPending) return <Skeleton className="h-48 w-full" />;
  if (!job) return <FormError message={`Could not load the import: ${readApiError(query.error).message}`} />;

  const active = isActiveImport(job);
  const noun = importEntityLabels[job.entityType];
  const Icon = job.status === 'completed' ? CircleCheck : CircleX;
  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-6" aria-labelledby="import-run-title">
      <div className="flex flex-wrap items-center gap-2">
        <h2
          id="import-run-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold outline-none"
        >
          {job.name}
        </h2>
        <ImportStatusBadge job={job} />
      </div>
      <ImportProgressBar job={job} />
      {!active ? (
        <div role="status" data-testid="import-result" className="flex items-start gap-3">
          <Icon
            className={cn(
              'mt-0.5 size-5 shrink-0',
              job.status === 'completed' ? 'text-emerald-600' : 'text-muted-foreground',
            )}
            aria-hidden="true"
          />
          <p className="text-sm">
            {job.status === 'completed'
              ? `Done: ${job.successfulRecords.toLocaleString('en-US')} ${noun.other} imported${
                  job.failedRecords > 0
                    ? `, ${job.failedRecords.toLocaleString('en-US')} rows failed — download the errors to correct them and import only those rows again.`
                    : '.'
                }`
              : job.status === 'cancelled'
                ? 'Cancelled. The rows imported before the cancel stay; undo removes them.'
                : job.status === 'undone'
                  ? 'This import was undone.'
                  : `The import failed${job.errorMessage ? `: ${job.errorMessage}` : ''}. Rows imported before the failure stay; undo removes them.`}
          </p>
        </div>
      ) : null}
      {!active && job.errorLogs && job.errorLogs.length > 0 ? <FirstErrors job={job} /> : null}
      <ImportJobFacts job={job} />
      <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
        <ImportJobActions job={job} canManage={can(me, job.entityType, 'create')} />
        {!active ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => navigate(importWizardPath({ entity: job.entityType }))}
            >
              Import another file
            </Button>
            <Link href={`/${job.entityType}`} className={buttonClassName()}>
              View {noun.other}
            </Link>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

/** The first failed rows and why, so a common mistake shows without opening the file. */
function FirstErrors({ job }: { job: ImportJob }) {
  const shown = (job.errorLogs ?? []).slice(0, 5);
  return (
    <div className="overflow-hidden rounded-lg border border-border">
      <Table aria-label="First rows not imported">
        <TableHeader>
          <TableRow>
            <TableHead className="w-20">Row</TableHead>
            <TableHead>Problem</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((entry, index) => (
            // A row can fail for several reasons: the index keeps keys unique.
            <TableRow key={`${entry.row}-${index}`}>
              <TableCell className="tabular-nums">{entry.row}</TableCell>
              <TableCell>{entry.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {job.failedRecords > shown.length ? (
        <p className="border-t border-border px-3 py-2 text-xs text-muted-foreground">
          {shown.length} of {job.failedRecords.toLocaleString('en-US')} failed rows shown; the errors file has
          them all.
        </p>
      ) : null}
    </div>
  );
}
