import { CircleCheck, Clock, Ellipsis, History, Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { can } from '../../../../common/permissions';
import { formatDate, formatDateTime, toDateInputValue } from '../../../components/data-table/format';
import { useOwnerOptions } from '../../../components/data-table/use-record-options';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { isReloaded, readApiError } from '../../../lib/api';
import { changedFields } from '../../../lib/changed-fields';
import { cn } from '../../../lib/cn';
import { reloadedMessage, toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { activityTypeInfo } from '../activity-options';
import {
  type Activity,
  type TimelineSubject,
  useActivities,
  useCreateActivity,
  useDeleteActivity,
  useUpdateActivity,
} from '../api';
import { isOverdue } from '../overdue';
import { ActivityForm, type ActivityFormValues } from './activity-form';
import { AttachmentLinks } from './attachment-links';

const emptyForm: ActivityFormValues = {
  type: 'note',
  subject: '',
  description: '',
  emailContent: '',
  status: 'completed',
  dueDate: '',
  attachments: [],
};

interface ActivityTimelineProps extends Omit<ComponentProps<'section'>, 'children'> {
  subject: TimelineSubject;
  title?: string;
}

/**
 * The activity history of a lead, client or deal, newest first: calls, e-mails, meetings, notes
 * and tasks. Log a new one, edit, complete or delete; pending tasks past their due date are
 * marked Overdue.
 */
export function ActivityTimeline({
  subject,
  title = 'Activity',
  className,
  ...props
}: ActivityTimelineProps) {
  const me = useSignedInUser();
  const activities = useActivities(subject);
  const createActivity = useCreateActivity(subject);
  const updateActivity = useUpdateActivity(subject);
  const deleteActivity = useDeleteActivity(subject);
  const owners = useOwnerOptions(me);
  const [composing, setComposing] = useState(false);
  const [editing, setEditing] = useState<Activity | null>(null);
  const [deleting, setDeleting] = useState<Activity | null>(null);
  const allowed = {
    create: can(me, 'activities', 'create'),
    update: can(me, 'activities', 'update'),
    remove: can(me, 'activities', 'delete'),
  };
  const headingId = `timeline-${subject.kind}-${subject.id}`;

  const setStatus = async (activity: Activity, status: Activity['status']) => {
    try {
      const saved = await updateActivity.mutateAsync({ activity, input: { status } });
      if (isReloaded(saved)) {
        toast(reloadedMessage, { description: activity.subject });
        return;
      }
      toast.success(status === 'completed' ? 'Marked complete' : 'Marked as pending', {
        description: activity.subject,
      });
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteActivity.mutateAsync(deleting.id);
      toast.success('Activity deleted', { description: deleting.subject });
      setDeleting(null);
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
  };

  return (
    <section aria-labelledby={headingId} className={cn('min-w-0', className)} {...props}>
      <Card>
        <div className="flex items-center justify-between gap-3 border-b border-border px-5 py-3.5 sm:px-6">
          <div className="flex items-baseline gap-2">
            <h2 id={headingId} className="text-base font-semibold tracking-tight">
              {title}
            </h2>
            {activities.isPending ? null : (
              <span className="text-sm text-muted-foreground">{activities.total}</span>
            )}
          </div>
          {allowed.create && !composing ? (
            <Button size="sm" onClick={() => setComposing(true)}>
              <Plus aria-hidden="true" />
              Log activity
            </Button>
          ) : null}
        </div>

        {composing ? (
          <div className="border-b border-border bg-muted/30 px-5 py-4 sm:px-6">
            <ActivityForm
              label="Log activity"
              defaultValues={emptyForm}
              submitLabel="Add activity"
              pendingLabel="Adding…"
              onCancel={() => setComposing(false)}
              onSubmit={async (input) => {
                await createActivity.mutateAsync(input);
                toast.success('Activity added', { description: input.subject });
                setComposing(false);
              }}
            />
          </div>
        ) : null}

        {activities.isPending ? (
          <div
            className="flex flex-col gap-5 px-5 py-5 sm:px-6"
            aria-busy="true"
            aria-label="Loading activity"
          >
            {[0, 1, 2].map((key) => (
              <div key={key} className="flex gap-3">
                <Skeleton className="size-8 rounded-full" />
                <div className="flex-1">
                  <Skeleton className="h-4 w-48" />
                  <Skeleton className="mt-2 h-3.5 w-32" />
                </div>
              </div>
            ))}
          </div>
        ) : activities.isError ? (
          <div role="alert" className="flex items-center justify-between gap-3 px-5 py-5 text-sm sm:px-6">
            <span className="text-red-700">
              Could not load activity: {readApiError(activities.error).message}
            </span>
            <Button variant="secondary" size="sm" onClick={activities.refetch}>
              Try again
            </Button>
          </div>
        ) : activities.rows.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-10 text-center">
            <div className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">
              <History className="size-5" aria-hidden="true" />
            </div>
            <p className="mt-3 text-sm font-medium">No activity yet</p>
            <p className="mt-1 max-w-xs text-sm text-muted-foreground">
              Log calls, e-mails, meetings and notes, or set a task with a due date.
            </p>
          </div>
        ) : (
          <ol className="px-5 py-2 sm:px-6">
            {activities.rows.map((activity, index) => (
              <TimelineItem
                key={activity.id}
                activity={activity}
                last={index === activities.rows.length - 1}
                author={owners.nameOf(activity.userId)}
                canUpdate={allowed.update}
                canDelete={allowed.remove}
                onEdit={() => setEditing(activity)}
                onDelete={() => setDeleting(activity)}
                onSetStatus={(status) => void setStatus(activity, status)}
              />
            ))}
          </ol>
        )}

        {activities.hasNextPage ? (
          <div className="flex justify-center border-t border-border px-4 py-3">
            <Button
              variant="ghost"
              size="sm"
              onClick={activities.fetchNextPage}
              disabled={activities.isFetchingNextPage}
            >
              {activities.isFetchingNextPage ? <Spinner /> : null}
              {activities.isFetchingNextPage ? 'Loading…' : 'Show older activity'}
            </Button>
          </div>
        ) : null}
      </Card>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent size="md">
          {editing ? (
            <>
              <DialogHeader>
                <DialogTitle>Edit activity</DialogTitle>
                <DialogDescription>Logged {formatDateTime(editing.createdAt)}</DialogDescription>
              </DialogHeader>
              <DialogBody>
                <ActivityForm
                  key={editing.id}
                  defaultValues={{
                    type: editing.type,
                    subject: editing.subject,
                    description: editing.description ?? '',
                    emailContent: editing.emailContent ?? '',
                    status: editing.status,
                    dueDate: toDateInputValue(editing.dueDate),
                    attachments: editing.attachments ?? [],
                  }}
                  submitLabel="Save changes"
                  pendingLabel="Saving…"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (input, opened) => {
                    const saved = await updateActivity.mutateAsync({
                      activity: editing,
                      input: changedFields(opened, input),
                    });
                    if (isReloaded(saved)) toast(reloadedMessage, { description: saved.subject });
                    else toast.success('Activity updated', { description: input.subject });
                    setEditing(null);
                  }}
                />
              </DialogBody>
            </>
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this activity?"
        description={`“${deleting?.subject ?? ''}” is removed from the history. This cannot be undone.`}
        confirmLabel="Delete activity"
        pendingLabel="Deleting…"
        pending={deleteActivity.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}

interface TimelineItemProps {
  activity: Activity;
  last: boolean;
  author: string | null;
  canUpdate: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onSetStatus: (status: Activity['status']) => void;
}

function TimelineItem({
  activity,
  last,
  author,
  canUpdate,
  canDelete,
  onEdit,
  onDelete,
  onSetStatus,
}: TimelineItemProps) {
  const info = activityTypeInfo[activity.type] ?? activityTypeInfo.note;
  const overdue = isOverdue(activity);
  const pending = activity.status === 'pending';
  return (
    <li className="relative flex gap-3 py-3" data-activity-type={activity.type}>
      {last ? null : <span className="absolute top-12 bottom-0 left-4 w-px bg-border" aria-hidden="true" />}
      <span
        className={cn(
          'relative flex size-8 shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
          info.className,
        )}
        title={info.label}
      >
        <info.icon className="size-4" aria-hidden="true" />
        <span className="sr-only">{info.label}</span>
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <p
                className={cn(
                  // A long URL or one-word subject wraps instead of pushing the actions away.
                  'max-w-full min-w-0 text-sm font-medium wrap-anywhere',
                  !pending &&
                    activity.type === 'task' &&
                    'text-muted-foreground line-through decoration-slate-300',
                )}
              >
                {activity.subject}
              </p>
              {overdue ? (
                <Badge variant="danger">
                  <Clock className="size-3" aria-hidden="true" />
                  Overdue
                </Badge>
              ) : pending ? (
                <Badge variant="warning">Pending</Badge>
              ) : null}
            </div>
            <p className="mt-0.5 text-xs text-muted-foreground">
              {info.label}
              {author ? ` · ${author}` : ''} · {formatDateTime(activity.createdAt)}
              {activity.dueDate ? (
                <span className={cn(overdue && 'font-medium text-red-700')}>
                  {' '}
                  · Due {formatDate(activity.dueDate)}
                </span>
              ) : null}
            </p>
          </div>
          {canUpdate || canDelete ? (
            <div className="flex shrink-0 items-center gap-1">
              {canUpdate && pending ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-xs"
                  onClick={() => onSetStatus('completed')}
                >
                  <CircleCheck aria-hidden="true" />
                  <span className="hidden sm:inline">Mark complete</span>
                  <span className="sr-only sm:hidden">Mark complete</span>
                </Button>
              ) : null}
              <DropdownMenu modal={false}>
                <DropdownMenuTrigger asChild>
                  <Button variant="ghost" size="icon" className="size-7">
                    <Ellipsis aria-hidden="true" />
                    <span className="sr-only">Actions for {activity.subject}</span>
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  {canUpdate ? (
                    <DropdownMenuItem onSelect={onEdit}>
                      <Pencil aria-hidden="true" />
                      Edit
                    </DropdownMenuItem>
                  ) : null}
                  {canUpdate && !pending ? (
                    <DropdownMenuItem onSelect={() => onSetStatus('pending')}>
                      <RotateCcw aria-hidden="true" />
                      Mark as pending
                    </DropdownMenuItem>
                  ) : null}
                  {canDelete ? (
                    <>
                      {canUpdate ? <DropdownMenuSeparator /> : null}
                      <DropdownMenuItem destructive onSelect={onDelete}>
                        <Trash2 aria-hidden="true" />
                        Delete
                      </DropdownMenuItem>
                    </>
                  ) : null}
                </DropdownMenuContent>
              </DropdownMenu>
            </div>
          ) : null}
        </div>
        {activity.description ? (
          <p className="mt-1.5 text-sm leading-6 wrap-anywhere whitespace-pre-line text-slate-700">
            {activity.description}
          </p>
        ) : null}
        {activity.type === 'email' && activity.emailContent ? (
          <details className="group mt-2 rounded-md border border-border bg-muted/40 text-sm">
            <summary className="cursor-pointer px-3 py-1.5 text-xs font-medium text-muted-foreground select-none hover:text-foreground">
              Email content
            </summary>
            <p className="border-t border-border px-3 py-2 leading-6 wrap-anywhere whitespace-pre-line text-slate-700">
              {activity.emailContent}
            </p>
          </details>
        ) : null}
        <AttachmentLinks
          attachments={activity.attachments ?? []}
          label={`Attachments of ${activity.subject}`}
        />
      </div>
    </li>
  );
}
