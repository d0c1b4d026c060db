import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { type FieldDraft, type Signer, signerColor, signerErrors } from '../field-drafts';

interface SignerListProps {
  signers: Signer[];
  fields: FieldDraft[];
  readOnly: boolean;
  /** Show e-mail problems even on fields not touched yet (after a Save attempt). */
  showErrors: boolean;
  onChange: (signers: Signer[]) => void;
  onAdd: () => void;
  onRemove: (signer: Signer) => void;
}

/** Who signs: a name and an e-mail each, in the colour their boxes are drawn in. */
export function SignerList({
  signers,
  fields,
  readOnly,
  showErrors,
  onChange,
  onAdd,
  onRemove,
}: SignerListProps) {
  const update = (key: string, patch: Partial<Signer>) =>
    onChange(signers.map((signer) => (signer.key === key ? { ...signer, ...patch } : signer)));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Signers</h3>
        {readOnly ? null : (
          <Button size="sm" variant="ghost" onClick={onAdd} disabled={signers.length >= 10}>
            <Plus aria-hidden="true" />
            Add signer
          </Button>
        )}
      </div>
      <ul className="flex flex-col gap-3">
        {signers.map((signer, index) => {
          const count = fields.filter((field) => field.signerKey === signer.key).length;
          const errors = signerErrors(signer);
          const emailError = showErrors || signer.email !== '' ? errors.email : undefined;
          const nameId = `signer-${signer.key}-name`;
          const emailId = `signer-${signer.key}-email`;
          return (
            <li key={signer.key} className="rounded-lg border border-border bg-surface p-3">
              <div className="mb-2 flex items-center justify-between gap-2">
                <span className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
                  <span
                    className={cn('size-2.5 rounded-full', signerColor(signers, signer.key).dot)}
                    aria-hidden="true"
                  />
                  Signer {index + 1} · {count === 1 ? '1 field' : `${count} fields`}
                </span>
                {readOnly || signers.length <= 1 ? null : (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="h-7 px-2 text-muted-foreground hover:text-destructive"
                    onClick={() => onRemove(signer)}
                    aria-label={`Remove signer ${index + 1}${count ? ` and their ${count} fields` : ''}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
              </div>
              <div className="flex flex-col gap-2">
                <div className="flex flex-col gap-1">
                  <Label htmlFor={nameId} className="text-xs">
                    Name
                  </Label>
                  <Input
                    {...fieldA11y(nameId, errors.name)}
                    className="h-9"
                    value={signer.name}
                    readOnly={readOnly}
                    maxLength={255}
                    autoComplete="off"
                    onChange={(event) => update(signer.key, { name: event.target.value })}
                  />
                  {errors.name ? (
                    <p id={`${nameId}-error`} className="text-xs font-medium text-destructive">
                      {errors.name}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-col gap-1">
                  <Label htmlFor={emailId} className="text-xs">
                    E-mail
                  </Label>
                  <Input
                    {...fieldA11y(emailId, emailError)}
                    className="h-9"
                    type="email"
                    value={signer.email}
                    readOnly={readOnly}
                    maxLength={254}
                    autoComplete="off"
                    onChange={(event) => update(signer.key, { email: event.target.value })}
                  />
                  {emailError ? (
                    <p id={`${emailId}-error`} className="text-xs font-medium text-destructive">
                      {emailError}
                    </p>
                  ) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
