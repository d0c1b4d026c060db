import { ArrowRight } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
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
import { ClientPicker } from '../../deals/components/client-picker';
import { documentCreateHref } from '../document-links';
import { ClientDealSelect } from './client-deal-select';

/** Every document belongs to a client: pick one (and maybe a deal), then the create page. */
export function NewDocumentDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <NewDocumentForm onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function NewDocumentForm({ onClose }: { onClose: () => void }) {
  const [, navigate] = useLocation();
  const ids = useId();
  const [clientId, setClientId] = useState('');
  const [dealId, setDealId] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <DialogContent size="sm">
      <DialogHeader>
        <DialogTitle>New document</DialogTitle>
        <DialogDescription>Choose who the document is for; you pick the template next.</DialogDescription>
      </DialogHeader>
      <form
        className="flex min-h-0 flex-1 flex-col"
        onSubmit={(event) => {
          event.preventDefault();
          if (!clientId) {
            setError('Choose a client');
            return;
          }
          onClose();
          navigate(documentCreateHref(clientId, dealId || null));
        }}
      >
        <DialogBody className="flex flex-col gap-4">
          <FormField id={`${ids}-client`} label="Client" error={error}>
            <ClientPicker
              id={`${ids}-client`}
              value={clientId}
              invalid={error !== undefined}
              describedBy={error ? `${ids}-client-error` : undefined}
              onChange={(id) => {
                setClientId(id);
                setDealId('');
                setError(undefined);
              }}
            />
          </FormField>
          <ClientDealSelect id={`${ids}-deal`} clientId={clientId} value={dealId} onChange={setDealId} />
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">
            Continue
            <ArrowRight aria-hidden="true" />
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
