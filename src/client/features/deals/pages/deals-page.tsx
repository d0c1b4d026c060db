import { Columns3, List, Plus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { can } from '../../../../common/permissions';
import { withParam } from '../../../components/data-table/list-params';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useCreateParam } from '../../../lib/use-create-param';
import { useSignedInUser } from '../../auth/signed-in-user';
import { useTourAction } from '../../tours/tour-actions';
import { prefetchBoard, usePipelines } from '../api';
import { pipelineStorageKey, shownPipelineStorageKey } from '../board-preload';
import { chooseDealsView, type DealsView, kanbanThemeOf, readStoredView, storeView } from '../deal-format';
import { DealFormDialog, isSurplusOrganization } from '../components/deal-form-dialog';
import { RecordList } from '../../records/record-list';
import { dealListDescription } from '../deal-record-type';
import { PipelineBoard } from '../components/pipeline-board';
import { ImportCsvButton } from '../../records/import-csv-button';
import { importWizardPath } from '../../imports/import-paths';

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

const readStoredPipeline = () => readStored(pipelineStorageKey);

/**
 * /deals: the pipeline board or the list, and the new-deal dialog. `?view=board|list` picks the
 * view (a link or bookmark); without it the last choice is remembered.
 */
export function DealsPage() {
  const me = useSignedInUser();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [params, setParams] = useSearchParams();
  const pipelines = usePipelines();
  const [storedView, setStoredView] = useState(readStoredView);
  const hasListQuery = ['search', 'sort', ...dealListDescription.filterKeys].some((key) => params.has(key));
  const view = chooseDealsView(
    params.get('view'),
    storedView,
    me.organizationIndustry ?? me.industrySector,
    hasListQuery,
  );
  const [pipelineId, setPipelineId] = useState<string | null>(readStoredPipeline);
  const [createOpen, setCreateOpen] = useState(false);
  const [tourMode, setTourMode] = useState(false);

  const setView = (next: DealsView) => {
    setStoredView(next);
    storeView(next);
    // A filtered address would otherwise keep choosing the list.
    if (params.has('view') || hasListQuery)
      setParams((current) => withParam(current, 'view', next), { replace: true });
  };
  const choosePipeline = (id: string) => {
    setPipelineId(id);
    try {
      window.localStorage.setItem(pipelineStorageKey, id);
    } catch {
      // not remembered
    }
  };

  const list = pipelines.data ?? [];
  const pipeline = list.find((p) => p.id === pipelineId) ?? list[0];
  const shownId = view === 'board' ? pipeline?.id : undefined;

  // The board last shown is read beside the pipelines rather than after them, and drawn as soon
  // as it is there (issue 21 §3); main.tsx already asked for it when the page itself opened here.
  const [lastShownId] = useState(() => readStored(shownPipelineStorageKey));
  const provisionalId = pipelines.isPending && view === 'board' ? lastShownId : null;
  const pipelinesKnown = pipelines.data !== undefined;
  useEffect(() => {
    if (view === 'board' && lastShownId && !pipelinesKnown) void prefetchBoard(queryClient, lastShownId);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once, as the page opens.
  }, []);
  // What the next visit's preload asks for.
  useEffect(() => {
    if (!shownId) return;
    try {
      window.localStorage.setItem(shownPipelineStorageKey, shownId);
    } catch {
      // not remembered: the next visit reads the board after the pipelines
    }
  }, [shownId]);

  const canCreate = can(me, 'deals', 'create');
  const canMove = can(me, 'deals', 'update');
  const surplus = isSurplusOrganization(me);

  useTourAction('open-deal-form', () => {
    if (!canCreate) return;
    setTourMode(true);
    setCreateOpen(true);
  });
  useTourAction('show-pipeline-view', () => {
    setCreateOpen(false);
    setView('board');
  });

  const openCreate = useCallback(() => {
    setTourMode(false);
    setCreateOpen(true);
  }, []);
  useCreateParam(openCreate, canCreate);
  const openDeal = (id: string) => navigate(`/deals/${id}`);

  return (
    <PageContainer data-tour="deals-section">
      <PageHeader
        title="Deals"
        description={`${surplus ? 'Every surplus case from research to paid.' : 'Your deals from first contact to closed.'}${
          view === 'board' ? ' Drag a card to move it to its next stage.' : ''
        }`}
        actions={
          <>
            <div
              role="group"
              aria-label="View"
              className="inline-flex h-10 items-center gap-1 rounded-lg bg-muted p-1"
            >
              <ViewButton
                active={view === 'board'}
                onClick={() => setView('board')}
                icon={Columns3}
                label="Board"
              />
              <ViewButton active={view === 'list'} onClick={() => setView('list')} icon={List} label="List" />
            </div>
            {canCreate && can(me, 'settings', 'view') ? (
              <ImportCsvButton
                title="Import deals from a CSV file"
                onClick={() => navigate(importWizardPath({ entity: 'deals' }))}
              />
            ) : null}
            {canCreate ? (
              <Button onClick={openCreate} data-tour="add-deal-button">
                <Plus aria-hidden="true" />
                New deal
              </Button>
            ) : null}
          </>
        }
      />

      <div className="mt-6">
        {view === 'board' ? (
          <div className="flex flex-col gap-4" data-tour="pipeline-view">
            {list.length > 1 ? (
              <div className="flex items-center gap-2">
                <label htmlFor="deals-pipeline" className="text-sm font-medium text-muted-foreground">
                  Pipeline
                </label>
                <div className="w-56">
                  <Select
                    id="deals-pipeline"
                    value={pipeline?.id ?? ''}
                    onChange={(event) => choosePipeline(event.target.value)}
                    className="h-9"
                  >
                    {list.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                        {p.isDefault ? ' (default)' : ''}
                      </option>
                    ))}
                  </Select>
                </div>
              </div>
            ) : null}
            {pipeline || provisionalId ? (
              <PipelineBoard
                key={pipeline?.id ?? provisionalId}
                pipelineId={pipeline?.id ?? provisionalId ?? ''}
                provisional={!pipeline}
                theme={kanbanThemeOf(me.kanbanTheme)}
                canMove={canMove}
                onOpen={openDeal}
              />
            ) : pipelines.isPending ? (
              <div className="flex gap-3">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} className="h-96 w-72 rounded-xl" />
                ))}
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">No active pipeline. Add one in Settings.</p>
            )}
          </div>
        ) : (
          <RecordList
            description={dealListDescription}
            scope={{ pipeline }}
            onCreate={canCreate ? openCreate : undefined}
          />
        )}
      </div>

      <DealFormDialog
        open={createOpen}
        onOpenChange={(open) => {
          setCreateOpen(open);
          if (!open) setTourMode(false);
        }}
        stages={pipeline?.stages ?? []}
        stagesLoading={pipelines.isPending}
        tourMode={tourMode}
      />
    </PageContainer>
  );
}

function ViewButton({
  active,
  onClick,
  icon: Icon,
  label,
}: {
  active: boolean;
  onClick: () => void;
  icon: typeof List;
  label: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
        active ? 'bg-surface text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </button>
  );
}
