import { MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { Tooltip } from '../../../components/ui/tooltip';
import { toast } from '../../../lib/toast';
import { canSendFeedback, useSendFeedback } from '../api';

/**
 * The feedback button fixed at the bottom-right corner (spec §2) and its dialog: a message, Send
 * and Cancel. While sending, Send reads "Sending..." and both buttons are disabled (spec §4).
 * On phones the button ends the page instead of floating, where it would cover full-width content.
 */
export function FeedbackButton() {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const send = useSendFeedback();
  const sending = send.isPending;

  const onSend = () => {
    if (!canSendFeedback(message) || sending) return;
    send.mutate(message, {
      onSuccess: () => {
        toast.success("Thank you for your feedback! We'll review it shortly.");
        setMessage('');
        setOpen(false);
      },
      onError: () => toast.error('Failed to send feedback. Please try again.'),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !sending && setOpen(next)}>
      <Tooltip content="Send feedback" side="left">
        <DialogTrigger asChild>
          <button
            type="button"
            className="mx-4 mb-4 inline-flex h-11 items-center gap-2 self-end rounded-full bg-primary px-4 text-sm font-medium text-primary-foreground shadow-lg ring-1 ring-black/5 transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:fixed sm:right-6 sm:bottom-[calc(var(--locus-bottom-inset,0px)+1.5rem)] sm:z-30 sm:m-0"
          >
            <MessageSquarePlus className="size-5 shrink-0" aria-hidden="true" />
            Feedback
          </button>
        </DialogTrigger>
      </Tooltip>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Send feedback</DialogTitle>
          <DialogDescription>
            Tell us what works, what doesn't, or what you'd like to see next. We read every message.
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSend();
          }}
          className="flex min-h-0 flex-1 flex-col"
        >
          <DialogBody>
            <Label htmlFor="feedback-message">Your feedback</Label>
            <Textarea
              id="feedback-message"
              className="mt-1.5"
              rows={5}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              placeholder="What's on your mind?"
              disabled={sending}
            />
          </DialogBody>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={sending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSendFeedback(message) || sending}>
              {sending ? <Spinner /> : null}
              {sending ? 'Sending...' : 'Send'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
