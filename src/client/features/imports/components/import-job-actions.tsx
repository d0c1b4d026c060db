import { Ban, Download, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button, buttonClassName } from '../../../components/ui/button';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { type ImportJob, importEntityLabels, importErrorsUrl, useCancelImport, useUndoImport } from '../api';
import { canCancelImport, canUndoImport, hasImportErrors } from '../import-job-status';

const count = (n: number) => n.toLocaleString('en-US');

/** Cancel (while it runs), Download errors (failed rows with the reason), Undo (confirmed). */
export function ImportJobActions({ job, canManage }: { job: ImportJob; canManage: boolean }) {
  const cancel = useCancelImport();
  const undo = useUndoImport();
  const [confirmUndo, setConfirmUndo] = useState(false);
  const noun = importEntityLabels[job.entityType];

  return (
    <div className="flex flex-wrap gap-2 empty:hidden">
      {canManage && canCancelImport(job) ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={cancel.isPending}
          aria-label={`Cancel import ${job.name}`}
          onClick={() =>
            cancel.mutate(job.id, {
              onSuccess: () => toast.success('Cancelling: the import stops after the current batch'),
              onError: (error) => toast.error(`Could not cancel: ${readApiError(error).message}`),
            })
          }
        >
          <Ban className="size-4" aria-hidden="true" />
          Cancel
        </Button>
      ) : null}
      {hasImportErrors(job) ? (
        <a
          href={importErrorsUrl(job.id)}
          download
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          title={`The ${count(job.failedRecords)} rows not imported, with the reason for each`}
        >
          <Download aria-hidden="true" />
          Download errors
        </a>
      ) : null}
      {canManage && canUndoImport(job) ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setConfirmUndo(true)}
          aria-label={`Undo import ${job.name}`}
        >
          <Undo2 className="size-4" aria-hidden="true" />
          Undo
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirmUndo}
        onOpenChange={setConfirmUndo}
        title={`Undo "${job.name}"?`}
        description={undoDescription(job, noun)}
        confirmLabel="Undo import"
        pendingLabel="Undoing…"
        pending={undo.isPending}
        onConfirm={() =>
          undo.mutate(job, {
            onSuccess: () => {
              setConfirmUndo(false);
              toast.success('Import undone');
            },
            onError: (error) => {
              setConfirmUndo(false);
              toast.error(`Could not undo: ${readApiError(error).message}`);
            },
          })
        }
      />
    </div>
  );
}

/** What undo will do, in the job's own counts (created and updated when the server gives them). */
export function undoDescription(job: ImportJob, noun: { one: string; other: string }): string {
  const created = job.createdRecords ?? job.successfulRecords;
  const updated = job.updatedRecords ?? 0;
  const parts = [
    `The ${count(created)} ${created === 1 ? noun.one : noun.other} this import created ${created === 1 ? 'is' : 'are'} deleted`,
  ];
  if (updated > 0) parts.push(`the ${count(updated)} it updated get their earlier values back`);
  return `${parts.join(' and ')}. This cannot be reversed.`;
}
