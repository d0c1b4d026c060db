import { ArrowRight, CalendarClock, CircleAlert, ListChecks } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { type MyTask, useMyTasks, useSetTaskDone } from '../api';
import { dueLabel } from '../dashboard-model';

const relatedHref = (task: MyTask) => {
  const base = { lead: '/leads', client: '/clients', deal: '/deals' }[task.related.kind];
  return `${base}/${task.related.id}`;
};

const relatedKind = { lead: 'Lead', client: 'Client', deal: 'Deal' } as const;

/** "My tasks": the caller's pending tasks, overdue ones flagged; ticking one completes it. */
export function MyTasksCard({ limit, className }: { limit?: number; className?: string }) {
  const tasks = useMyTasks(true);
  const setDone = useSetTaskDone();
  const headingId = useId();
  const all = tasks.data?.items ?? [];
  const shown = limit ? all.slice(0, limit) : all;
  const overdue = all.filter((task) => task.overdue && task.status !== 'completed').length;

  const toggle = (task: MyTask, done: boolean) =>
    setDone.mutate(
      { task, done },
      {
        onSuccess: () =>
          toast.success(done ? 'Task completed' : 'Task reopened', { description: task.subject }),
        onError: (error) => toast.error('Error', { description: readApiError(error).message }),
      },
    );

  return (
    <Card
      className={cn('flex flex-col overflow-hidden', className)}
      aria-labelledby={headingId}
      data-tour="automation-section"
    >
      <div className="flex items-center justify-between gap-3 border-b border-border px-5 py-4">
        <div>
          <div className="flex items-center gap-2">
            <h2 id={headingId} className="text-base font-semibold tracking-tight">
              My tasks
            </h2>
            {overdue > 0 ? (
              <Badge variant="danger">
                <CircleAlert className="size-3" aria-hidden="true" />
                {overdue} overdue
              </Badge>
            ) : null}
          </div>
          <p className="text-xs text-muted-foreground">Open tasks assigned to you, soonest first</p>
        </div>
        {limit && all.length > 0 ? (
          <Link
            href="/dashboard/tasks"
            className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
          >
            View all
            <ArrowRight className="size-3.5" aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      {tasks.isPending ? (
        <div role="status" className="divide-y divide-border" aria-busy="true" aria-label="Loading tasks">
          {[0, 1, 2].map((key) => (
            <div key={key} className="flex items-center gap-3 px-5 py-3.5">
              <Skeleton className="size-4.5" />
              <div className="flex-1">
                <Skeleton className="h-4 w-48" />
                <Skeleton className="mt-1.5 h-3 w-28" />
              </div>
            </div>
          ))}
        </div>
      ) : tasks.isError ? (
        <div className="p-5">
          <FormError message={`Could not load your tasks: ${readApiError(tasks.error).message}`} />
        </div>
      ) : shown.length === 0 ? (
        <EmptyState
          icon={ListChecks}
          title="No open tasks"
          description="Follow-up tasks on your leads, clients and deals show up here, soonest first."
          className="py-10"
        />
      ) : (
        <ul className="divide-y divide-border" aria-label="Open tasks">
          {shown.map((task) => (
            <TaskRow key={`${task.source}-${task.id}`} task={task} onToggle={(done) => toggle(task, done)} />
          ))}
        </ul>
      )}
      {limit && all.length > shown.length ? (
        <p className="mt-auto border-t border-border px-5 py-2.5 text-xs text-muted-foreground">
          {all.length - shown.length} more in{' '}
          <Link href="/dashboard/tasks" className="font-medium text-primary hover:underline">
            My tasks
          </Link>
        </p>
      ) : null}
    </Card>
  );
}

function TaskRow({ task, onToggle }: { task: MyTask; onToggle: (done: boolean) => void }) {
  const done = task.status === 'completed';
  const isOverdue = task.overdue && !done;
  const due = dueLabel(task.dueDate, { overdue: task.overdue, done });
  const checkboxId = useId();
  return (
    <li
      className={cn(
        'flex items-start gap-3 px-5 py-3 transition-colors',
        isOverdue && 'bg-red-50/60 shadow-[inset_3px_0_0_0_var(--color-destructive)]',
      )}
      data-testid="task-row"
      data-overdue={isOverdue ? 'true' : undefined}
    >
      <Checkbox
        id={checkboxId}
        className="mt-0.5"
        checked={done}
        onCheckedChange={(checked) => onToggle(checked === true)}
        aria-label={done ? `Mark “${task.subject}” as not done` : `Complete “${task.subject}”`}
      />
      <div className="min-w-0 flex-1">
        <label
          htmlFor={checkboxId}
          className={cn('block text-sm font-medium', done && 'text-muted-foreground line-through')}
        >
          {task.subject}
        </label>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          {isOverdue ? (
            <Badge variant="danger">{due.text}</Badge>
          ) : (
            <span
              className={cn(
                'inline-flex items-center gap-1',
                due.tone === 'today' && 'font-medium text-amber-700',
              )}
            >
              <CalendarClock className="size-3.5" aria-hidden="true" />
              {done ? 'Done' : due.text}
            </span>
          )}
          <span aria-hidden="true">·</span>
          <span>
            {relatedKind[task.related.kind]}:{' '}
            <Link
              href={relatedHref(task)}
              className="font-medium text-foreground hover:text-primary hover:underline"
            >
              {task.related.name || 'Untitled'}
            </Link>
          </span>
        </div>
      </div>
    </li>
  );
}
