import { Eye } from 'lucide-react';
import { useState } from 'react';
import {
  startSupportAccessSchema,
  supportAccessReasonMaxLength,
} from '../../../../common/validation/support-access';
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
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { readApiError } from '../../../lib/api';
import { useStartSupportAccess } from '../api/support-access';

const reasonHint = 'Written to the organization’s audit log, with your name.';

/**
 * "Open as this user": asks why (the reason goes to the organization's audit log), then opens the
 * organization read-only as that user for 30 minutes, starting at their dashboard.
 */
export function StartSupportAccessButton({
  organizationId,
  userId,
  userName,
}: {
  organizationId: string;
  userId: string;
  userName: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={`Open as this user: ${userName}`}
      >
        <Eye aria-hidden="true" />
        Open as this user
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent size="md">
          {open ? (
            <StartForm
              organizationId={organizationId}
              userId={userId}
              userName={userName}
              onCancel={() => setOpen(false)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function StartForm({
  organizationId,
  userId,
  userName,
  onCancel,
}: {
  organizationId: string;
  userId: string;
  userName: string;
  onCancel: () => void;
}) {
  const start = useStartSupportAccess();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = { organizationId, userId, reason };
    const checked = startSupportAccessSchema.safeParse(input);
    if (!checked.success) {
      setError(checked.error.issues.find((issue) => issue.path[0] === 'reason')?.message);
      if (!checked.error.issues.some((issue) => issue.path[0] === 'reason'))
        setFormError(checked.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    setError(undefined);
    try {
      await start.mutateAsync(checked.data);
    } catch (failure) {
      const { message, fieldErrors } = readApiError(failure);
      setError(fieldErrors.reason);
      if (!fieldErrors.reason) setFormError(message);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex min-h-0 flex-1 flex-col"
      aria-label="Start support access"
    >
      <DialogHeader>
        <DialogTitle>Open as {userName}</DialogTitle>
        <DialogDescription>
          You will see the organization exactly as {userName} does, read-only, for 30 minutes. Every page you
          open is recorded in their audit log.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <FormError message={formError} />
        <FormField id="support-access-reason" label="Reason" error={error} hint={reasonHint}>
          <Textarea
            {...fieldA11y('support-access-reason', error, reasonHint)}
            value={reason}
            rows={3}
            maxLength={supportAccessReasonMaxLength}
            placeholder="e.g. Ticket 1042: deals missing from the pipeline"
            disabled={start.isPending || start.isSuccess}
            onChange={(event) => setReason(event.target.value)}
          />
        </FormField>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={start.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={start.isPending || start.isSuccess}>
          {start.isPending || start.isSuccess ? <Spinner /> : <Eye aria-hidden="true" />}
          Start support access
        </Button>
      </DialogFooter>
    </form>
  );
}
