import { FileCheck2, LockKeyhole, Search, Upload } from 'lucide-react';
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { normalizeVerificationId } from '../../../common/signing/verification-id';
import { Logo } from '../../components/logo';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { type LookupOutcome, type LookupQuery, lookupSeal, sha256OfFile } from './verify-api';
import { NotFoundCard, SealedCard } from './seal-result';

type Via = 'file' | 'id';

type LookupState =
  | { status: 'idle' }
  | { status: 'loading'; via: Via; label: string }
  | { status: 'done'; via: Via; label: string; outcome: LookupOutcome }
  | { status: 'error'; via: Via; message: string };

const maxFileBytes = 200 * 1024 * 1024;
const invalidIdMessage =
  'Enter the 16-character id from the completion certificate, like 7K3M-9Q2D-XW4P-8RTN.';

/** The public /verify page: a sealed PDF (hashed in the browser) or a verification id, looked up. */
let lookupTicket = 0;

/** Runs a lookup and reports its outcome, unless a newer lookup started meanwhile. */
async function settle(
  setState: (state: LookupState) => void,
  ticket: number,
  via: Via,
  label: string,
  query: () => Promise<LookupQuery>,
) {
  try {
    const outcome = await lookupSeal(await query());
    if (ticket === lookupTicket) setState({ status: 'done', via, label, outcome });
  } catch (error) {
    if (ticket === lookupTicket) {
      setState({ status: 'error', via, message: error instanceof Error ? error.message : String(error) });
    }
  }
}

/** The id a link from the completion certificate carries (?id=), as typed there. */
const idInUrl = () => new URLSearchParams(window.location.search).get('id')?.slice(0, 40) ?? '';

/** The public /verify page: a sealed PDF (hashed in the browser) or a verification id, looked up. */
export function VerifyPage() {
  useDocumentTitle('Verify a sealed document');
  const [arrivalId] = useState(() => normalizeVerificationId(idInUrl()));
  const [state, setState] = useState<LookupState>(() =>
    arrivalId ? { status: 'loading', via: 'id', label: arrivalId } : { status: 'idle' },
  );
  const [idInput, setIdInput] = useState(() => arrivalId ?? idInUrl());
  const [idError, setIdError] = useState<string | null>(() =>
    idInUrl() && !arrivalId ? invalidIdMessage : null,
  );
  const [dragging, setDragging] = useState(false);
  const fileInputId = useId();
  const idInputId = useId();
  const resultRef = useRef<HTMLDivElement>(null);

  const run = (via: Via, label: string, query: () => Promise<LookupQuery>) => {
    setState({ status: 'loading', via, label });
    void settle(setState, ++lookupTicket, via, label, query);
  };

  const checkFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > maxFileBytes) {
      setState({
        status: 'error',
        via: 'file',
        message: 'This file is larger than 200 MB: no sealed PDF is.',
      });
      return;
    }
    run('file', file.name, async () => ({ sha256: await sha256OfFile(file) }));
  };

  const lookUpId = (value: string) => {
    const id = normalizeVerificationId(value);
    if (!id) {
      setIdError(invalidIdMessage);
      return;
    }
    setIdError(null);
    setIdInput(id);
    run('id', id, async () => ({ verificationId: id }));
  };

  // Arriving with ?id=: the lookup starts at once (its loading state is the initial state).
  useEffect(() => {
    if (arrivalId)
      void settle(setState, ++lookupTicket, 'id', arrivalId, async () => ({ verificationId: arrivalId }));
  }, [arrivalId]);

  useEffect(() => {
    if (state.status === 'done') resultRef.current?.focus();
  }, [state.status]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    checkFile(event.dataTransfer.files[0]);
  };

  const onSubmitId = (event: FormEvent) => {
    event.preventDefault();
    lookUpId(idInput);
  };

  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-3 px-4">
          <Logo />
          <p className="flex shrink-0 items-center gap-1.5 text-xs text-muted-foreground">
            <LockKeyhole className="size-3.5" aria-hidden="true" />
            Document verification
          </p>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-8 sm:py-12">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
            Verify a sealed document
          </h1>
          <p className="mt-2 text-sm leading-6 text-muted-foreground sm:text-base">
            Check that a PDF is exactly the one Locus sealed after everyone signed, and that its audit trail
            is intact. Your file is checked on this device and never uploaded: only its SHA-256 fingerprint is
            looked up.
          </p>
        </div>

        <section className="grid gap-4 md:grid-cols-[3fr_2fr]">
          <label
            htmlFor={fileInputId}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="verify-drop-zone"
            className={cn(
              'flex min-h-44 cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed bg-surface px-4 py-6 text-center transition-colors',
              'focus-within:border-primary focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary',
              dragging ? 'border-primary bg-primary/5' : 'border-border hover:border-primary/60',
            )}
          >
            <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <Upload className="size-5" aria-hidden="true" />
            </span>
            <span className="text-sm font-medium">Drop the sealed PDF here</span>
            <span className="text-xs text-muted-foreground">or press to choose a file</span>
            <input
              id={fileInputId}
              type="file"
              accept="application/pdf,.pdf"
              className="sr-only"
              aria-label="Choose the sealed PDF to verify"
              onChange={(event) => {
                checkFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>

          <form
            onSubmit={onSubmitId}
            noValidate
            className="flex flex-col justify-center gap-3 rounded-2xl border border-border bg-surface p-5"
          >
            <label htmlFor={idInputId} className="text-sm font-medium">
              Verification id
            </label>
            <p className="-mt-2 text-xs text-muted-foreground">
              Printed on the completion certificate, the last page.
            </p>
            <Input
              id={idInputId}
              value={idInput}
              onChange={(event) => setIdInput(event.target.value)}
              placeholder="7K3M-9Q2D-XW4P-8RTN"
              maxLength={40}
              autoComplete="off"
              spellCheck={false}
              className="font-mono uppercase"
              aria-invalid={idError ? true : undefined}
              aria-describedby={idError ? `${idInputId}-error` : undefined}
            />
            {idError ? (
              <p id={`${idInputId}-error`} className="text-xs text-destructive">
                {idError}
              </p>
            ) : null}
            <Button type="submit" variant="secondary">
              <Search aria-hidden="true" />
              Look up
            </Button>
          </form>
        </section>

        <div ref={resultRef} tabIndex={-1} aria-live="polite" className="scroll-mt-20 outline-none">
          {state.status === 'loading' ? (
            <div className="flex items-center gap-3 rounded-2xl border border-border bg-surface px-5 py-4 text-sm text-muted-foreground">
              <Spinner />
              {state.via === 'file' ? `Checking ${state.label}…` : `Looking up ${state.label}…`}
            </div>
          ) : null}
          {state.status === 'error' ? (
            <p
              role="alert"
              className="rounded-2xl border border-amber-300 bg-amber-50 px-5 py-4 text-sm text-amber-900"
            >
              {state.message}
            </p>
          ) : null}
          {state.status === 'done' ? (
            <div className="space-y-3">
              <p className="flex items-center gap-2 text-xs text-muted-foreground">
                <FileCheck2 className="size-3.5" aria-hidden="true" />
                {state.via === 'file' ? `Checked ${state.label}` : `Verification id ${state.label}`}
              </p>
              {state.outcome.kind === 'found' ? (
                <SealedCard result={state.outcome.result} via={state.via} />
              ) : (
                <NotFoundCard via={state.via} />
              )}
            </div>
          ) : null}
        </div>
      </main>
    </div>
  );
}
