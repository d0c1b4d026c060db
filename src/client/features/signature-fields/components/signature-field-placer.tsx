import { documentLockedMessage, isFrozenDocumentStatus } from '../../../../common/validation/documents';
import { Lock, RotateCcw, Save, X } from 'lucide-react';
import {
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { FormError } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { Notice } from '../../../components/ui/notice';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useMediaQuery } from '../../../lib/use-media-query';
import { PdfPages, type PdfPageBox } from '../../documents/components/pdf-pages';
import {
  type PlacerDocument,
  useDocumentFields,
  usePlacerClient,
  usePlacerDocument,
  useSaveDocumentFields,
} from '../api';
import {
  defaultFieldSettings,
  draftsFromSaved,
  errorsByField,
  type FieldDraft,
  type FieldType,
  fieldNameSchema,
  fieldTypeLabels,
  fieldTypeSizes,
  isFieldType,
  newKey,
  nextFieldName,
  type SavedSignatureField,
  type Signer,
  signerErrors,
  signerLabel,
  toPayload,
} from '../field-drafts';
import { boxAt, type Point, pointFromPixels, type Size } from '../geometry';
import { FieldBox } from './field-box';
import { FieldSettings } from './field-settings';
import { SignerList } from './signer-list';
import { fieldDragType, ToolPalette } from './tool-palette';

// The statuses whose content is frozen for signing (CONTRACT; the server answers 409 for them too).

/** Pages are drawn at most this wide (a Letter page at 96 dpi), narrower to fit a phone. */
const maxPageWidth = 816;

export interface SignatureFieldPlacerProps {
  documentId: string;
  /** The user may look but not change (e.g. no documents:edit permission). */
  readOnly?: boolean;
}

/**
 * Places signature fields on a document's rendered pages: drag a tool onto a page (or pick it and
 * click / tap / press Enter on a page), move and resize boxes, assign each to a signer, then Save
 * (one PUT replacing every field of the document).
 */
export function SignatureFieldPlacer({ documentId, readOnly = false }: SignatureFieldPlacerProps) {
  const document = usePlacerDocument(documentId);
  const saved = useDocumentFields(documentId);
  const clientId = document.data?.clientId ?? null;
  const client = usePlacerClient(clientId);

  if (document.isError || saved.isError) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border border-border bg-surface p-6">
        <FormError message={readApiError(document.error ?? saved.error).message} />
        <Button
          variant="secondary"
          onClick={() => {
            void document.refetch();
            void saved.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (!document.data || !saved.data || (clientId !== null && client.isPending)) {
    return (
      <div className="flex items-center justify-center py-24" aria-busy="true">
        <Spinner size="lg" className="text-primary" label="Loading the signature fields" />
      </div>
    );
  }
  // Without access to the client (or without an e-mail on file) the signer is typed in instead.
  const suggested = client.data
    ? [{ name: client.data.displayName ?? document.data.clientName ?? '', email: client.data.email ?? '' }]
    : document.data.clientName
      ? [{ name: document.data.clientName, email: '' }]
      : [];
  return (
    <PlacerEditor
      key={documentId}
      document={document.data}
      saved={saved.data.items}
      suggested={suggested}
      readOnly={readOnly}
    />
  );
}

interface PlacerEditorProps {
  document: PlacerDocument;
  saved: SavedSignatureField[];
  suggested: Omit<Signer, 'key'>[];
  readOnly: boolean;
}

interface PlacerErrors {
  byKey: Record<string, string>;
  other: string[];
}

const noErrors: PlacerErrors = { byKey: {}, other: [] };

function PlacerEditor({ document, saved, suggested, readOnly: readOnlyProp }: PlacerEditorProps) {
  const frozen = isFrozenDocumentStatus(document.status);
  const readOnly = readOnlyProp || frozen;
  const [initial] = useState(() => draftsFromSaved(saved, suggested));
  const [fields, setFields] = useState<FieldDraft[]>(initial.fields);
  const [signers, setSigners] = useState<Signer[]>(initial.signers);
  const [savedPayload, setSavedPayload] = useState(() =>
    JSON.stringify(toPayload(initial.fields, initial.signers)),
  );
  const [activeSignerKey, setActiveSignerKey] = useState(initial.signers[0]?.key ?? '');
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [armed, setArmed] = useState<FieldType | null>(null);
  const [errors, setErrors] = useState<PlacerErrors>(noErrors);
  const [showSignerErrors, setShowSignerErrors] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // Folded on phones until needed; opened when a signer's e-mail stops a save.
  const [signersOpen, setSignersOpen] = useState(false);
  const [removing, setRemoving] = useState<Signer | null>(null);
  const [pageSizes, setPageSizes] = useState<Record<number, Size>>({});
  const onMeasured = useCallback((pageNumber: number, size: Size) => {
    setPageSizes((current) => {
      const known = current[pageNumber];
      if (known && known.width === size.width && known.height === size.height) return current;
      return { ...current, [pageNumber]: size };
    });
  }, []);
  const isDesktop = useMediaQuery('(min-width: 1024px)');
  const save = useSaveDocumentFields(document.id);

  const payload = useMemo(() => toPayload(fields, signers), [fields, signers]);
  const dirty = JSON.stringify(payload) !== savedPayload;
  const selected = fields.find((field) => field.key === selectedKey) ?? null;
  const activeSigner = signers.find((signer) => signer.key === activeSignerKey) ?? signers[0];

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // The pages' width follows the space they have (a phone gets a page as wide as its screen).
  const [pagesElement, setPagesElement] = useState<HTMLElement | null>(null);
  const [pageWidth, setPageWidth] = useState(0);
  useEffect(() => {
    if (!pagesElement) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(Math.min(entry.contentRect.width, maxPageWidth));
      // A collapsed frame (0 px while the layout settles) keeps the last width: unmounting the
      // pages for it would collapse the frame again, and the two would chase each other.
      if (width < 100) return;
      setPageWidth((current) => (Math.abs(current - width) >= 4 ? width : current));
    });
    observer.observe(pagesElement);
    return () => observer.disconnect();
  }, [pagesElement]);

  const clearError = (key: string) =>
    setErrors((current) => {
      if (!(key in current.byKey)) return current;
      const { [key]: _, ...byKey } = current.byKey;
      return { ...current, byKey };
    });

  const updateField = (key: string, patch: Partial<FieldDraft>) => {
    setFields((current) => current.map((field) => (field.key === key ? { ...field, ...patch } : field)));
    clearError(key);
  };

  const deleteField = (key: string) => {
    setFields((current) => current.filter((field) => field.key !== key));
    clearError(key);
    setSelectedKey((current) => (current === key ? null : current));
  };

  const place = (type: FieldType, pageNumber: number, page: Size, center: Point) => {
    if (readOnly || !activeSigner) return;
    const key = newKey('field');
    const box = boxAt(center, page, fieldTypeSizes[type]);
    setFields((current) => [
      ...current,
      {
        key,
        ...box,
        fieldName: nextFieldName(type, current),
        fieldType: type,
        pageNumber,
        signerKey: activeSigner.key,
        isRequired: true,
        ...defaultFieldSettings,
      },
    ]);
    setArmed(null);
    setSelectedKey(key);
    focusField(key);
  };

  const addSigner = () => {
    const signer = { key: newKey('signer'), name: '', email: '' };
    setSigners((current) => [...current, signer]);
    setActiveSignerKey(signer.key);
  };

  const removeSigner = (signer: Signer) => {
    const remaining = signers.filter((candidate) => candidate.key !== signer.key);
    setSigners(remaining);
    setFields((current) => current.filter((field) => field.signerKey !== signer.key));
    if (activeSignerKey === signer.key) setActiveSignerKey(remaining[0]?.key ?? '');
    setRemoving(null);
  };

  const discard = () => {
    const fresh = draftsFromSaved(saved, suggested);
    setFields(fresh.fields);
    setSigners(fresh.signers);
    setActiveSignerKey(fresh.signers[0]?.key ?? '');
    setSelectedKey(null);
    setErrors(noErrors);
    setShowSignerErrors(false);
    setSavedPayload(JSON.stringify(toPayload(fresh.fields, fresh.signers)));
    setConfirmDiscard(false);
  };

  const onSave = () => {
    setShowSignerErrors(true);
    // The same rules the server applies, checked first so each problem shows where it is.
    const byKey: Record<string, string> = {};
    for (const field of fields) {
      const signer = signers.find((candidate) => candidate.key === field.signerKey);
      const problem =
        (signer ? signerErrors(signer).email : 'Pick a signer') ??
        fieldNameSchema.safeParse(field.fieldName).error?.issues[0]?.message;
      if (problem) byKey[field.key] = problem;
    }
    if (Object.keys(byKey).length > 0) {
      setErrors({ byKey, other: [] });
      setSignersOpen(true);
      const first = fields.find((field) => byKey[field.key]);
      if (first) setSelectedKey(first.key);
      toast.error('Some fields need attention before saving');
      return;
    }
    const sent = fields;
    save.mutate(payload, {
      onSuccess: (answer) => {
        const fresh = draftsFromSaved(answer.items, signers);
        setFields(fresh.fields);
        setSigners(fresh.signers);
        setActiveSignerKey(fresh.signers[0]?.key ?? '');
        setSelectedKey(null);
        setErrors(noErrors);
        setShowSignerErrors(false);
        setSavedPayload(JSON.stringify(toPayload(fresh.fields, fresh.signers)));
        toast.success(answer.items.length === 1 ? '1 field saved' : `${answer.items.length} fields saved`);
      },
      onError: (error) => {
        const { message, fieldErrors } = readApiError(error);
        const mapped = errorsByField(sent, fieldErrors);
        const onBoxes = Object.keys(mapped.byKey).length > 0;
        setErrors({
          byKey: mapped.byKey,
          other: mapped.other.length > 0 || !onBoxes ? [message, ...mapped.other] : [],
        });
        toast.error(message === 'Validation failed' ? 'Some fields need attention before saving' : message);
      },
    });
  };

  const overlay = (page: PdfPageBox) => {
    const size = { width: page.widthPoints, height: page.heightPoints };
    return (
      <PageOverlay
        page={page}
        armed={readOnly ? null : armed}
        onPlace={(type, center) => place(type, page.pageNumber, size, center)}
        onBackgroundClick={() => setSelectedKey(null)}
        onMeasured={onMeasured}
      >
        {fields
          .filter((field) => field.pageNumber === page.pageNumber)
          .map((field) => (
            <FieldBox
              key={field.key}
              field={field}
              signers={signers}
              page={size}
              scale={page.scale}
              selected={field.key === selectedKey}
              readOnly={readOnly}
              error={errors.byKey[field.key]}
              onSelect={() => setSelectedKey(field.key)}
              onChange={(box) => updateField(field.key, box)}
              onDelete={() => deleteField(field.key)}
            />
          ))}
      </PageOverlay>
    );
  };

  const settings = selected ? (
    <FieldSettings
      key={selected.key}
      field={selected}
      signers={signers}
      page={pageSizes[selected.pageNumber]}
      readOnly={readOnly}
      error={errors.byKey[selected.key]}
      onChange={(patch) => updateField(selected.key, patch)}
      onDelete={() => deleteField(selected.key)}
    />
  ) : null;

  const fieldCount = fields.length === 1 ? '1 field' : `${fields.length} fields`;
  const pages = (
    <section
      ref={setPagesElement}
      aria-label="Pages"
      className="min-w-0 flex-1 rounded-xl bg-slate-100 p-2 sm:p-6 dark:bg-slate-900"
    >
      {pageWidth > 0 ? (
        <PdfPages
          url={`/api/document-instances/${document.id}/pdf?v=${new Date(document.updatedAt).getTime()}`}
          width={pageWidth}
          overlay={overlay}
        />
      ) : null}
    </section>
  );
  const toolbar = (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2 text-sm">
          <span className="font-medium">{fieldCount}</span>
          {dirty ? <Badge variant="warning">Unsaved changes</Badge> : null}
        </div>
        {readOnly ? null : (
          <div className="flex gap-2">
            <Button
              variant="ghost"
              size="sm"
              disabled={!dirty || save.isPending}
              onClick={() => setConfirmDiscard(true)}
            >
              <RotateCcw aria-hidden="true" />
              Discard
            </Button>
            <Button size="sm" disabled={!dirty || save.isPending} onClick={onSave}>
              {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
              {save.isPending ? 'Saving…' : 'Save fields'}
            </Button>
          </div>
        )}
      </div>
      {readOnly ? null : (
        <>
          <div className="flex flex-col gap-1">
            <Label htmlFor="placer-active-signer" className="text-xs">
              New fields are for
            </Label>
            <Select
              id="placer-active-signer"
              className="h-9"
              value={activeSigner?.key ?? ''}
              onChange={(event) => setActiveSignerKey(event.target.value)}
            >
              {signers.map((signer) => (
                <option key={signer.key} value={signer.key}>
                  {signerLabel(signer)}
                </option>
              ))}
            </Select>
          </div>
          <ToolPalette armed={armed} disabled={readOnly} onArm={setArmed} />
        </>
      )}
    </>
  );
  const side = (
    <>
      {isDesktop && selected ? (
        <section aria-label="Selected field" className="flex flex-col gap-3 border-t border-border pt-4">
          <h3 className="text-sm font-semibold">{fieldTypeLabels[selected.fieldType]} field</h3>
          {settings}
        </section>
      ) : null}
      <details
        className={cn('group', isDesktop && 'border-t border-border pt-4')}
        open={isDesktop || signersOpen}
        onToggle={(event) => setSignersOpen(event.currentTarget.open)}
      >
        <summary className="cursor-pointer text-sm font-semibold lg:hidden">
          Signers ({signers.length})
        </summary>
        <div className="mt-3 lg:mt-0">
          <SignerList
            signers={signers}
            fields={fields}
            readOnly={readOnly}
            showErrors={showSignerErrors}
            onChange={setSigners}
            onAdd={addSigner}
            onRemove={(signer) =>
              fields.some((field) => field.signerKey === signer.key)
                ? setRemoving(signer)
                : removeSigner(signer)
            }
          />
        </div>
      </details>
    </>
  );
  return (
    <div className={cn('flex flex-col gap-4', selected && !isDesktop && 'pb-[55dvh]')}>
      {frozen ? (
        <Notice tone="warning" icon={Lock} title="Fields can no longer change">
          {documentLockedMessage}
        </Notice>
      ) : readOnlyProp ? (
        <Notice>You can see where the fields are, but your role cannot change them.</Notice>
      ) : null}
      <FormError message={errors.other.join(' ') || null} />
      {isDesktop ? (
        <div className="flex items-start gap-4">
          {pages}
          <aside
            aria-label="Signature field tools"
            className="sticky top-20 flex max-h-[calc(100dvh-6rem)] w-80 shrink-0 flex-col gap-5 overflow-y-auto rounded-xl border border-border bg-surface p-4"
          >
            {toolbar}
            {side}
          </aside>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {/* On a phone the tools stay in reach under the app bar while the pages scroll. */}
          <div
            role="region"
            aria-label="Signature field tools"
            className="sticky top-16 z-30 -mx-1 flex flex-col gap-3 rounded-xl border border-border bg-surface/95 p-3 shadow-sm backdrop-blur"
          >
            {toolbar}
          </div>
          <div className="rounded-xl border border-border bg-surface p-3">{side}</div>
          {pages}
        </div>
      )}
      {!isDesktop && selected ? (
        <section
          aria-label="Selected field"
          className="fixed inset-x-0 bottom-0 z-40 max-h-[55dvh] overflow-y-auto rounded-t-2xl border-t border-border bg-surface px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-[0_-8px_30px_rgba(15,23,42,0.18)]"
        >
          <div className="mx-auto mb-2 h-1 w-10 rounded-full bg-border" aria-hidden="true" />
          <div className="mb-3 flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold">{fieldTypeLabels[selected.fieldType]} field</h3>
            <Button variant="ghost" size="sm" onClick={() => setSelectedKey(null)}>
              <X aria-hidden="true" />
              Done
            </Button>
          </div>
          {settings}
        </section>
      ) : null}
      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title="Discard changes?"
        description="The fields go back to how they were last saved."
        confirmLabel="Discard changes"
        onConfirm={discard}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this signer?"
        description={`${signerLabel(removing ?? undefined)} and the ${
          fields.filter((field) => field.signerKey === removing?.key).length
        } fields assigned to them are removed when you save.`}
        confirmLabel="Remove signer"
        onConfirm={() => removing && removeSigner(removing)}
      />
    </div>
  );
}

interface PageOverlayProps {
  page: PdfPageBox;
  armed: FieldType | null;
  onPlace: (type: FieldType, center: Point) => void;
  onBackgroundClick: () => void;
  onMeasured: (pageNumber: number, size: Size) => void;
  children: ReactNode;
}

/** Focus a box just placed, so the keyboard can move it right away. */
function focusField(key: string) {
  requestAnimationFrame(() =>
    window.document.querySelector<HTMLElement>(`[data-field-key="${CSS.escape(key)}"]`)?.focus(),
  );
}

function acceptFieldDrag(event: DragEvent<HTMLDivElement>) {
  if (!event.dataTransfer.types.includes(fieldDragType)) return;
  event.preventDefault();
  event.dataTransfer.dropEffect = 'copy';
}

/** The layer over one page: takes drops, clicks and Enter to place a field, and holds its boxes. */
function PageOverlay({ page, armed, onPlace, onBackgroundClick, onMeasured, children }: PageOverlayProps) {
  useEffect(() => {
    onMeasured(page.pageNumber, { width: page.widthPoints, height: page.heightPoints });
  }, [onMeasured, page.pageNumber, page.widthPoints, page.heightPoints]);
  const pointAt = useCallback(
    (event: { clientX: number; clientY: number; currentTarget: HTMLElement }) => {
      const rect = event.currentTarget.getBoundingClientRect();
      return pointFromPixels({ x: event.clientX - rect.left, y: event.clientY - rect.top }, page.scale);
    },
    [page.scale],
  );
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (armed) onPlace(armed, pointAt(event));
    else onBackgroundClick();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || !armed) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPlace(armed, { x: page.widthPoints / 2, y: page.heightPoints / 2 });
    }
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const type = event.dataTransfer.getData(fieldDragType);
    if (!isFieldType(type)) return;
    event.preventDefault();
    onPlace(type, pointAt(event));
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the page is a drop target; keyboard users press Enter on it.
    <div
      data-field-page={page.pageNumber}
      tabIndex={armed ? 0 : -1}
      role={armed ? 'button' : undefined}
      aria-label={
        armed
          ? `Page ${page.pageNumber}: place the ${fieldTypeLabels[armed].toLowerCase()} field here`
          : undefined
      }
      className={cn(
        'absolute inset-0 outline-none',
        armed &&
          'cursor-crosshair ring-2 ring-primary/50 ring-inset focus-visible:ring-4 focus-visible:ring-primary',
      )}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onDragOver={acceptFieldDrag}
      onDrop={onDrop}
    >
      {children}
    </div>
  );
}
