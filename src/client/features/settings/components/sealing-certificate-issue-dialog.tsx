import { useState } from 'react';
import {
  certificateKeySizeChoices,
  type SealingAlgorithm,
  sealingAlgorithms,
} from '../../../../common/validation/certificates';
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
import { FormError } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { Notice } from '../../../components/ui/notice';
import { RadioTile } from '../../../components/ui/radio-tile';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useIssueSealingCertificate } from '../sealing-certificate-api';

const algorithmText: Record<SealingAlgorithm, { label: string; description: string }> = {
  RSA: { label: 'RSA', description: 'Read by every PDF viewer, old ones too. The usual choice.' },
  ECDSA: { label: 'ECDSA', description: 'Smaller, faster keys. Current viewers check them.' },
};

/** "Issue new certificate": the key to make, what happens to the old one, then issue. */
export function IssueCertificateDialog({
  open,
  onOpenChange,
  hasActive,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hasActive: boolean;
}) {
  const issue = useIssueSealingCertificate();
  const [algorithm, setAlgorithm] = useState<SealingAlgorithm>('RSA');
  const [keySize, setKeySize] = useState(2048);
  const [error, setError] = useState<string | null>(null);

  const choose = (next: SealingAlgorithm) => {
    setAlgorithm(next);
    setKeySize(certificateKeySizeChoices[next][0]?.value ?? 2048);
  };
  const close = (next: boolean) => {
    if (issue.isPending) return;
    if (!next) setError(null);
    onOpenChange(next);
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const certificate = await issue.mutateAsync({ algorithm, keySize });
      toast.success('New sealing certificate issued', {
        description: `Serial ${certificate.serialNumber}. Documents completed from now on are sealed with it.`,
      });
      onOpenChange(false);
    } catch (failure) {
      setError(readApiError(failure).message);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent size="md">
        <form
          onSubmit={submit}
          noValidate
          className="flex min-h-0 flex-1 flex-col"
          aria-label="Issue certificate"
        >
          <DialogHeader>
            <DialogTitle>Issue a new sealing certificate</DialogTitle>
            <DialogDescription>
              A new key and certificate from the platform CA seal your completed documents from now on.
            </DialogDescription>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-5">
            <FormError message={error} />
            <fieldset disabled={issue.isPending} className="flex flex-col gap-5">
              <legend className="mb-2 text-sm font-medium">Algorithm</legend>
              <div role="radiogroup" aria-label="Algorithm" className="-mt-3 grid gap-3 sm:grid-cols-2">
                {sealingAlgorithms.map((value) => (
                  <RadioTile
                    key={value}
                    name="certificate-algorithm"
                    value={value}
                    checked={algorithm === value}
                    onChange={() => choose(value)}
                    aria-label={algorithmText[value].label}
                    className="rounded-xl border border-border p-4 has-checked:border-primary has-checked:bg-primary-soft/50 has-focus-visible:outline-2 has-focus-visible:outline-primary"
                  >
                    <span className="block text-sm font-semibold">{algorithmText[value].label}</span>
                    <span className="mt-0.5 block text-xs text-muted-foreground">
                      {algorithmText[value].description}
                    </span>
                  </RadioTile>
                ))}
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="certificate-key-size">{algorithm === 'RSA' ? 'Key size' : 'Curve'}</Label>
                <Select
                  id="certificate-key-size"
                  value={String(keySize)}
                  onChange={(event) => setKeySize(Number(event.target.value))}
                >
                  {certificateKeySizeChoices[algorithm].map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </Select>
              </div>
            </fieldset>
            <Notice title="Documents sealed before stay valid">
              {hasActive
                ? 'The current certificate stops sealing and is kept: seals it made still verify against the CA chain. '
                : ''}
              EdDSA is not offered: PDF viewers cannot check EdDSA seals.
            </Notice>
          </DialogBody>
          <DialogFooter>
            <Button variant="secondary" onClick={() => close(false)} disabled={issue.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={issue.isPending}>
              {issue.isPending ? <Spinner /> : null}
              {issue.isPending ? 'Issuing certificate…' : 'Issue certificate'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
