import { Anchor, Plus, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormError, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { anchorPositions, signatureFieldTypes } from '../../../../common/allowed-values';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import {
  type AnchorDraft,
  anchorErrors,
  anchorPositionLabels,
  anchorsFromSaved,
  anchorsPayload,
  type KeptField,
  newAnchor,
  signerTokens,
} from '../anchor-drafts';
import { useSaveTemplateFields, useTemplateFields } from '../api';
import { fieldTypeLabels, fieldTypeSizes, isFieldType, type SavedSignatureField } from '../field-drafts';

export interface TemplateFieldAnchorsProps {
  templateId: string;
  readOnly?: boolean;
}

/**
 * A template's signature fields found by text: "a signature box after ‘Claimant signature:’".
 * When a document is generated from the template, each lands where its anchor text was drawn.
 */
export function TemplateFieldAnchors({ templateId, readOnly = false }: TemplateFieldAnchorsProps) {
  const fields = useTemplateFields(templateId);
  if (fields.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormError message={readApiError(fields.error).message} />
        <Button variant="secondary" size="sm" onClick={() => void fields.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!fields.data) {
    return (
      <div className="flex justify-center py-8" aria-busy="true">
        <Spinner label="Loading the template's fields" />
      </div>
    );
  }
  return (
    <AnchorsEditor key={templateId} templateId={templateId} saved={fields.data.items} readOnly={readOnly} />
  );
}

function AnchorsEditor({
  templateId,
  saved,
  readOnly,
}: {
  templateId: string;
  saved: SavedSignatureField[];
  readOnly: boolean;
}) {
  const [initial] = useState(() => anchorsFromSaved(saved));
  const [anchors, setAnchors] = useState<AnchorDraft[]>(initial.anchors);
  const [kept, setKept] = useState<KeptField[]>(initial.kept);
  const [savedBody, setSavedBody] = useState(() =>
    JSON.stringify(anchorsPayload(initial.anchors, initial.kept)),
  );
  const [showErrors, setShowErrors] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, string>>({});
  const save = useSaveTemplateFields(templateId);

  const body = anchorsPayload(anchors, kept);
  const dirty = JSON.stringify(body) !== savedBody;

  const update = (key: string, patch: Partial<AnchorDraft>) => {
    setAnchors((current) => current.map((anchor) => (anchor.key === key ? { ...anchor, ...patch } : anchor)));
    setServerFieldErrors((current) => {
      const { [key]: _, ...rest } = current;
      return rest;
    });
  };

  const onSave = () => {
    setShowErrors(true);
    setServerError(null);
    if (anchors.some((anchor) => Object.values(anchorErrors(anchor)).some(Boolean))) {
      toast.error('Some fields need attention before saving');
      return;
    }
    save.mutate(body, {
      onSuccess: (answer) => {
        const fresh = anchorsFromSaved(answer.items);
        setAnchors(fresh.anchors);
        setKept(fresh.kept);
        setSavedBody(JSON.stringify(anchorsPayload(fresh.anchors, fresh.kept)));
        setShowErrors(false);
        setServerFieldErrors({});
        toast.success('Template fields saved');
      },
      onError: (error) => {
        const { message, fieldErrors } = readApiError(error);
        const byKey: Record<string, string> = {};
        for (const [path, text] of Object.entries(fieldErrors)) {
          const match = /^fields\.(\d+)/.exec(path);
          const anchor = match ? anchors[Number(match[1])] : undefined;
          if (anchor) byKey[anchor.key] ??= text;
        }
        setServerFieldErrors(byKey);
        setServerError(Object.keys(byKey).length > 0 ? null : message);
        toast.error(message === 'Validation failed' ? 'Some fields need attention before saving' : message);
      },
    });
  };

  return (
    <section aria-labelledby="template-anchors-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="template-anchors-heading" className="flex items-center gap-2 text-base font-semibold">
            <Anchor className="size-4 text-muted-foreground" aria-hidden="true" />
            Signature fields
          </h2>
          <p className="mt-1 max-w-prose text-sm text-muted-foreground">
            Each field is placed next to a piece of text in the template, so it lands in the right spot on
            every document made from it, however long the merged text gets.
          </p>
        </div>
        {readOnly ? null : (
          <div className="flex items-center gap-2">
            {dirty ? <Badge variant="warning">Unsaved changes</Badge> : null}
            <Button size="sm" disabled={!dirty || save.isPending} onClick={onSave}>
              {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
              {save.isPending ? 'Saving…' : 'Save fields'}
            </Button>
          </div>
        )}
      </div>
      <FormError message={serverError} />
      {anchors.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
          No anchored fields yet. Add one for each place a signer signs, initials or dates.
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {anchors.map((anchor, index) => (
            <AnchorRow
              key={anchor.key}
              anchor={anchor}
              index={index}
              readOnly={readOnly}
              showErrors={showErrors}
              serverError={serverFieldErrors[anchor.key]}
              onChange={(patch) => update(anchor.key, patch)}
              onRemove={() =>
                setAnchors((current) => current.filter((candidate) => candidate.key !== anchor.key))
              }
            />
          ))}
        </ol>
      )}
      {kept.length > 0 ? (
        <div className="rounded-lg border border-border bg-muted/40 px-4 py-3 text-sm">
          <p className="font-medium">Fields with a fixed position</p>
          <ul className="mt-2 flex flex-col gap-1.5">
            {kept.map(({ key, saved: field }) => (
              <li key={key} className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate">
                  {field.fieldName} · page {field.pageNumber ?? 1}
                  {field.signerEmail ? ` · ${field.signerEmail}` : ''}
                </span>
                {readOnly ? null : (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="h-7 px-2 text-muted-foreground hover:text-destructive"
                    aria-label={`Remove ${field.fieldName}`}
                    onClick={() => setKept((current) => current.filter((candidate) => candidate.key !== key))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {readOnly ? null : (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() => setAnchors((current) => [...current, newAnchor('signature', current)])}
          disabled={anchors.length + kept.length >= 100}
        >
          <Plus aria-hidden="true" />
          Add field
        </Button>
      )}
    </section>
  );
}

interface AnchorRowProps {
  anchor: AnchorDraft;
  index: number;
  readOnly: boolean;
  showErrors: boolean;
  serverError?: string;
  onChange: (patch: Partial<AnchorDraft>) => void;
  onRemove: () => void;
}

function AnchorRow({ anchor, index, readOnly, showErrors, serverError, onChange, onRemove }: AnchorRowProps) {
  const id = (name: string) => `anchor-${anchor.key}-${name}`;
  const errors = showErrors ? anchorErrors(anchor) : {};
  const offset = (name: 'offsetX' | 'offsetY', label: string) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id(name)} className="text-xs">
        {label}
      </Label>
      <Input
        id={id(name)}
        className="h-9"
        type="number"
        inputMode="numeric"
        step={1}
        min={-500}
        max={500}
        readOnly={readOnly}
        value={anchor[name]}
        onChange={(event) => {
          const value = Math.round(Number(event.target.value));
          if (event.target.value !== '' && Number.isFinite(value))
            onChange({ [name]: Math.max(-500, Math.min(500, value)) });
        }}
      />
    </div>
  );
  return (
    <li
      className="rounded-lg border border-border bg-surface p-3"
      aria-label={`Field ${index + 1}: ${anchor.fieldName}`}
    >
      {serverError ? (
        <p role="alert" className="mb-2 rounded-md bg-red-50 px-3 py-2 text-xs font-medium text-red-800">
          {serverError}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor={id('type')} className="text-xs">
            Type
          </Label>
          <Select
            id={id('type')}
            className="h-9"
            value={anchor.fieldType}
            disabled={readOnly}
            onChange={(event) => {
              const type = event.target.value;
              if (isFieldType(type)) onChange({ fieldType: type, ...fieldTypeSizes[type] });
            }}
          >
            {signatureFieldTypes.map((type) => (
              <option key={type} value={type}>
                {fieldTypeLabels[type]}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={id('signer')} className="text-xs">
            Signer
          </Label>
          <Select
            id={id('signer')}
            className="h-9"
            value={anchor.signer}
            disabled={readOnly}
            onChange={(event) => onChange({ signer: event.target.value === 'sender' ? 'sender' : 'client' })}
          >
            <option value="client">{signerTokens.client.label}</option>
            <option value="sender">{signerTokens.sender.label}</option>
          </Select>
        </div>
        <div className="col-span-2 flex flex-col gap-1">
          <Label htmlFor={id('name')} className="text-xs">
            Field name
          </Label>
          <Input
            {...fieldA11y(id('name'), errors.fieldName)}
            className="h-9"
            value={anchor.fieldName}
            readOnly={readOnly}
            maxLength={255}
            onChange={(event) => onChange({ fieldName: event.target.value })}
          />
          {errors.fieldName ? (
            <p id={`${id('name')}-error`} className="text-xs font-medium text-destructive">
              {errors.fieldName}
            </p>
          ) : null}
        </div>
        <div className="col-span-2 flex flex-col gap-1">
          <Label htmlFor={id('anchor')} className="text-xs">
            Anchor text
          </Label>
          <Input
            {...fieldA11y(id('anchor'), errors.textAnchor, `${id('anchor')}-hint`)}
            className="h-9"
            placeholder="e.g. Claimant signature:"
            value={anchor.textAnchor}
            readOnly={readOnly}
            maxLength={255}
            onChange={(event) => onChange({ textAnchor: event.target.value })}
          />
          {errors.textAnchor ? (
            <p id={`${id('anchor')}-error`} className="text-xs font-medium text-destructive">
              {errors.textAnchor}
            </p>
          ) : (
            <p id={`${id('anchor')}-hint`} className="text-xs text-muted-foreground">
              Words exactly as they appear in the template.
            </p>
          )}
        </div>
        <div className="col-span-2 flex flex-col gap-1">
          <Label htmlFor={id('position')} className="text-xs">
            Position
          </Label>
          <Select
            id={id('position')}
            className="h-9"
            value={anchor.anchorPosition}
            disabled={readOnly}
            onChange={(event) => {
              const position = anchorPositions.find((candidate) => candidate === event.target.value);
              if (position) onChange({ anchorPosition: position });
            }}
          >
            {anchorPositions.map((position) => (
              <option key={position} value={position}>
                {anchorPositionLabels[position]}
              </option>
            ))}
          </Select>
        </div>
        {offset('offsetX', 'Offset X (pt)')}
        {offset('offsetY', 'Offset Y (pt)')}
        <div className="col-span-2 flex items-center gap-3 sm:col-span-2">
          <Switch
            id={id('required')}
            checked={anchor.isRequired}
            disabled={readOnly}
            onCheckedChange={(checked) => onChange({ isRequired: checked })}
          />
          <Label htmlFor={id('required')}>Required</Label>
        </div>
        {readOnly ? null : (
          <div className="col-span-2 flex items-center justify-end">
            <Button
              size="sm"
              variant="ghost"
              className="text-muted-foreground hover:text-destructive"
              onClick={onRemove}
              aria-label={`Remove ${anchor.fieldName || `field ${index + 1}`}`}
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
