import { Unlink } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteEntityRelationship } from '../records-api';

/** Removes a link between two records after asking; both records stay. */
export function UnlinkButton({
  relationshipId,
  name,
  from,
}: {
  relationshipId: string;
  /** The linked record shown in the row. */
  name: string;
  /** The record whose page this is. */
  from: string;
}) {
  const unlink = useDeleteEntityRelationship();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 shrink-0 text-muted-foreground"
        onClick={() => setConfirming(true)}
      >
        <Unlink aria-hidden="true" />
        <span className="sr-only">Unlink {name}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Unlink ${name}?`}
        description={`${name} will no longer be linked to ${from}. Both records stay.`}
        confirmLabel="Unlink"
        pendingLabel="Unlinking…"
        pending={unlink.isPending}
        onConfirm={async () => {
          try {
            await unlink.mutateAsync(relationshipId);
            setConfirming(false);
            toast.success('Link removed', { description: name });
          } catch (error) {
            toast.error('The link was not removed', { description: readApiError(error).message });
          }
        }}
      />
    </>
  );
}
