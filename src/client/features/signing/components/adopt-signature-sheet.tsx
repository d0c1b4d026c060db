import SignaturePad from 'signature_pad';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import {
  bytesToDataUrl,
  checkSignatureUpload,
  cropCanvas,
  renderTypedSignature,
  scriptFontStack,
  sniffImageType,
  strokeBounds,
  strokeVectors,
} from '../signature-image';
import type { FieldValue } from '../signing-fields';
import { BottomSheet } from './bottom-sheet';
import { signerControlClassName } from './control-class';

type AdoptedImage = Extract<FieldValue, { kind: 'image' }>;
type Tab = 'draw' | 'type' | 'upload';

interface AdoptSignatureSheetProps {
  mode: 'signature' | 'initial';
  /** The signer's name: typed signatures start with it (initials with its initials). */
  suggestion: string;
  onAdopt: (image: AdoptedImage) => void;
  /** The first stroke, keystroke or file: the signature_started evidence event. */
  onStart: () => void;
  onClose: () => void;
}

const tabLabels: Record<Tab, string> = { draw: 'Draw', type: 'Type', upload: 'Upload' };

/** Adopt a signature (or initials) by drawing, typing or uploading it; it then fills the field. */
export function AdoptSignatureSheet({
  mode,
  suggestion,
  onAdopt,
  onStart,
  onClose,
}: AdoptSignatureSheetProps) {
  const [tab, setTab] = useState<Tab>('draw');
  const [image, setImage] = useState<AdoptedImage | null>(null);
  const started = useRef(false);
  const tabsId = useId();
  const noun = mode === 'signature' ? 'signature' : 'initials';
  const start = () => {
    if (started.current) return;
    started.current = true;
    onStart();
  };
  return (
    <BottomSheet
      title={mode === 'signature' ? 'Adopt your signature' : 'Adopt your initials'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" size="lg" className="flex-1" onClick={onClose}>
            Cancel
          </Button>
          <Button
            size="lg"
            className="flex-1"
            disabled={image === null}
            onClick={() => image && onAdopt(image)}
          >
            Adopt and sign
          </Button>
        </>
      }
    >
      <div
        role="tablist"
        aria-label={`How to make your ${noun}`}
        className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1"
      >
        {(Object.keys(tabLabels) as Tab[]).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${tabsId}-${key}`}
            aria-selected={tab === key}
            aria-controls={`${tabsId}-panel`}
            onClick={() => {
              setTab(key);
              setImage(null);
            }}
            className={cn(
              'h-11 rounded-md text-sm font-medium transition-colors',
              tab === key
                ? 'bg-surface text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {tabLabels[key]}
          </button>
        ))}
      </div>
      <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${tab}`} className="mt-4">
        {tab === 'draw' ? <DrawPanel noun={noun} onChange={setImage} onStart={start} /> : null}
        {tab === 'type' ? (
          <TypePanel noun={noun} suggestion={suggestion} onChange={setImage} onStart={start} />
        ) : null}
        {tab === 'upload' ? <UploadPanel noun={noun} onChange={setImage} onStart={start} /> : null}
      </div>
      <p className="mt-4 text-xs leading-5 text-muted-foreground">
        By selecting Adopt and sign, you agree that this {noun === 'signature' ? 'signature' : 'mark'} is your
        electronic {noun} and has the same effect as your handwritten {noun} on this document.
      </p>
    </BottomSheet>
  );
}

interface PanelProps {
  noun: string;
  onChange: (image: AdoptedImage | null) => void;
  onStart: () => void;
}

function DrawPanel({ noun, onChange, onStart }: PanelProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const begin = useEffectEvent(() => onStart());
  const end = useEffectEvent((pad: SignaturePad, canvas: HTMLCanvasElement, ratio: number) => {
    const strokes = strokeVectors(pad.toData());
    const bounds = strokeBounds(strokes, { width: canvas.offsetWidth, height: canvas.offsetHeight });
    onChange(
      pad.isEmpty() || !bounds
        ? null
        : {
            kind: 'image',
            signatureType: 'drawn',
            dataUrl: cropCanvas(canvas, bounds, ratio),
            vectorData: strokes,
          },
    );
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Drawn at the screen's density (at most 2×: sharper adds bytes, not legibility).
    const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { penColor: '#0f172a', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    const onBegin = () => begin();
    const onEnd = () => end(pad, canvas, ratio);
    pad.addEventListener('beginStroke', onBegin);
    pad.addEventListener('endStroke', onEnd);
    return () => {
      pad.removeEventListener('beginStroke', onBegin);
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  return (
    <div className="space-y-2">
      <p className="text-sm text-muted-foreground">Draw your {noun} with your finger, a pen or the mouse.</p>
      <div className="relative rounded-xl border border-border bg-white">
        <canvas
          ref={canvasRef}
          aria-label={`Draw your ${noun} here`}
          data-signature-pad
          className="block h-44 w-full touch-none rounded-xl"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-6 bottom-10 border-b border-slate-300"
        />
      </div>
      <Button
        variant="ghost"
        size="lg"
        onClick={() => {
          padRef.current?.clear();
          onChange(null);
        }}
      >
        Clear
      </Button>
    </div>
  );
}

function TypePanel({ noun, suggestion, onChange, onStart }: PanelProps & { suggestion: string }) {
  const [text, setText] = useState(suggestion);
  const inputId = useId();
  const emit = useEffectEvent((value: string) => {
    const trimmed = value.trim();
    onChange(
      trimmed === ''
        ? null
        : { kind: 'image', signatureType: 'typed', dataUrl: renderTypedSignature(trimmed) },
    );
  });
  useEffect(() => emit(text), [text]);
  return (
    <div className="space-y-3">
      <label htmlFor={inputId} className="text-sm font-medium">
        Type your {noun}
      </label>
      <input
        id={inputId}
        value={text}
        maxLength={80}
        autoComplete={noun === 'signature' ? 'name' : 'off'}
        onChange={(event) => {
          onStart();
          setText(event.target.value);
        }}
        className={`${signerControlClassName} h-12 text-base`}
      />
      <div
        aria-hidden="true"
        className="flex h-28 items-center justify-center overflow-hidden rounded-xl border border-border bg-white px-4 text-4xl text-slate-900"
        style={{ fontFamily: scriptFontStack }}
      >
        <span className="truncate">{text}</span>
      </div>
    </div>
  );
}

function UploadPanel({ noun, onChange, onStart }: PanelProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const inputId = useId();
  return (
    <div className="space-y-3">
      <label htmlFor={inputId} className="text-sm font-medium">
        A picture of your {noun} (PNG or JPEG, at most 500 KB)
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/png,image/jpeg"
        className="block w-full text-sm file:mr-3 file:h-11 file:rounded-lg file:border-0 file:bg-primary-soft file:px-4 file:font-medium file:text-primary-soft-foreground"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          onChange(null);
          setPreview(null);
          setProblem(null);
          if (!file) return;
          onStart();
          const bytes = new Uint8Array(await file.arrayBuffer());
          const refused = checkSignatureUpload(file.size, bytes);
          if (refused) {
            setProblem(refused);
            return;
          }
          const dataUrl = bytesToDataUrl(bytes, sniffImageType(bytes) ?? file.type);
          setPreview(dataUrl);
          onChange({ kind: 'image', signatureType: 'uploaded', dataUrl });
        }}
      />
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {preview ? (
        <div className="flex h-28 items-center justify-center rounded-xl border border-border bg-white p-2">
          <img src={preview} alt={`Your ${noun}`} className="max-h-full max-w-full object-contain" />
        </div>
      ) : null}
    </div>
  );
}
