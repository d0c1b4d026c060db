import { Eraser } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { useClearSampleData } from '../api';
import { describeSampleCounts, type SampleDataCounts } from '../sample-data-model';

interface ClearSampleDataButtonProps {
  counts: SampleDataCounts;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

/** "Clear sample data", confirmed first: the dialog stays open (pending) until the lists are fresh. */
export function ClearSampleDataButton({ counts, variant = 'secondary', size }: ClearSampleDataButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const clear = useClearSampleData();

  const confirm = () => clear.mutate(undefined, { onSuccess: () => setConfirming(false) });

  return (
    <>
      <Button variant={variant} size={size} onClick={() => setConfirming(true)}>
        <Eraser aria-hidden="true" />
        Clear sample data
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Clear sample data?"
        description={`The sample records (${describeSampleCounts(counts)}) and their activities are deleted. Records you added yourself are kept. This cannot be undone.`}
        confirmLabel="Clear sample data"
        pendingLabel="Clearing…"
        pending={clear.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
