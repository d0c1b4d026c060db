import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, FileText, Pencil, Target, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { can } from '../../../../common/permissions';
import { hasExpectedFeeField, surplusFieldKeys } from '../../../../common/surplus';
import { CustomFieldValues } from '../../../components/custom-fields/custom-field-values';
import { useOwnerOptions, useRevenueTypeNames } from '../../../components/data-table/use-record-options';
import { PageContainer } from '../../../components/page-header';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { isReloaded, patchRecord, readApiError } from '../../../lib/api';
import { reloadedMessage, toast } from '../../../lib/toast';
import { ActivityTimeline } from '../../activities/components/activity-timeline';
import { useSignedInUser } from '../../auth/signed-in-user';
import {
  type Deal,
  type DealDetail,
  dealQueryKey,
  invalidateDealViews,
  type Stage,
  useDeal,
  useDealCustomFields,
  useDealSurplus,
  useDeleteDeal,
  usePipelines,
  useStateRules,
} from '../api';
import { documentStatusLabel, formatDate, formatMoney, localToday } from '../deal-format';
import {
  dealFieldLabels,
  dealValueSource,
  hasSurplusCase,
  surplusEdit,
  withSurplusChange,
} from '../deal-form-model';
import { ClientPicker } from '../components/client-picker';
import { DealFormDialog, isSurplusOrganization } from '../components/deal-form-dialog';
import { InlineField } from '../components/inline-field';
import { StageStepper } from '../components/stage-stepper';
import { SurplusPanel } from '../components/surplus-panel';
import { TagInput } from '../components/tag-input';
import { useMoveDeal } from '../use-move-deal';
import { useDealState } from '../use-deal-state';
import { DealStateBadge } from '../components/deal-state-badge';
import { RecordLoadError } from '../../../components/record-page-states';
import { RecordPageHeader } from '../../records/record-detail-page';
import { documentsLabel, RelatedBlock } from '../../../components/related-block';
import { RelatedObjectRecords } from '../../objects/components/related-object-records';
import { ComposeEmailButton, RecordActivityTabs } from '../../email/record-email-tab';
import { RecordDocumentsCard } from '../../documents/components/record-documents-card';

const surplusKeyList = Object.values(surplusFieldKeys);
const surplusKeys = new Set<string>(surplusKeyList);

/** Saves part of a deal at once on screen, then on the server; undone (with the reason shown) if refused. */
function useDealPatch(dealId: string) {
  const queryClient = useQueryClient();
  const key = dealQueryKey(dealId);
  return async (input: Record<string, unknown>, optimistic: Partial<Deal>) => {
    await queryClient.cancelQueries({ queryKey: key });
    const previous = queryClient.getQueryData<DealDetail>(key);
    if (!previous) return undefined;
    queryClient.setQueryData<DealDetail>(key, { ...previous, ...optimistic });
    try {
      // Sent against the version on screen before this change: a newer save by someone else is
      // never undone silently (the conflict dialog asks).
      const saved = await patchRecord(`/api/deals/${dealId}`, previous, input, { labels: dealFieldLabels });
      if (isReloaded(saved)) toast(reloadedMessage, { description: saved.dealName });
      queryClient.setQueryData(key, saved);
      void invalidateDealViews(queryClient, { board: true });
      return saved;
    } catch (error) {
      queryClient.setQueryData(key, previous);
      const { message, fieldErrors } = readApiError(error);
      toast.error('The change was not saved', { description: Object.values(fieldErrors)[0] ?? message });
      throw error;
    }
  };
}

export function DealDetailPage({ id }: { id: string }) {
  const deal = useDeal(id);
  if (deal.isPending) return <DetailSkeleton />;
  if (deal.isError || !deal.data) {
    return <RecordLoadError error={deal.error} singular="Deal" listHref="/deals" />;
  }
  return <DealDetailView deal={deal.data} />;
}

function DealDetailView({ deal }: { deal: DealDetail }) {
  const me = useSignedInUser();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const pipelines = usePipelines();
  const patch = useDealPatch(deal.id);
  const owners = useOwnerOptions(me);
  const revenueTypes = useRevenueTypeNames();
  const stateOf = useDealState();
  const customFieldDefs = useDealCustomFields();
  const { requestMove, dialog } = useMoveDeal();
  const deleteDeal = useDeleteDeal();
  const [editOpen, setEditOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const canEdit = can(me, 'deals', 'update');
  const canDelete = can(me, 'deals', 'delete');
  const stored = deal.customFields ?? {};
  const showSurplus = isSurplusOrganization(me) || hasSurplusCase(stored as never);
  const surplus = useDealSurplus(deal.id, showSurplus);
  const stateRules = useStateRules(showSurplus);

  const pipeline =
    pipelines.data?.find((p) => p.stages.some((s) => s.name === deal.stage)) ?? pipelines.data?.[0] ?? null;
  const stages = pipeline?.stages ?? [];
  const currentStage = stages.find((s) => s.name === deal.stage);
  // The stage bar moves the deal on screen before the server sets closedAt: its stage decides first.
  const closed = currentStage ? currentStage.closingType !== null : deal.closedAt !== null;

  const moveTo = (stage: Stage) =>
    requestMove({
      dealId: deal.id,
      dealName: deal.dealName,
      toStage: stage,
      optimistic: () => {
        const key = dealQueryKey(deal.id);
        const previous = queryClient.getQueryData<DealDetail>(key);
        queryClient.setQueryData<DealDetail>(key, (current) =>
          current ? { ...current, stage: stage.name } : current,
        );
        return () => queryClient.setQueryData(key, previous);
      },
      onMoved: () => toast.success(`Moved to ${stage.name}`, { description: deal.dealName }),
    });

  const save = (field: keyof Deal) => (value: string) =>
    patch({ [field]: value }, { [field]: value === '' ? null : value } as Partial<Deal>);

  const saveSurplus = (key: string, value: string | boolean) => {
    const state = String(key === surplusFieldKeys.state ? value : (stored[surplusFieldKeys.state] ?? ''))
      .trim()
      .toUpperCase();
    const rule = stateRules.data?.find((r) => r.state === state) ?? null;
    const customFields = withSurplusChange(stored, key, value, rule, localToday());
    // Only the field edited: the server merges it into the case as stored now and computes the rest.
    return patch({ customFields: surplusEdit(customFields, key, value) }, { customFields });
  };

  const otherFields = (customFieldDefs.data ?? []).filter((f) => !surplusKeys.has(f.fieldKey) && f.isVisible);
  const followsFee = showSurplus && hasExpectedFeeField(customFieldDefs.data ?? []);
  const ownerLabel = owners.nameOf(deal.assignedOwner);
  // Mail from a deal goes to its client first (whoever may read clients gets the address filled in).
  const client = useQuery<{ email: string | null }>({
    queryKey: [`/api/clients/${deal.relatedClient}`],
    enabled: Boolean(deal.relatedClient) && can(me, 'clients', 'read'),
  });
  const emailRecord = {
    entityType: 'deal' as const,
    entityId: deal.id,
    name: deal.dealName,
    email: client.data?.email ?? null,
  };

  return (
    <PageContainer>
      <RecordPageHeader
        listHref="/deals"
        listLabel="Deal list"
        name={deal.dealName}
        badges={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <DealStateBadge state={stateOf(deal.stage)} />
            <span className="font-semibold text-foreground tabular-nums">{formatMoney(deal.dealValue)}</span>
            {deal.relatedClient && deal.relatedClientName ? (
              <Link
                href={`/clients/${deal.relatedClient}`}
                className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
              >
                <UserRound className="size-3.5" aria-hidden="true" />
                {deal.relatedClientName}
              </Link>
            ) : null}
            {ownerLabel ? <span>Owner: {ownerLabel}</span> : null}
            {deal.closedAt ? (
              <span data-testid="deal-closed-on">Closed on {formatDate(deal.closedAt)}</span>
            ) : null}
          </span>
        }
        actions={
          <>
            <ComposeEmailButton record={emailRecord} />
            {canEdit ? (
              <Button variant="secondary" onClick={() => setEditOpen(true)}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            ) : null}
            {canDelete ? (
              <Button variant="secondary" onClick={() => setConfirmDelete(true)} className="text-destructive">
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            ) : null}
          </>
        }
      />

      <section className="mt-6">
        {stages.length > 0 ? (
          <StageStepper stages={stages} current={deal.stage} disabled={!canEdit} onSelect={moveTo} />
        ) : (
          <p className="text-sm text-muted-foreground">Stage: {deal.stage}</p>
        )}
        {stages.length > 0 && !stages.some((s) => s.name === deal.stage) ? (
          <p className="mt-2 text-xs text-muted-foreground">
            Current stage “{deal.stage}” is not part of the {pipeline?.name} pipeline. Choose one to move it.
          </p>
        ) : null}
      </section>

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          {showSurplus ? (
            <SurplusPanel
              view={surplus.data}
              loading={surplus.isPending}
              stored={stored}
              canEdit={canEdit}
              closed={closed}
              onSave={saveSurplus}
            />
          ) : null}
          {otherFields.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle>More details</CardTitle>
              </CardHeader>
              <CardContent>
                <CustomFieldValues
                  entityType="deal"
                  values={stored}
                  exclude={surplusKeyList}
                  currency={me.defaultCurrency}
                />
              </CardContent>
            </Card>
          ) : null}
          <RecordDocumentsCard
            owner={{
              kind: 'deal',
              id: deal.id,
              name: deal.dealName,
              clientId: deal.relatedClient,
              clientName: deal.relatedClientName,
            }}
          />
          <RecordActivityTabs
            record={emailRecord}
            timeline={<ActivityTimeline subject={{ kind: 'deal', id: deal.id }} />}
          />
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>Details</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <InlineField
                label="Deal name"
                value={deal.dealName}
                onSave={save('dealName')}
                disabled={!canEdit}
              />
              <InlineField
                label="Deal value"
                kind="money"
                value={deal.dealValue === null ? '' : String(deal.dealValue)}
                display={deal.dealValue === null ? undefined : formatMoney(deal.dealValue)}
                hint={dealValueSource(followsFee, deal.dealValue, stored[surplusFieldKeys.expectedFee])}
                onSave={(value) =>
                  patch(
                    { dealValue: value },
                    { dealValue: value === '' ? null : Number(value.replace(/[$,]/g, '')) },
                  )
                }
                disabled={!canEdit}
              />
              <InlineField
                label="Close probability"
                kind="number"
                value={deal.closeProbability === null ? '' : String(deal.closeProbability)}
                display={deal.closeProbability === null ? undefined : `${deal.closeProbability}%`}
                onSave={(value) =>
                  patch(
                    { closeProbability: value },
                    { closeProbability: value === '' ? null : Number(value) },
                  )
                }
                disabled={!canEdit}
              />
              <InlineField
                label="Expected close date"
                kind="date"
                value={deal.expectedCloseDate?.slice(0, 10) ?? ''}
                display={deal.expectedCloseDate ? formatDate(deal.expectedCloseDate) : undefined}
                onSave={save('expectedCloseDate')}
                disabled={!canEdit}
              />
              <InlineField
                label="Owner"
                kind="select"
                value={deal.assignedOwner ?? ''}
                display={ownerLabel ?? undefined}
                placeholder="Unassigned"
                options={[{ value: '', label: 'Unassigned' }, ...owners.options]}
                onSave={save('assignedOwner')}
                disabled={!canEdit}
              />
              <ClientField
                deal={deal}
                disabled={!canEdit}
                onSave={(id, name) =>
                  patch(
                    { relatedClient: id },
                    { relatedClient: id || null, relatedClientName: id ? name : null },
                  )
                }
              />
              <InlineField
                label="Lead source"
                value={deal.leadSource ?? ''}
                onSave={save('leadSource')}
                disabled={!canEdit}
              />
              <InlineField
                label="Deal type"
                value={deal.dealType ?? ''}
                suggestions={revenueTypes}
                onSave={save('dealType')}
                disabled={!canEdit}
              />
              <TagsField tags={deal.tags} disabled={!canEdit} onSave={(tags) => patch({ tags }, { tags })} />
              <InlineField
                label="Notes"
                kind="textarea"
                value={deal.notes ?? ''}
                onSave={save('notes')}
                disabled={!canEdit}
                placeholder="No notes"
              />
              <dl className="mt-2 grid grid-cols-2 gap-2 border-t border-border pt-3 text-xs text-muted-foreground">
                <dt>Created</dt>
                <dd className="text-right">{formatDate(deal.createdAt)}</dd>
                <dt>Last updated</dt>
                <dd className="text-right">{formatDate(deal.updatedAt)}</dd>
              </dl>
            </CardContent>
          </Card>
          <RelatedCard deal={deal} canReadLeads={can(me, 'leads', 'read')} />
          <RelatedObjectRecords subject={{ type: 'deal', id: deal.id }} recordName={deal.dealName} />
        </div>
      </div>

      {dialog}
      <DealFormDialog open={editOpen} onOpenChange={setEditOpen} stages={stages} deal={deal} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this deal?"
        description={`“${deal.dealName}” will be deleted permanently, with its activity history. This cannot be undone.`}
        confirmLabel="Delete deal"
        pendingLabel="Deleting…"
        pending={deleteDeal.isPending}
        onConfirm={async () => {
          try {
            await deleteDeal.mutateAsync(deal.id);
            toast.success('Deal deleted', { description: deal.dealName });
            navigate('/deals');
          } catch (error) {
            toast.error('The deal was not deleted', { description: readApiError(error).message });
          }
        }}
      />
    </PageContainer>
  );
}

/** The lead the deal's client came from and the deal's documents (the client is in Details). */
function RelatedCard({ deal, canReadLeads }: { deal: DealDetail; canReadLeads: boolean }) {
  return (
    <Card className="min-w-0" aria-label="Related records">
      <CardHeader>
        <CardTitle>Related</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <RelatedBlock icon={Target} title="Originating lead">
          {deal.lead ? (
            canReadLeads ? (
              <Link href={`/leads/${deal.lead.id}`} className="font-medium text-primary hover:underline">
                {deal.lead.fullName}
              </Link>
            ) : (
              <span>{deal.lead.fullName}</span>
            )
          ) : (
            <span className="text-muted-foreground">
              {deal.relatedClient ? 'Client added directly, not from a lead' : 'No client, so no lead'}
            </span>
          )}
        </RelatedBlock>
        <RelatedBlock icon={FileText} title="Documents">
          <span>{documentsLabel(deal.documentsCount)}</span>
          {deal.latestDocuments.length > 0 ? (
            <ul className="mt-2 flex flex-col gap-1.5" aria-label="Latest documents">
              {deal.latestDocuments.map((document) => (
                <li key={document.id} className="flex items-center justify-between gap-3">
                  <span className="min-w-0 truncate">{document.name}</span>
                  <Badge className="shrink-0">{documentStatusLabel(document.status)}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </RelatedBlock>
      </CardContent>
    </Card>
  );
}

function ClientField({
  deal,
  disabled,
  onSave,
}: {
  deal: Deal;
  disabled: boolean;
  onSave: (id: string, name: string | null) => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="text-xs font-medium text-muted-foreground" id="deal-detail-client-label">
        Related client
      </span>
      {editing ? (
        <div className="flex flex-col gap-1.5">
          <ClientPicker
            id="deal-detail-client"
            value={deal.relatedClient ?? ''}
            selectedName={deal.relatedClientName}
            onChange={(id, client) => {
              setEditing(false);
              void onSave(id, client?.displayName ?? null).catch(() => undefined);
            }}
          />
          <Button variant="ghost" size="sm" className="self-start" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="-mx-2 flex min-h-9 items-center gap-2 px-2 text-sm">
          {deal.relatedClient && deal.relatedClientName ? (
            <Link
              href={`/clients/${deal.relatedClient}`}
              className="inline-flex min-w-0 items-center gap-1 font-medium text-primary hover:underline"
            >
              <span className="truncate">{deal.relatedClientName}</span>
              <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
            </Link>
          ) : (
            <span className="text-muted-foreground/80">No client</span>
          )}
          {disabled ? null : (
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto h-7 px-2 text-xs"
              onClick={() => setEditing(true)}
            >
              Change<span className="sr-only"> related client</span>
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function TagsField({
  tags,
  disabled,
  onSave,
}: {
  tags: string[];
  disabled: boolean;
  onSave: (tags: string[]) => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(tags);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="text-xs font-medium text-muted-foreground">Tags</span>
      {editing ? (
        <div className="flex flex-col gap-1.5">
          <TagInput id="deal-detail-tags" value={draft} onChange={setDraft} />
          <div className="flex gap-1.5">
            <Button
              size="sm"
              onClick={() => {
                setEditing(false);
                void onSave(draft).catch(() => undefined);
              }}
            >
              Save
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          disabled={disabled}
          onClick={() => {
            setDraft(tags);
            setEditing(true);
          }}
          className="-mx-2 flex min-h-9 flex-wrap items-center gap-1 rounded-md px-2 py-1 text-left text-sm enabled:hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary"
        >
          <span className="sr-only">Tags: </span>
          {tags.length === 0 ? <span className="text-muted-foreground/80">No tags</span> : null}
          {tags.map((tag) => (
            <span key={tag} className="rounded-md bg-muted px-2 py-0.5 text-xs font-medium">
              {tag}
            </span>
          ))}
        </button>
      )}
    </div>
  );
}

function DetailSkeleton() {
  return (
    <PageContainer aria-busy="true">
      <Skeleton className="h-4 w-32" />
      <Skeleton className="mt-3 h-8 w-72" />
      <Skeleton className="mt-6 h-10 w-full" />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-80 lg:col-span-2" />
        <Skeleton className="h-80" />
      </div>
    </PageContainer>
  );
}
