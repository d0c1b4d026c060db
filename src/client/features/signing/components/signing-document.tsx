import { ChevronDown, ChevronRight } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useElementWidth } from '../../documents/use-element-width';
import {
  recordSigningEvent,
  type SigningField,
  SigningRequestError,
  type SigningView,
  signingPdfUrl,
  useSigningStep,
} from '../api';
import { currentDeviceTraits, deviceFingerprint } from '../device-fingerprint';
import { fieldScrollTop, pageScale } from '../field-layout';
import { initialsOf } from '../signature-image';
import {
  checkedValue,
  type FieldValue,
  type FieldValues,
  fieldErrorsById,
  finishPayloadFields,
  initialFieldValues,
  isFilled,
  nextFieldToFill,
  orderFields,
  validateFieldValue,
} from '../signing-fields';
import { DeclineSheet } from './decline-sheet';
import { FieldButton } from './field-button';
import { FieldValueSheet } from './field-value-sheet';
import { RequestIntro } from './request-intro';

// pdf.js and the signature pad load after the page has painted, so the first screen stays light.
const PdfPages = lazy(() =>
  import('../../documents/components/pdf-pages').then((m) => ({ default: m.PdfPages })),
);
const AdoptSignatureSheet = lazy(() =>
  import('./adopt-signature-sheet').then((m) => ({ default: m.AdoptSignatureSheet })),
);

type AdoptedImage = Extract<FieldValue, { kind: 'image' }>;
type Mark = 'signature' | 'initial';
type Sheet =
  | { kind: 'adopt'; field: SigningField; mark: Mark }
  | { kind: 'value'; field: SigningField }
  | { kind: 'decline' };

/** US Letter: the page size assumed where the API gave none. */
const letter = { width: 612, height: 792 };

/**
 * The document with the recipient's fields over its pages. A sticky bar walks the required fields
 * ("Next field") and, once each is filled and valid, sends everything at once ("Finish").
 */
export function SigningDocument({ token, view }: { token: string; view: SigningView }) {
  const fields = useMemo(() => orderFields(view.fields ?? []), [view.fields]);
  const [values, setValues] = useState<FieldValues>(() => initialFieldValues(fields));
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [adopted, setAdopted] = useState<Partial<Record<Mark, AdoptedImage>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [finishError, setFinishError] = useState<string | null>(null);
  // When the document opened: the session's length goes with the signature as evidence.
  const [openedAt] = useState(() => Date.now());
  const step = useSigningStep(token);
  const painted = useAfterFirstPaint();
  const [pagesRef, pagesWidth] = useElementWidth<HTMLDivElement>();
  const pageSizes = view.document.pages ?? [];
  const sizeOf = (page: number) => pageSizes[page - 1] ?? pageSizes[0] ?? letter;
  const drawnWidth = Math.min(pagesWidth, 900);

  const required = fields.filter((field) => field.isRequired);
  const requiredDone = required.filter((field) => isFilled(values[field.id])).length;
  const next = nextFieldToFill(fields, values, currentId);

  const setValue = (field: SigningField, value: FieldValue | undefined) => {
    setValues((current) => ({ ...current, [field.id]: value }));
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([id]) => id !== field.id)),
    );
    setFinishError(null);
  };

  const goTo = (field: SigningField) => {
    setCurrentId(field.id);
    scrollToField(field, pageScale(drawnWidth, sizeOf(field.page)));
  };

  const activate = (field: SigningField) => {
    recordSigningEvent(token, 'field_clicked', field.id);
    setCurrentId(field.id);
    if (field.fieldType === 'checkbox') {
      setValue(field, isFilled(values[field.id]) ? undefined : { kind: 'text', text: checkedValue });
      return;
    }
    if (field.fieldType === 'signature' || field.fieldType === 'initial') {
      const mark: Mark = field.fieldType;
      const ready = adopted[mark];
      // The adopted signature goes straight into the next signature field; tap a filled one to change it.
      if (ready && !isFilled(values[field.id])) setValue(field, ready);
      else setSheet({ kind: 'adopt', field, mark });
      return;
    }
    setSheet({ kind: 'value', field });
  };

  const finish = () => {
    const invalid = fields.find((field) => validateFieldValue(field, values[field.id]) !== null);
    if (invalid) {
      setFinishError(`${invalid.fieldName || 'A field'}: ${validateFieldValue(invalid, values[invalid.id])}`);
      goTo(invalid);
      return;
    }
    setFinishError(null);
    step.mutate(
      {
        action: 'finish',
        body: {
          fields: finishPayloadFields(fields, values),
          sessionDuration: Date.now() - openedAt,
          deviceFingerprint: deviceFingerprint(currentDeviceTraits()),
        },
      },
      {
        onError: (error) => {
          const byField = error instanceof SigningRequestError ? fieldErrorsById(error.fieldErrors) : {};
          setServerErrors(byField);
          const first = fields.find((field) => byField[field.id]);
          setFinishError(first ? `${first.fieldName || 'A field'}: ${byField[first.id]}` : error.message);
          if (first) goTo(first);
        },
      },
    );
  };

  const approving = view.recipient.role === 'approver';
  const bar = (
    <div className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface/95 shadow-[0_-4px_16px_rgb(15_23_42/0.08)] backdrop-blur">
      <div className="mx-auto flex max-w-5xl flex-col gap-2 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        {finishError ? (
          <p role="alert" className="text-sm text-destructive">
            {finishError}
          </p>
        ) : null}
        <div className="flex items-center gap-3">
          <p className="min-w-0 flex-1 text-sm text-muted-foreground" aria-live="polite">
            {required.length === 0
              ? 'No required fields'
              : `${requiredDone} of ${required.length} required ${required.length === 1 ? 'field' : 'fields'} done`}
          </p>
          {next ? (
            <Button size="lg" className="min-w-36" onClick={() => goTo(next)}>
              Next field
              <ChevronRight aria-hidden="true" />
            </Button>
          ) : (
            <Button size="lg" className="min-w-36" disabled={step.isPending} onClick={finish}>
              {step.isPending ? 'Finishing…' : approving ? 'Approve' : 'Finish'}
            </Button>
          )}
        </div>
      </div>
    </div>
  );

  return (
    <div className="pb-36">
      <div className="space-y-3 px-4 pt-5 pb-4">
        <RequestIntro view={view} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          {view.progress.totalSteps > 1 ? (
            <p className="text-xs text-muted-foreground">
              Signing step {view.progress.currentStep} of {view.progress.totalSteps}
            </p>
          ) : (
            <span />
          )}
          <button
            type="button"
            onClick={() => setSheet({ kind: 'decline' })}
            className="h-11 rounded-lg px-3 text-sm font-medium text-destructive hover:bg-red-50"
          >
            Decline to sign
          </button>
        </div>
        {view.document.documentHash ? <DocumentHash hash={view.document.documentHash} /> : null}
      </div>
      <div ref={pagesRef} className="px-3 sm:px-6">
        {painted && drawnWidth > 0 ? (
          <Suspense fallback={<PageFrames sizes={pageSizes} width={drawnWidth} />}>
            <PdfPages
              url={signingPdfUrl(token)}
              width={drawnWidth}
              overlay={({ pageNumber, scale }) =>
                fields
                  .filter((field) => field.page === pageNumber)
                  .map((field) => (
                    <FieldButton
                      key={field.id}
                      field={field}
                      value={values[field.id]}
                      scale={scale}
                      current={field.id === currentId}
                      error={serverErrors[field.id]}
                      onActivate={() => activate(field)}
                    />
                  ))
              }
            />
          </Suspense>
        ) : (
          <PageFrames sizes={pageSizes} width={drawnWidth} />
        )}
      </div>
      {bar}
      {sheet?.kind === 'adopt' ? (
        <Suspense fallback={null}>
          <AdoptSignatureSheet
            mode={sheet.mark}
            suggestion={sheet.mark === 'signature' ? view.recipient.name : initialsOf(view.recipient.name)}
            onStart={() => recordSigningEvent(token, 'signature_started', sheet.field.id)}
            onClose={() => setSheet(null)}
            onAdopt={(image) => {
              setAdopted((current) => ({ ...current, [sheet.mark]: image }));
              setValue(sheet.field, image);
              setSheet(null);
            }}
          />
        </Suspense>
      ) : null}
      {sheet?.kind === 'value' ? (
        <FieldValueSheet
          field={sheet.field}
          value={values[sheet.field.id]}
          serverError={serverErrors[sheet.field.id]}
          onClose={() => setSheet(null)}
          onSave={(value) => {
            setValue(sheet.field, value);
            setSheet(null);
          }}
        />
      ) : null}
      {sheet?.kind === 'decline' ? (
        <DeclineSheet
          senderName={view.sender.name}
          pending={step.isPending}
          error={step.error && step.variables?.action === 'decline' ? step.error.message : null}
          onClose={() => setSheet(null)}
          onDecline={(reason) => step.mutate({ action: 'decline', body: { reason } })}
        />
      ) : null}
    </div>
  );
}

/** How long "Next field" waits for pdf.js to draw the field's page (it may still be loading). */
const fieldWaitMs = 8000;

/**
 * Scrolls the field into the upper third of the screen and focuses it. Its page may not be drawn
 * yet (pdf.js loads after the first paint, far pages only near the screen): it scrolls to the page
 * as soon as the page's frame exists, then focuses the field once it is drawn there.
 */
function scrollToField(field: SigningField, scale: number) {
  const started = Date.now();
  let scrolled = false;
  const attempt = () => {
    const page = document.querySelector<HTMLElement>(`[data-page-number="${field.page}"]`);
    if (page && !scrolled) {
      scrolled = true;
      const pageTop = page.getBoundingClientRect().top + window.scrollY;
      window.scrollTo({ top: fieldScrollTop(pageTop, field, scale, window.innerHeight), behavior: 'smooth' });
    }
    const target = document.querySelector<HTMLElement>(`[data-field-id="${field.id}"]`);
    if (scrolled && target) {
      target.focus({ preventScroll: true });
      return;
    }
    if (Date.now() - started < fieldWaitMs) window.setTimeout(attempt, 100);
  };
  attempt();
}

/** The document's SHA-256 as recorded at sending, folded away until asked for. */
function DocumentHash({ hash }: { hash: string }) {
  return (
    <details className="group rounded-lg border border-border bg-surface text-sm">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 font-medium [&::-webkit-details-marker]:hidden">
        <ChevronDown
          className="size-4 -rotate-90 transition-transform group-open:rotate-0"
          aria-hidden="true"
        />
        Document fingerprint (SHA-256)
      </summary>
      <div className="border-t border-border px-3 py-2">
        <code className="block font-mono text-xs break-all text-muted-foreground">{hash}</code>
        <p className="mt-1 text-xs text-muted-foreground">
          The document you sign is exactly the one with this fingerprint, as it was sent.
        </p>
      </div>
    </details>
  );
}

/** The pages' places before pdf.js has drawn them (sizes from the API, so nothing jumps). */
function PageFrames({ sizes, width }: { sizes: { width: number; height: number }[]; width: number }) {
  const shown = sizes.length > 0 ? sizes.slice(0, 2) : [letter];
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-4"
      aria-busy="true"
      aria-label="Loading the document"
    >
      {shown.map((size, index) => (
        <div
          // oxlint-disable-next-line react/no-array-index-key -- pages have no identity but their place.
          key={index}
          className="animate-pulse bg-muted"
          style={{ width: width || '100%', height: width ? (width * size.height) / size.width : 480 }}
        />
      ))}
    </div>
  );
}

/** False for the first paint, true right after: what can wait is mounted then. */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(() => setPainted(true), 0));
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted;
}
