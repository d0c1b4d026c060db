import { Send } from 'lucide-react';
import { useState } from 'react';
import { maxLength } from '../../../../common/validation/common';
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
import { fieldA11y, FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { type RecipientView, useResendToRecipient } from '../api';

interface ResendDialogProps {
  requestId: string;
  recipient: RecipientView | null;
  onOpenChange: (open: boolean) => void;
}

/** A new link to the same or a corrected address: the old link stops working at once. */
export function ResendDialog({ requestId, recipient, onOpenChange }: ResendDialogProps) {
  return (
    <Dialog open={recipient !== null} onOpenChange={onOpenChange}>
      {recipient ? (
        <DialogContent size="sm">
          <ResendForm requestId={requestId} recipient={recipient} onClose={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ResendForm({
  requestId,
  recipient,
  onClose,
}: {
  requestId: string;
  recipient: RecipientView;
  onClose: () => void;
}) {
  const [email, setEmail] = useState(recipient.email);
  const [name, setName] = useState(recipient.name);
  const resend = useResendToRecipient(requestId);
  const error = resend.error ? readApiError(resend.error) : null;
  const emailError = error?.fieldErrors.email;
  const nameError = error?.fieldErrors.name;
  const id = `resend-${recipient.id}`;
  return (
    <form
      className="flex min-h-0 flex-1 flex-col"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const changedEmail = email.trim() !== recipient.email ? email.trim() : undefined;
        const changedName = name.trim() !== recipient.name ? name.trim() : undefined;
        resend.mutate(
          {
            recipientId: recipient.id,
            ...(changedEmail !== undefined ? { email: changedEmail } : {}),
            ...(changedName !== undefined ? { name: changedName } : {}),
          },
          {
            onSuccess: (updated) => {
              toast.success('Link sent again', { description: updated.email });
              onClose();
            },
          },
        );
      }}
    >
      <DialogHeader>
        <DialogTitle>Resend to {recipient.name}</DialogTitle>
        <DialogDescription>
          Correct the address if it was wrong. A new link is e-mailed; the previous one stops working.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <FormField id={`${id}-email`} label="E-mail" error={emailError}>
          <Input
            {...fieldA11y(`${id}-email`, emailError)}
            type="email"
            value={email}
            maxLength={maxLength.email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-name`} label="Name" error={nameError}>
          <Input
            {...fieldA11y(`${id}-name`, nameError)}
            value={name}
            maxLength={maxLength.line}
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
        <FormError message={error && !emailError && !nameError ? error.message : null} />
      </DialogBody>
      <DialogFooter>
        <Button type="button" variant="secondary" onClick={onClose} disabled={resend.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={resend.isPending}>
          {resend.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          {resend.isPending ? 'Sending…' : 'Resend link'}
        </Button>
      </DialogFooter>
    </form>
  );
}
