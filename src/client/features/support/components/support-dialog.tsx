import { LifeBuoy } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { SupportForm } from './support-form';

interface SupportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The support form in a dialog (spec §2): it resets and closes on success. */
export function SupportDialog({ open, onOpenChange }: SupportDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary">
            <LifeBuoy className="size-5" aria-hidden="true" />
          </div>
          <DialogTitle>Contact support</DialogTitle>
          <DialogDescription>
            Report a problem or suggest an improvement. Our support team reads every request.
          </DialogDescription>
        </DialogHeader>
        <DialogBody>
          <SupportForm
            onSubmitted={() => onOpenChange(false)}
            secondaryAction={
              <DialogClose asChild>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
            }
          />
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
