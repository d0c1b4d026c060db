import { MessageCircleOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

export const chatUnavailableMessage =
  'Live chat is not available at the moment. Please use the contact form in the Support tab for assistance.';

interface ChatUnavailableDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpenSupport: () => void;
}

/** "Chat with us" (spec §2, §8): chat is always unavailable; the notice points to the Support tab. */
export function ChatUnavailableDialog({ open, onOpenChange, onOpenSupport }: ChatUnavailableDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <DialogHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-lg bg-muted text-muted-foreground">
            <MessageCircleOff className="size-5" aria-hidden="true" />
          </div>
          <DialogTitle>Chat Unavailable</DialogTitle>
          <DialogDescription className="pb-2">{chatUnavailableMessage}</DialogDescription>
        </DialogHeader>
        <DialogFooter className="mt-4">
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
          <Button
            onClick={() => {
              onOpenChange(false);
              onOpenSupport();
            }}
          >
            Go to Support
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
