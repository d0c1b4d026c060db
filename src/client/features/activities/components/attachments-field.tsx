import { Link2, Paperclip, X } from 'lucide-react';
import {
  type ChangeEvent,
  type ComponentProps,
  type KeyboardEvent,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { attachmentMaxBytes } from '../../../../common/constants';
import {
  attachmentSchema,
  emptyFileMessage,
  fileTooLargeMessage,
} from '../../../../common/validation/activities';
import { toFieldErrors } from '../../../../common/validation/common';
import { Button } from '../../../components/ui/button';
import { fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Progress } from '../../../components/ui/progress';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { formatFileSize } from '../../../lib/format-file-size';
import { type ActivityAttachment, uploadAttachment } from '../api';
import { AttachmentLabel } from './attachment-label';

interface Upload {
  key: number;
  name: string;
  /** 0…1 while the bytes go out. */
  progress: number;
  error?: string;
}

/** What the activity form asks of its attachments when it is submitted. */
export interface AttachmentsFieldHandle {
  /**
   * Adds a link still being typed, as its Add button would (an empty one is ignored). False when
   * that link is invalid: its error shows, focused, and the activity must not be saved without it.
   */
  addPendingLink: () => boolean;
}

interface LinkEditorHandle {
  addIfTyped: () => boolean;
}

interface AttachmentsFieldProps {
  ref?: Ref<AttachmentsFieldHandle>;
  attachments: ActivityAttachment[];
  onAdd: (attachment: ActivityAttachment) => void;
  onRemove: (index: number) => void;
  /** True while a file is still uploading (the activity should not be saved without it). */
  onBusyChange: (busy: boolean) => void;
  disabled?: boolean;
}

/** Why a chosen file cannot be uploaded, before sending it (the server says the same). */
function fileProblem(file: File): string | null {
  if (file.size === 0) return emptyFileMessage;
  if (file.size > attachmentMaxBytes) return fileTooLargeMessage;
  return null;
}

/**
 * The activity form's attachments: files uploaded as they are chosen (with progress and the
 * server's message when one is refused) and links by name and URL. Each can be removed before
 * the activity is saved.
 */
export function AttachmentsField({
  ref,
  attachments,
  onAdd,
  onRemove,
  onBusyChange,
  disabled,
}: AttachmentsFieldProps) {
  const id = useId();
  const nextKey = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [linking, setLinking] = useState(false);
  const linkEditor = useRef<LinkEditorHandle>(null);
  const busy = uploads.some((upload) => upload.error === undefined);

  useImperativeHandle(ref, () => ({ addPendingLink: () => linkEditor.current?.addIfTyped() ?? true }), []);

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const patchUpload = (key: number, patch: Partial<Upload> | null) =>
    setUploads((current) =>
      patch === null
        ? current.filter((upload) => upload.key !== key)
        : current.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)),
    );

  const send = async (file: File) => {
    const key = nextKey.current++;
    const problem = fileProblem(file);
    setUploads((current) => [...current, { key, name: file.name, progress: 0, error: problem ?? undefined }]);
    if (problem) return;
    try {
      const uploaded = await uploadAttachment(file, (progress) => patchUpload(key, { progress }));
      onAdd({ name: uploaded.name, url: uploaded.url, size: uploaded.size });
      patchUpload(key, null);
    } catch (error) {
      patchUpload(key, { error: readApiError(error).message });
    }
  };

  const onFilesChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared so choosing the same file again (after removing it) is a change too.
    event.target.value = '';
    for (const file of files) void send(file);
  };

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-1.5 flex w-full items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-foreground">Attachments</span>
        <span className="text-xs text-muted-foreground">Optional</span>
      </legend>

      {attachments.length > 0 ? (
        <ul aria-label="Attached" className="flex flex-col gap-1.5">
          {attachments.map((attachment, index) => (
            <li
              key={`${index}-${attachment.url}`}
              className="flex min-w-0 items-center gap-2 rounded-lg border border-border bg-surface py-1 pr-1 pl-2.5 text-sm"
            >
              <span className="flex min-w-0 flex-1 items-center gap-1.5 text-foreground">
                <AttachmentLabel attachment={attachment} />
              </span>
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                onClick={() => onRemove(index)}
                disabled={disabled}
                aria-label={`Remove ${attachment.name}`}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      {uploads.map((upload) =>
        upload.error === undefined ? (
          <div
            key={upload.key}
            className="flex flex-col gap-1.5 rounded-lg border border-dashed border-border px-2.5 py-2 text-sm"
          >
            <div className="flex items-center gap-2">
              <Spinner size="sm" className="text-primary" />
              <span className="min-w-0 flex-1 truncate">Uploading {upload.name}…</span>
              <span className="text-xs text-muted-foreground tabular-nums">
                {Math.round(upload.progress * 100)}%
              </span>
            </div>
            <Progress value={upload.progress * 100} aria-label={`Uploading ${upload.name}`} />
          </div>
        ) : (
          <div
            key={upload.key}
            role="alert"
            className="flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 py-1 pr-1 pl-2.5 text-sm text-red-800"
          >
            <span className="min-w-0 flex-1">
              <span className="font-medium break-all">{upload.name}</span>: {upload.error}
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="size-7 text-red-800 hover:bg-red-100"
              onClick={() => patchUpload(upload.key, null)}
              aria-label={`Dismiss the error about ${upload.name}`}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        ),
      )}

      {linking ? (
        <LinkEditor
          ref={linkEditor}
          onAdd={(link) => {
            onAdd(link);
            setLinking(false);
          }}
          onCancel={() => setLinking(false)}
        />
      ) : null}

      <div className="flex flex-wrap items-center gap-2">
        {/* A real button opens the chooser, so role queries and the keyboard find one control;
            the input itself stays out of the page, labelled for setInputFiles and assistive tech. */}
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          aria-label="Attach file"
          disabled={disabled}
          onChange={onFilesChosen}
        />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => fileInput.current?.click()}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
        >
          {busy ? <Spinner /> : <Paperclip aria-hidden="true" />}
          Attach file
        </Button>
        {linking ? null : (
          <Button variant="secondary" size="sm" onClick={() => setLinking(true)} disabled={disabled}>
            <Link2 aria-hidden="true" />
            Add link
          </Button>
        )}
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          Files up to {formatFileSize(attachmentMaxBytes)} each.
        </span>
      </div>
    </fieldset>
  );
}

interface LinkEditorProps {
  ref: Ref<LinkEditorHandle>;
  onAdd: (link: ActivityAttachment) => void;
  onCancel: () => void;
}

/**
 * Name and URL of a link, checked with the shared attachment rule. It sits inside the activity
 * form, so Enter adds the link rather than saving the activity.
 */
function LinkEditor({ ref, onAdd, onCancel }: LinkEditorProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<{ name?: string; url?: string }>({});
  const nameInput = useRef<HTMLInputElement>(null);
  const urlInput = useRef<HTMLInputElement>(null);

  useEffect(() => nameInput.current?.focus(), []);

  /** Adds the link if it is valid; otherwise shows why and focuses the first field to fix. */
  const add = () => {
    const parsed = attachmentSchema.safeParse({ name, url });
    if (parsed.success) {
      onAdd({ name: parsed.data.name, url: parsed.data.url });
      return true;
    }
    const found = Object.fromEntries(toFieldErrors(parsed.error.issues).map((e) => [e.path, e.message]));
    setErrors({ name: found.name, url: found.url });
    (found.name ? nameInput : urlInput).current?.focus();
    return false;
  };

  useImperativeHandle(ref, () => ({ addIfTyped: () => (name.trim() === '' && url.trim() === '') || add() }));

  const addOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <div
      role="group"
      aria-label="Add link"
      className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-2.5 sm:flex-row sm:items-start"
    >
      <LinkInput
        id={`${id}-name`}
        label="Link name"
        error={errors.name}
        inputRef={nameInput}
        className="flex-1"
        placeholder="Name, e.g. County record"
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={addOnEnter}
      />
      <LinkInput
        id={`${id}-url`}
        label="Link URL"
        error={errors.url}
        inputRef={urlInput}
        className="flex-[1.4]"
        type="url"
        inputMode="url"
        placeholder="https://…"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        onKeyDown={addOnEnter}
      />
      <div className="flex gap-1.5">
        <Button size="sm" onClick={add}>
          Add
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

interface LinkInputProps extends Omit<ComponentProps<'input'>, 'id' | 'className'> {
  id: string;
  label: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/** A compact input of the link editor: its label for screen readers, its error below. */
function LinkInput({ id, label, error, inputRef, className, ...props }: LinkInputProps) {
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input ref={inputRef} {...fieldA11y(id, error)} className="h-8" {...props} />
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
