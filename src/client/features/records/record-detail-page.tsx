import { ChevronRight, Ellipsis, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { can } from '../../../common/permissions';
import { RecordCustomFields } from '../../components/data-table/record-custom-fields';
import { PageContainer, PageHeader } from '../../components/page-header';
import { RecordLoadError, RecordPageSkeleton } from '../../components/record-page-states';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { readApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ActivityTimeline } from '../activities/components/activity-timeline';
import { useSignedInUser } from '../auth/signed-in-user';
import type { ComposeRecord } from '../email/compose-email-dialog';
import { RecordActivityTabs } from '../email/record-email-tab';
import type { RecordDetailDescription } from './record-detail-description';
import { RecordDetailFields, RecordTagsInput } from './record-detail-fields';
import { setAt } from './record-form-description';
import { useRecordChoices } from './use-record-choices';

/** What the kit needs of a record shown on its page. */
export interface DetailRecord {
  id: string;
  customFields?: Record<string, unknown> | null;
}

/** The record's versioned PATCH (useOptimisticPatch): a newer change by someone else opens the conflict dialog. */
export interface RecordUpdate {
  mutate: (input: Record<string, unknown>) => void;
  mutateAsync: (input: Record<string, unknown>) => Promise<unknown>;
}

export interface RecordRemove {
  mutateAsync: (id: string) => Promise<unknown>;
  isPending: boolean;
}

/** A detail route: the skeleton while loading, "not found" (or the error), else the page. */
export function RecordDetailRoute<T>({
  query,
  description,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined; error: Error | null };
  description: Pick<RecordDetailDescription<T>, 'singular' | 'listHref'>;
  children: (record: T) => ReactNode;
}) {
  if (query.isPending) return <RecordPageSkeleton />;
  if (query.isError || !query.data) {
    return (
      <RecordLoadError error={query.error} singular={description.singular} listHref={description.listHref} />
    );
  }
  return children(query.data);
}

/**
 * The PATCH body of one field's change: `{ name: value }`; for a dotted path (`data.parcel`) the
 * record's whole top-level object with the one value changed, so nothing else in it is lost.
 */
export function fieldPatch(record: object, name: string, value: unknown): Record<string, unknown> {
  const [top = name] = name.split('.');
  const patch: Record<string, unknown> = { [top]: (record as Record<string, unknown>)[top] };
  setAt(patch, name, value);
  return patch;
}

export interface RecordDetailPageProps<T extends DetailRecord> {
  description: RecordDetailDescription<T>;
  record: T;
  update: RecordUpdate;
  remove: RecordRemove;
  /** Suggestion lists besides the organization's tags, e.g. `sources`. */
  suggestions?: Readonly<Record<string, readonly string[]>>;
  /** The line under the name: status badges, dates. */
  badges?: ReactNode;
  /** Buttons before "More actions" (Convert, New document). */
  actions?: ReactNode;
  /** A notice under the header (a converted lead). */
  banner?: ReactNode;
  /** Cards after the field cards (a client's deals and documents). */
  related?: ReactNode;
  /** The custom objects' records related to this one. */
  relatedRecords?: ReactNode;
  /** Beside the fields when the type has no timeline (a custom record's related records). */
  aside?: ReactNode;
  /** The record as mail sees it: the timeline then shares its column with an E-mail tab. */
  email?: ComposeRecord;
  /** Dialogs the actions open. */
  children?: ReactNode;
}

/**
 * A record's page from its description: breadcrumb, name, badges and actions; each section a card
 * of fields edited in place; tags, custom fields and related records; the activity timeline beside.
 */
export function RecordDetailPage<T extends DetailRecord>({
  description,
  record,
  update,
  remove,
  suggestions,
  badges,
  actions,
  banner,
  related,
  relatedRecords,
  aside,
  email,
  children,
}: RecordDetailPageProps<T>) {
  const me = useSignedInUser();
  const [, navigate] = useLocation();
  const choices = useRecordChoices(suggestions);
  const [deleting, setDeleting] = useState(false);
  const readOnly = !can(me, description.permission, 'update');
  const canDelete = can(me, description.permission, 'delete');
  const name = description.nameOf(record);
  const values = record as unknown as Record<string, unknown>;
  const save = (field: string, value: unknown) => update.mutate(fieldPatch(record, field, value));
  const fieldProps = { record: values, onSave: save, readOnly, choices };

  return (
    <PageContainer>
      <RecordPageHeader
        listHref={description.listHref}
        listLabel={description.listLabel}
        name={name}
        badges={badges}
        actions={
          <>
            {actions}
            {canDelete ? (
              <DropdownMenu modal={false}>
                <DropdownMenuTrigger asChild>
                  <Button variant="secondary" size="icon">
                    <Ellipsis aria-hidden="true" />
                    <span className="sr-only">More actions</span>
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  <DropdownMenuItem destructive onSelect={() => setDeleting(true)}>
                    <Trash2 aria-hidden="true" />
                    Delete {description.singular.toLowerCase()}
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            ) : null}
          </>
        }
      />
      {banner}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          {description.sections.map((section) => (
            <Card key={section.title}>
              <CardHeader>
                <CardTitle>{section.title}</CardTitle>
              </CardHeader>
              <CardContent>
                <RecordDetailFields
                  section={section}
                  layout="inline"
                  rules={description.rules}
                  phoneFormat={me.phoneNumberFormat}
                  {...fieldProps}
                />
              </CardContent>
            </Card>
          ))}
          {related}
          {description.tagFields.map((field) => (
            <Card key={field.name}>
              <CardHeader>
                <CardTitle>{field.label}</CardTitle>
              </CardHeader>
              <CardContent>
                <RecordTagsInput field={field} {...fieldProps} />
              </CardContent>
            </Card>
          ))}
          <DescribedCustomFields
            description={description}
            record={record}
            update={update}
            readOnly={readOnly}
          />
          {relatedRecords}
        </div>

        {description.timeline ? (
          email ? (
            <RecordActivityTabs
              record={email}
              timeline={
                <ActivityTimeline
                  subject={{ kind: description.timeline.kind, id: record.id }}
                  title={description.timeline.title}
                  data-tour={description.timeline.tour}
                />
              }
            />
          ) : (
            <ActivityTimeline
              subject={{ kind: description.timeline.kind, id: record.id }}
              title={description.timeline.title}
              data-tour={description.timeline.tour}
            />
          )
        ) : (
          aside
        )}
      </div>

      <RecordDeleteDialog
        description={description}
        record={record}
        remove={remove}
        open={deleting}
        onOpenChange={setDeleting}
        onDeleted={() => navigate(description.listHref)}
      />
      {children}
    </PageContainer>
  );
}

/** A record page's header: the breadcrumb back to its list, the name (also the tab's title), badges, actions. */
export function RecordPageHeader({
  listHref,
  listLabel,
  name,
  badges,
  actions,
}: {
  listHref: string;
  listLabel: string;
  name: string;
  badges?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <PageHeader
      eyebrow={
        <nav aria-label="Breadcrumb" className="flex items-center gap-1">
          <Link href={listHref} className="hover:text-foreground">
            {listLabel}
          </Link>
          <ChevronRight className="size-3.5" aria-hidden="true" />
          <span aria-current="page" className="max-w-64 truncate">
            {name}
          </span>
        </nav>
      }
      title={<span className="break-words">{name}</span>}
      documentTitle={name}
      description={badges}
      actions={actions}
    />
  );
}

/** "Delete Ann Lee?": deletes, says so, then leaves (the list, or the closed panel). */
export function RecordDeleteDialog<T extends DetailRecord>({
  description,
  record,
  remove,
  open,
  onOpenChange,
  onDeleted,
}: {
  description: RecordDetailDescription<T>;
  record: T;
  remove: RecordRemove;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const name = description.nameOf(record);
  const noun = description.singular.toLowerCase();
  const confirm = async () => {
    try {
      await remove.mutateAsync(record.id);
      toast.success(`${description.singular} deleted`, { description: `${name} was removed.` });
      onDeleted();
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${name}?`}
      description={description.deleteDescription}
      confirmLabel={`Delete ${noun}`}
      pendingLabel="Deleting…"
      pending={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}

/** The record's custom fields (a card, or a side panel's section), saved through its PATCH. */
export function DescribedCustomFields<T extends DetailRecord>({
  description,
  record,
  update,
  readOnly,
  variant,
}: {
  description: RecordDetailDescription<T>;
  record: T;
  update: RecordUpdate;
  readOnly: boolean;
  variant?: 'card' | 'section';
}) {
  const me = useSignedInUser();
  if (!description.customFields) return null;
  return (
    <RecordCustomFields
      variant={variant}
      entityType={description.customFields}
      values={record.customFields}
      recordName={description.nameOf(record)}
      canEdit={!readOnly}
      currency={me.defaultCurrency}
      onSave={(customFields) => update.mutateAsync({ customFields })}
    />
  );
}
