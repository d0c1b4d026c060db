import { FileUp, FileText, X } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
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
import { fieldA11y, FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Progress } from '../../../components/ui/progress';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { formatFileSize } from '../../../lib/format-file-size';
import { toast } from '../../../lib/toast';
import { ClientPicker } from '../../deals/components/client-picker';
import { useUploadDocument } from '../api';
import { checkPdfFile, nameFromFileName } from '../upload-checks';
import { ClientDealSelect } from './client-deal-select';

export interface UploadPdfDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record the upload starts from (a client page, a deal page): chosen already. */
  client?: { id: string; name: string } | null;
  dealId?: string | null;
}

/**
 * Upload a PDF (a county's claim form) as a document: drop or pick the file, link it to a client
 * and deal, name it. The browser checks what it can (type, size) before sending; the server's
 * checks (damaged, encrypted, too many pages) come back as its messages.
 */
export function UploadPdfDialog({ open, onOpenChange, client, dealId }: UploadPdfDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <UploadPdfForm client={client ?? null} dealId={dealId ?? ''} onClose={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function UploadPdfForm({
  client,
  dealId: initialDealId,
  onClose,
}: {
  client: { id: string; name: string } | null;
  dealId: string;
  onClose: () => void;
}) {
  const [, navigate] = useLocation();
  const ids = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  // The file's name fills the name until the user types one of their own.
  const [nameTyped, setNameTyped] = useState(false);
  const [clientId, setClientId] = useState(client?.id ?? '');
  const [dealId, setDealId] = useState(initialDealId);
  const [dragging, setDragging] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadDocument(setProgress);

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    // A new file: the server's word on the last one no longer applies.
    upload.reset();
    const problem = checkPdfFile(picked);
    setFileError(problem);
    if (problem) return;
    setFile(picked);
    if (!nameTyped) setName(nameFromFileName(picked.name));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const submit = () => {
    if (!file) {
      setFileError('Choose a PDF to upload');
      return;
    }
    if (name.trim().length < 2) {
      setNameError('Name must be at least 2 characters');
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, name: name.trim(), clientId: clientId || undefined, dealId: dealId || undefined },
      {
        onSuccess: (document) => {
          toast.success('PDF uploaded', { description: document.name });
          onClose();
          navigate(`/documents/instances/${document.id}`);
        },
      },
    );
  };

  const serverError = upload.error ? readApiError(upload.error).message : null;

  return (
    <DialogContent size="md">
      <DialogHeader>
        <DialogTitle>Upload a PDF</DialogTitle>
        <DialogDescription>
          A form you already have, such as a county's claim form. Up to 20 MB and 500 pages.
        </DialogDescription>
      </DialogHeader>
      <form
        className="flex min-h-0 flex-1 flex-col"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogBody className="flex flex-col gap-4">
          <div>
            <button
              type="button"
              onClick={() => inputRef.current?.click()}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              aria-describedby={fileError ? `${ids}-file-error` : undefined}
              className={cn(
                'flex w-full flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                dragging ? 'border-primary bg-primary-soft' : 'border-border hover:bg-muted/50',
                fileError && 'border-destructive',
              )}
            >
              {file ? (
                <span className="flex items-center gap-2 text-sm font-medium">
                  <FileText className="size-5 text-primary" aria-hidden="true" />
                  <span className="max-w-[16rem] truncate">{file.name}</span>
                  <span className="text-muted-foreground">{formatFileSize(file.size)}</span>
                </span>
              ) : (
                <>
                  <FileUp className="size-6 text-primary" aria-hidden="true" />
                  <span className="text-sm font-medium">Drop a PDF here or choose a file</span>
                  <span className="text-xs text-muted-foreground">PDF only, up to 20 MB</span>
                </>
              )}
            </button>
            <input
              ref={inputRef}
              type="file"
              accept="application/pdf,.pdf"
              className="sr-only"
              tabIndex={-1}
              aria-label="PDF file"
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            {file ? (
              <Button
                variant="ghost"
                size="sm"
                className="mt-1"
                onClick={() => {
                  setFile(null);
                  upload.reset();
                }}
              >
                <X aria-hidden="true" />
                Remove file
              </Button>
            ) : null}
            {fileError ? (
              <p
                id={`${ids}-file-error`}
                role="alert"
                className="mt-1.5 text-xs font-medium text-destructive"
              >
                {fileError}
              </p>
            ) : null}
          </div>

          <FormField id={`${ids}-name`} label="Name" error={nameError ?? undefined}>
            <Input
              {...fieldA11y(`${ids}-name`, nameError ?? undefined)}
              value={name}
              maxLength={255}
              onChange={(event) => {
                setName(event.target.value);
                setNameTyped(true);
                setNameError(null);
              }}
            />
          </FormField>

          <FormField id={`${ids}-client`} label="Client" labelAside="Optional">
            <ClientPicker
              id={`${ids}-client`}
              value={clientId}
              selectedName={client?.name}
              onChange={(id) => {
                setClientId(id);
                setDealId('');
              }}
            />
          </FormField>

          <ClientDealSelect id={`${ids}-deal`} clientId={clientId} value={dealId} onChange={setDealId} />

          {upload.isPending ? (
            <div className="flex flex-col gap-1.5">
              <Progress value={Math.round(progress * 100)} aria-label="Upload progress" />
              <p className="text-xs text-muted-foreground">
                {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Checking the PDF…'}
              </p>
            </div>
          ) : null}
          <FormError message={serverError} />
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? <Spinner /> : <FileUp aria-hidden="true" />}
            {upload.isPending ? 'Uploading…' : 'Upload PDF'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
