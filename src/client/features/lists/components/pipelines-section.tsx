import { Ellipsis, Kanban, Pencil, Plus, Power, Star, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { DragHandle, type SortableHandleProps, SortableList } from '../../../components/ui/sortable-list';
import { Switch } from '../../../components/ui/switch';
import { Tooltip } from '../../../components/ui/tooltip';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import {
  type Pipeline,
  type Stage,
  useDeletePipeline,
  useDeleteStage,
  usePipelines,
  useReorderStages,
  useUpdatePipeline,
  useUpdateStage,
} from '../api';
import { sortEntries } from '../list-model';
import { PipelineFormDialog, StageFormDialog } from './pipeline-dialogs';
import { ReadOnlyNotice } from './read-only-notice';

const showError = (error: unknown, title = 'Error') =>
  toast.error(title, { description: readApiError(error).message });

/** Settings › Pipelines: each pipeline with its stages, reordered by dragging (or the keyboard). */
export function PipelinesSection({ canEdit }: { canEdit: boolean }) {
  const pipelines = usePipelines();
  const [editingPipeline, setEditingPipeline] = useState<Pipeline | 'new' | null>(null);
  const [deletingPipeline, setDeletingPipeline] = useState<Pipeline | null>(null);
  const [stageTarget, setStageTarget] = useState<{ stage: Stage } | { pipeline: Pipeline } | null>(null);
  const [deletingStage, setDeletingStage] = useState<Stage | null>(null);
  const removePipeline = useDeletePipeline();
  const removeStage = useDeleteStage();

  const items = sortEntries(pipelines.data?.items ?? []).toSorted(
    (a, b) => Number(b.isDefault) - Number(a.isDefault),
  );

  const confirmDeletePipeline = async () => {
    if (!deletingPipeline) return;
    try {
      await removePipeline.mutateAsync(deletingPipeline.id);
      toast.success('Pipeline deleted', {
        description: `${deletingPipeline.name} and its stages were removed.`,
      });
      setDeletingPipeline(null);
    } catch (error) {
      // A pipeline whose stages hold deals answers 409 with what to do first.
      toast.error('Could not delete the pipeline', { description: readApiError(error).message });
    }
  };

  const confirmDeleteStage = async () => {
    if (!deletingStage) return;
    try {
      await removeStage.mutateAsync(deletingStage.id);
      toast.success('Stage deleted', { description: `${deletingStage.name} was removed.` });
      setDeletingStage(null);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      {canEdit ? null : <ReadOnlyNotice />}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          The starred pipeline is used for new deals.
          {canEdit ? ' Drag a stage by its handle to move it.' : ''}
        </p>
        {canEdit ? (
          <Button variant="secondary" onClick={() => setEditingPipeline('new')}>
            <Plus aria-hidden="true" />
            New pipeline
          </Button>
        ) : null}
      </div>

      {pipelines.isPending ? (
        <Card>
          <LoadingStages />
        </Card>
      ) : pipelines.isError ? (
        <FormError message={`Could not load pipelines: ${readApiError(pipelines.error).message}`} />
      ) : items.length === 0 ? (
        <Card>
          <EmptyState
            icon={Kanban}
            title="No pipelines yet"
            description="Create a pipeline to lay out the stages your deals go through."
          />
        </Card>
      ) : (
        items.map((pipeline) => (
          <PipelineCard
            key={pipeline.id}
            pipeline={pipeline}
            canEdit={canEdit}
            onlyOne={items.length === 1}
            onRename={() => setEditingPipeline(pipeline)}
            onDelete={() => setDeletingPipeline(pipeline)}
            onAddStage={() => setStageTarget({ pipeline })}
            onEditStage={(stage) => setStageTarget({ stage })}
            onDeleteStage={setDeletingStage}
          />
        ))
      )}

      <PipelineFormDialog
        pipeline={editingPipeline}
        onOpenChange={(open) => !open && setEditingPipeline(null)}
      />
      <StageFormDialog target={stageTarget} onOpenChange={(open) => !open && setStageTarget(null)} />
      <ConfirmDialog
        open={deletingPipeline !== null}
        onOpenChange={(open) => !open && setDeletingPipeline(null)}
        title={`Delete ${deletingPipeline?.name ?? ''}?`}
        description="The pipeline and its stages are removed. A pipeline whose stages still hold deals cannot be deleted: move its deals to another pipeline first. This cannot be undone."
        confirmLabel="Delete pipeline"
        pendingLabel="Deleting…"
        pending={removePipeline.isPending}
        onConfirm={() => void confirmDeletePipeline()}
      />
      <ConfirmDialog
        open={deletingStage !== null}
        onOpenChange={(open) => !open && setDeletingStage(null)}
        title={`Delete the ${deletingStage?.name ?? ''} stage?`}
        description="A stage that still holds deals can be neither deleted nor switched off: move its deals to another stage first."
        confirmLabel="Delete stage"
        pendingLabel="Deleting…"
        pending={removeStage.isPending}
        onConfirm={() => void confirmDeleteStage()}
      />
    </div>
  );
}

interface PipelineCardProps {
  pipeline: Pipeline;
  canEdit: boolean;
  onlyOne: boolean;
  onRename: () => void;
  onDelete: () => void;
  onAddStage: () => void;
  onEditStage: (stage: Stage) => void;
  onDeleteStage: (stage: Stage) => void;
}

function PipelineCard({
  pipeline,
  canEdit,
  onlyOne,
  onRename,
  onDelete,
  onAddStage,
  onEditStage,
  onDeleteStage,
}: PipelineCardProps) {
  const update = useUpdatePipeline();
  const updateStage = useUpdateStage();
  const reorder = useReorderStages();
  const stages = sortEntries(pipeline.stages);
  const headingId = `pipeline-${pipeline.id}`;

  const patch = (input: { isDefault?: boolean; isActive?: boolean }, done: string, failed = 'Error') =>
    update.mutate(
      { pipeline, input },
      { onSuccess: () => toast.success(done), onError: (error) => showError(error, failed) },
    );

  const onReorder = useCallback(
    (ids: string[]) =>
      reorder.mutate({ pipelineId: pipeline.id, ids }, { onError: (error) => showError(error) }),
    [reorder, pipeline.id],
  );

  return (
    <Card className="overflow-hidden" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-3 sm:px-5">
        <Tooltip
          content={pipeline.isDefault ? 'Default pipeline for new deals' : 'Make this the default pipeline'}
        >
          <button
            type="button"
            disabled={!canEdit || pipeline.isDefault}
            aria-pressed={pipeline.isDefault}
            aria-label={
              pipeline.isDefault
                ? `${pipeline.name} is the default pipeline`
                : `Make ${pipeline.name} the default pipeline`
            }
            onClick={() => patch({ isDefault: true }, `${pipeline.name} is now the default pipeline`)}
            className={cn(
              'flex size-8 items-center justify-center rounded-md transition-colors focus-visible:outline-2 focus-visible:outline-primary',
              pipeline.isDefault
                ? 'text-amber-500'
                : 'text-muted-foreground hover:bg-muted hover:text-amber-500',
              'disabled:cursor-default',
            )}
          >
            <Star className={cn('size-4.5', pipeline.isDefault && 'fill-current')} aria-hidden="true" />
          </button>
        </Tooltip>
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <h3 id={headingId} className="truncate text-base font-semibold">
            {pipeline.name}
          </h3>
          {pipeline.isDefault ? <Badge variant="primary">Default</Badge> : null}
          {pipeline.isActive ? null : <Badge>Inactive</Badge>}
          <span className="text-sm whitespace-nowrap text-muted-foreground">
            {stages.length} {stages.length === 1 ? 'stage' : 'stages'}
          </span>
        </div>
        {canEdit ? (
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="size-8">
                <Ellipsis aria-hidden="true" />
                <span className="sr-only">Actions for {pipeline.name}</span>
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem onSelect={onRename}>
                <Pencil aria-hidden="true" />
                Rename
              </DropdownMenuItem>
              <DropdownMenuItem
                disabled={pipeline.isDefault}
                onSelect={() =>
                  patch(
                    { isActive: !pipeline.isActive },
                    `${pipeline.name} ${pipeline.isActive ? 'deactivated' : 'activated'}`,
                    // A pipeline whose deals only its board shows stays on (409, naming how many).
                    `Could not ${pipeline.isActive ? 'deactivate' : 'activate'} ${pipeline.name}`,
                  )
                }
              >
                <Power aria-hidden="true" />
                {pipeline.isActive ? 'Deactivate' : 'Activate'}
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem destructive disabled={onlyOne} onSelect={onDelete}>
                <Trash2 aria-hidden="true" />
                Delete
              </DropdownMenuItem>
              {pipeline.isDefault || onlyOne ? (
                <p className="max-w-60 px-2.5 pb-1.5 text-xs text-muted-foreground">
                  {onlyOne
                    ? 'An organization needs at least one pipeline.'
                    : 'The default pipeline cannot be deactivated. Star another one first.'}
                </p>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>

      {stages.length === 0 ? (
        <EmptyState
          icon={Kanban}
          title="No stages yet"
          description="Add the steps a deal goes through, from first contact to paid."
          className="py-8"
        />
      ) : (
        <>
          <div className="hidden grid-cols-[2rem_minmax(0,1fr)_10rem_6rem_3rem_2rem] items-center gap-3 border-b border-border bg-muted/50 px-4 py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase sm:grid sm:px-5">
            <span />
            <span>Stage</span>
            <span>Probability</span>
            <span>Closes as</span>
            <span>Active</span>
            <span />
          </div>
          <SortableList
            items={stages}
            getId={stageId}
            getLabel={stageName}
            onReorder={onReorder}
            disabled={!canEdit}
            aria-label={`Stages of ${pipeline.name}`}
            className="divide-y divide-border"
            renderItem={(stage, sortable) => (
              <StageRow
                stage={stage}
                sortable={sortable}
                canEdit={canEdit}
                onEdit={() => onEditStage(stage)}
                onDelete={() => onDeleteStage(stage)}
                onToggle={(isActive) =>
                  updateStage.mutate(
                    { stage, input: { isActive } },
                    {
                      onSuccess: () =>
                        toast.success(`${stage.name} ${isActive ? 'activated' : 'deactivated'}`),
                      // A stage whose deals only its column shows stays on (409, naming how many).
                      onError: (error) =>
                        showError(error, `Could not ${isActive ? 'activate' : 'deactivate'} ${stage.name}`),
                    },
                  )
                }
              />
            )}
          />
        </>
      )}
      {canEdit ? (
        <div className="border-t border-border px-4 py-2.5 sm:px-5">
          <Button variant="ghost" size="sm" onClick={onAddStage}>
            <Plus aria-hidden="true" />
            Add stage
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

const stageId = (stage: Stage) => stage.id;
const stageName = (stage: Stage) => stage.name;

function StageRow({
  stage,
  sortable,
  canEdit,
  onEdit,
  onDelete,
  onToggle,
}: {
  stage: Stage;
  sortable: SortableHandleProps | null;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onToggle: (isActive: boolean) => void;
}) {
  return (
    <div
      className={cn(
        'grid grid-cols-[2rem_minmax(0,1fr)_auto_2rem] items-center gap-x-3 gap-y-1 bg-surface px-4 py-2.5 sm:grid-cols-[2rem_minmax(0,1fr)_10rem_6rem_3rem_2rem] sm:px-5',
        sortable?.isDragging && 'shadow-lg ring-1 ring-border',
      )}
      data-testid="stage-row"
    >
      {sortable ? <DragHandle sortable={sortable} label={`Reorder ${stage.name}`} /> : <span />}
      <span className={cn('truncate text-sm font-medium', !stage.isActive && 'text-muted-foreground')}>
        {stage.name}
        {stage.isActive ? null : <span className="ml-2 text-xs font-normal">(inactive)</span>}
      </span>
      <span className="col-start-2 row-start-2 flex items-center gap-2 sm:col-start-auto sm:row-start-auto">
        <span className="h-1.5 w-16 overflow-hidden rounded-full bg-muted sm:w-20" aria-hidden="true">
          <ProbabilityBar value={stage.probability} />
        </span>
        <span className="text-xs text-muted-foreground tabular-nums sm:text-sm">{stage.probability}%</span>
        <span className="sm:hidden">
          <ClosingBadge type={stage.closingType} />
        </span>
      </span>
      <span className="hidden sm:block">
        <ClosingBadge type={stage.closingType} />
      </span>
      <Switch
        checked={stage.isActive}
        disabled={!canEdit}
        aria-label={`${stage.name} active`}
        onCheckedChange={onToggle}
        className="justify-self-start"
      />
      {canEdit ? (
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-8">
              <Ellipsis aria-hidden="true" />
              <span className="sr-only">Actions for {stage.name}</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={onEdit}>
              <Pencil aria-hidden="true" />
              Edit
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem destructive onSelect={onDelete}>
              <Trash2 aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : (
        <span />
      )}
    </div>
  );
}

/** The probability as a filled bar: an SVG width, not an inline style (CSP). */
function ProbabilityBar({ value }: { value: number }) {
  const width = Math.max(0, Math.min(100, value));
  return (
    <svg viewBox="0 0 100 6" preserveAspectRatio="none" className="block h-full w-full">
      <rect width={width} height="6" className="fill-primary" />
    </svg>
  );
}

function ClosingBadge({ type }: { type: Stage['closingType'] }) {
  if (type === 'won') return <Badge variant="success">Won</Badge>;
  if (type === 'lost') return <Badge variant="danger">Lost</Badge>;
  return (
    <span className="text-xs text-muted-foreground max-sm:hidden" aria-label="Does not close the deal">
      —
    </span>
  );
}

function LoadingStages() {
  return (
    <div role="status" className="divide-y divide-border" aria-busy="true" aria-label="Loading pipelines">
      {[0, 1, 2, 3, 4].map((key) => (
        <div key={key} className="flex items-center gap-3 px-5 py-3.5">
          <Skeleton className="size-5" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="ml-auto h-2 w-24" />
        </div>
      ))}
    </div>
  );
}
