import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { BottomSheet } from './bottom-sheet';
import { signerControlClassName } from './control-class';

/** declineSigningSchema's message (the API says the same). */
export const declineReasonMessage = 'Please give a reason for declining';
const maxReasonLength = 10_000;

interface DeclineSheetProps {
  senderName: string;
  pending: boolean;
  error: string | null;
  onDecline: (reason: string) => void;
  onClose: () => void;
}

/** Decline to sign: a reason for the sender, then a confirmation; the link then stops working. */
export function DeclineSheet({ senderName, pending, error, onDecline, onClose }: DeclineSheetProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const submit = () => {
    if (reason.trim() === '') {
      setProblem(declineReasonMessage);
      return;
    }
    onDecline(reason.trim());
  };
  const message = problem ?? error;
  return (
    <BottomSheet
      title="Decline to sign"
      description={`${senderName} will see your reason. You can't sign this document with this link afterwards.`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" size="lg" className="flex-1" onClick={onClose}>
            Keep signing
          </Button>
          <Button variant="destructive" size="lg" className="flex-1" disabled={pending} onClick={submit}>
            {pending ? 'Declining…' : 'Decline'}
          </Button>
        </>
      }
    >
      <label htmlFor={inputId} className="text-sm font-medium">
        Reason
      </label>
      <textarea
        id={inputId}
        rows={4}
        value={reason}
        maxLength={maxReasonLength}
        aria-invalid={message ? true : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setProblem(null);
        }}
        className={`${signerControlClassName} mt-1.5 py-2 text-base`}
      />
      {message ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </BottomSheet>
  );
}
