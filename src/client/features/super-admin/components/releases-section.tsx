import { Plus, Rocket } from 'lucide-react';
import { useState } from 'react';
import { deploymentEnvironments, deploymentStatuses } from '../../../../common/validation/platform-values';
import { recordDeploymentSchema, releaseTypeValues } from '../../../../common/validation/releases';
import { FilterField, ListCountBar } from '../../../components/list-toolbar';
import { ListSkeleton, LoadMoreFooter, PagedListBody } from '../../../components/paged-list-body';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  type Deployment,
  type DeploymentFilters,
  useDeployments,
  useRecordDeployment,
} from '../api/releases';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const environmentLabels: Record<Deployment['environment'], string> = {
  production: 'Production',
  staging: 'Staging',
  development: 'Development',
};

export const statusBadges: Record<Deployment['status'], { label: string; variant: BadgeVariant }> = {
  success: { label: 'Success', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
  in_progress: { label: 'In progress', variant: 'warning' },
  rolled_back: { label: 'Rolled back', variant: 'neutral' },
};

const noFilters: DeploymentFilters = { search: '', environment: '', status: '' };

/** Super admin › Releases: deployments by version, environment and status; record one. */
export function ReleasesSection() {
  const [filters, setFilters] = useState(noFilters);
  const [recording, setRecording] = useState(false);
  const search = useDebouncedValue(filters.search.trim());
  const deployments = useDeployments({ ...filters, search });
  const rows = deployments.data?.pages.flatMap((page) => page.items) ?? [];
  const total = deployments.data?.pages[0]?.total ?? 0;
  const filtered = filters.search !== '' || filters.environment !== '' || filters.status !== '';
  const set = (key: keyof DeploymentFilters) => (value: string) =>
    setFilters((f) => ({ ...f, [key]: value }));

  return (
    <Card aria-label="Releases">
      <div className="grid grid-cols-2 gap-3 border-b border-border p-4 sm:grid-cols-[minmax(0,1fr)_10rem_10rem_auto] sm:items-end sm:p-5">
        <FilterField id="releases-search" label="Search" className="col-span-2 sm:col-span-1">
          <Input
            id="releases-search"
            type="search"
            placeholder="Version, commit or who deployed"
            value={filters.search}
            maxLength={200}
            onChange={(e) => set('search')(e.target.value)}
          />
        </FilterField>
        <FilterField id="releases-environment" label="Environment">
          <Select
            id="releases-environment"
            value={filters.environment}
            onChange={(e) => set('environment')(e.target.value)}
          >
            <option value="">All</option>
            {deploymentEnvironments.map((value) => (
              <option key={value} value={value}>
                {environmentLabels[value]}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField id="releases-status" label="Status">
          <Select id="releases-status" value={filters.status} onChange={(e) => set('status')(e.target.value)}>
            <option value="">All</option>
            {deploymentStatuses.map((value) => (
              <option key={value} value={value}>
                {statusBadges[value].label}
              </option>
            ))}
          </Select>
        </FilterField>
        <Button className="col-span-2 sm:col-span-1" onClick={() => setRecording(true)}>
          <Plus aria-hidden="true" />
          Record release
        </Button>
      </div>
      <ListCountBar
        count={
          deployments.isPending ? 'Loading releases…' : `${total} ${total === 1 ? 'release' : 'releases'}`
        }
        onClear={filtered ? () => setFilters(noFilters) : undefined}
      />

      <PagedListBody
        query={deployments}
        empty={rows.length === 0}
        what="the releases"
        loading={<ListSkeleton label="Loading releases" rowClassName="h-14 w-full" />}
        emptyState={{
          icon: Rocket,
          title: filtered ? 'No releases match these filters' : 'No releases recorded yet',
          description: filtered
            ? 'Try another search, environment or status.'
            : 'Record one here, or run npm run release when you deploy.',
        }}
      >
        <ul className="divide-y divide-border" aria-label="Deployments">
          {rows.map((row) => (
            <DeploymentRow key={row.id} deployment={row} />
          ))}
        </ul>
      </PagedListBody>

      <LoadMoreFooter query={deployments} shown={rows.length} total={total} />
      <RecordReleaseDialog open={recording} onOpenChange={setRecording} />
    </Card>
  );
}

function DeploymentRow({ deployment }: { deployment: Deployment }) {
  const status = statusBadges[deployment.status] ?? statusBadges.success;
  return (
    <li
      className="flex flex-col gap-2 px-4 py-3 sm:px-5 lg:flex-row lg:items-center lg:gap-6"
      data-testid="deployment-row"
      aria-label={`Release ${deployment.version}`}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm font-semibold">{deployment.version}</span>
          {deployment.releaseType ? (
            <Badge variant={deployment.releaseType === 'major' ? 'primary' : 'neutral'}>
              {deployment.releaseType === 'major' ? 'Major' : 'Minor'}
            </Badge>
          ) : null}
          <Badge variant={status.variant}>{status.label}</Badge>
          <Badge variant="neutral">
            {environmentLabels[deployment.environment] ?? deployment.environment}
          </Badge>
        </div>
        {deployment.commitMessage || deployment.commitHash ? (
          <p className="truncate text-xs text-muted-foreground">
            {deployment.commitHash ? (
              <span className="font-mono" title={deployment.commitHash}>
                {deployment.commitHash.slice(0, 7)}
              </span>
            ) : null}
            {deployment.commitHash && deployment.commitMessage ? ' · ' : null}
            {deployment.commitMessage}
          </p>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground lg:w-56 lg:shrink-0 lg:text-right">
        {timeFormat.format(new Date(deployment.deployedAt))}
        {deployment.deployedBy ? ` by ${deployment.deployedBy}` : ''}
      </p>
    </li>
  );
}

const typeLabels: Record<(typeof releaseTypeValues)[number], string> = { major: 'Major', minor: 'Minor' };

interface ReleaseForm {
  version: string;
  releaseType: string;
  environment: string;
  status: string;
  commitHash: string;
  commitMessage: string;
  releaseNotes: string;
  deployedAt: string;
}

const emptyForm: ReleaseForm = {
  version: '',
  releaseType: 'minor',
  environment: 'production',
  status: 'success',
  commitHash: '',
  commitMessage: '',
  releaseNotes: '',
  deployedAt: '',
};

const notesHint = 'Markdown: one "# title", "## sections" and "### items". Users see them once it is live.';

function RecordReleaseDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const record = useRecordDeployment();
  const [form, setForm] = useState(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (key: keyof ReleaseForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setForm(emptyForm);
      setErrors({});
      setFormError(null);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    // A datetime-local value is the viewer's local time: sent as the instant it names.
    const input = {
      ...form,
      deployedAt: form.deployedAt ? new Date(form.deployedAt).toISOString() : '',
    } as Parameters<typeof record.mutateAsync>[0];
    const checked = recordDeploymentSchema.safeParse(input);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    setErrors({});
    try {
      const created = await record.mutateAsync(input);
      toast.success(`Release ${created.version} recorded`);
      close(false);
    } catch (failure) {
      const { message, fieldErrors } = readApiError(failure);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFormError(message);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent size="lg">
        <form
          onSubmit={submit}
          noValidate
          className="flex min-h-0 flex-1 flex-col"
          aria-label="Record release"
        >
          <DialogHeader>
            <DialogTitle>Record a release</DialogTitle>
            <DialogDescription>
              A successful production release becomes the latest one: signed-in users see its notes.
            </DialogDescription>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-4">
            <FormError message={formError} />
            <fieldset disabled={record.isPending} className="grid gap-4 sm:grid-cols-2">
              <FormField id="release-version" label="Version" error={errors.version}>
                <Input
                  {...fieldA11y('release-version', errors.version)}
                  value={form.version}
                  placeholder="1.2.0"
                  maxLength={100}
                  autoComplete="off"
                  onChange={(e) => set('version')(e.target.value)}
                />
              </FormField>
              <SelectField
                id="release-type"
                label="Type"
                error={errors.releaseType}
                value={form.releaseType}
                options={releaseTypeValues}
                labelOf={(value) => typeLabels[value]}
                onChange={set('releaseType')}
              />
              <SelectField
                id="release-environment"
                label="Environment"
                error={errors.environment}
                value={form.environment}
                options={deploymentEnvironments}
                labelOf={(value) => environmentLabels[value]}
                onChange={set('environment')}
              />
              <SelectField
                id="release-status"
                label="Status"
                error={errors.status}
                value={form.status}
                options={deploymentStatuses}
                labelOf={(value) => statusBadges[value].label}
                onChange={set('status')}
              />
              <FormField id="release-commit" label="Commit" error={errors.commitHash} hint="Optional hash">
                <Input
                  {...fieldA11y('release-commit', errors.commitHash, 'Optional hash')}
                  value={form.commitHash}
                  maxLength={40}
                  autoComplete="off"
                  className="font-mono"
                  onChange={(e) => set('commitHash')(e.target.value)}
                />
              </FormField>
              <FormField
                id="release-deployed-at"
                label="Deployed at"
                error={errors.deployedAt}
                hint="Empty: now"
              >
                <Input
                  {...fieldA11y('release-deployed-at', errors.deployedAt, 'Empty: now')}
                  type="datetime-local"
                  value={form.deployedAt}
                  onChange={(e) => set('deployedAt')(e.target.value)}
                />
              </FormField>
              <FormField
                id="release-message"
                label="Commit message"
                error={errors.commitMessage}
                className="sm:col-span-2"
              >
                <Input
                  {...fieldA11y('release-message', errors.commitMessage)}
                  value={form.commitMessage}
                  maxLength={10000}
                  onChange={(e) => set('commitMessage')(e.target.value)}
                />
              </FormField>
              <FormField
                id="release-notes"
                label="Release notes"
                error={errors.releaseNotes}
                hint={notesHint}
                className="sm:col-span-2"
              >
                <Textarea
                  {...fieldA11y('release-notes', errors.releaseNotes, notesHint)}
                  rows={6}
                  value={form.releaseNotes}
                  placeholder={"# Faster lists\n## What's New\n### Lists load in half the time"}
                  className="font-mono text-xs"
                  onChange={(e) => set('releaseNotes')(e.target.value)}
                />
              </FormField>
            </fieldset>
          </DialogBody>
          <DialogFooter>
            <Button variant="secondary" onClick={() => close(false)} disabled={record.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? <Spinner /> : null}
              {record.isPending ? 'Recording…' : 'Record release'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
