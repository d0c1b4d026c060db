import { Trophy, XCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/cn';
import type { ReasonRequirement } from '../board-model';

export interface PendingReasonMove {
  dealId: string;
  dealName: string;
  toStage: string;
  requirement: ReasonRequirement;
}

interface ReasonDialogProps {
  pending: PendingReasonMove | null;
  submitting?: boolean;
  onCancel: () => void;
  onConfirm: (reasonId: string, note: string) => void;
}

/** Asks why a deal was won or lost before it moves into a closing stage. */
export function ReasonDialog({ pending, submitting = false, onCancel, onConfirm }: ReasonDialogProps) {
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && !submitting && onCancel()}>
      <DialogContent size="sm">
        {pending ? (
          <ReasonForm pending={pending} submitting={submitting} onCancel={onCancel} onConfirm={onConfirm} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ReasonForm({
  pending,
  submitting,
  onCancel,
  onConfirm,
}: Required<ReasonDialogProps> & { pending: PendingReasonMove }) {
  const [reasonId, setReasonId] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const won = pending.requirement.type === 'won';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reasonId) {
      setError('Please choose a reason');
      return;
    }
    onConfirm(reasonId, note.trim());
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex min-h-0 flex-1 flex-col"
      aria-label="Choose a reason"
    >
      <DialogHeader>
        <div
          className={cn(
            'mb-2 flex size-10 items-center justify-center rounded-full',
            won ? 'bg-emerald-50 text-emerald-600' : 'bg-red-50 text-red-600',
          )}
        >
          {won ? (
            <Trophy className="size-5" aria-hidden="true" />
          ) : (
            <XCircle className="size-5" aria-hidden="true" />
          )}
        </div>
        <DialogTitle>{won ? 'Why was this deal won?' : 'Why was this deal lost?'}</DialogTitle>
        <DialogDescription>
          Moving <span className="font-medium text-foreground">{pending.dealName}</span> to{' '}
          <span className="font-medium text-foreground">{pending.toStage}</span>. The reason is kept in the
          deal's history.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <fieldset aria-describedby={error ? 'move-reason-error' : undefined}>
          <legend className="mb-2 text-sm font-medium">Reason</legend>
          <div className="flex flex-col gap-2">
            {pending.requirement.reasons.map((reason) => (
              <label
                key={reason.id}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors',
                  reasonId === reason.id
                    ? 'border-primary bg-primary-soft/60 text-foreground'
                    : 'border-border hover:bg-muted/60',
                )}
              >
                <input
                  type="radio"
                  name="move-reason"
                  value={reason.id}
                  checked={reasonId === reason.id}
                  onChange={() => {
                    setReasonId(reason.id);
                    setError(null);
                  }}
                  className="size-4 accent-[var(--color-primary)]"
                />
                {reason.name}
              </label>
            ))}
          </div>
          {error ? (
            <p id="move-reason-error" className="mt-2 text-xs font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </fieldset>
        <FormField id="move-reason-note" label="Note" labelAside="Optional">
          <Textarea
            id="move-reason-note"
            rows={3}
            value={note}
            maxLength={2000}
            onChange={(event) => setNote(event.target.value)}
            placeholder={won ? 'e.g. Check received from the county on 3/14' : 'e.g. Heir declined our offer'}
          />
        </FormField>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={submitting}>
          {submitting ? <Spinner /> : null}
          Move to {pending.toStage}
        </Button>
      </DialogFooter>
    </form>
  );
}
