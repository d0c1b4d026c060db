import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Logo } from '../../../components/logo';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useRemoveLogo, useUploadLogo } from '../api';
import { checkLogoFile, readAsDataUrl } from '../logo-file';

interface LogoUploadProps {
  logo: string | null;
  organizationName: string;
  canEdit: boolean;
}

/** The organization's logo: shown in the navigation bar instead of the Locus logo. */
export function LogoUpload({ logo, organizationName, canEdit }: LogoUploadProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;
  const shown = preview ?? logo;

  const onFile = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    const problem = checkLogoFile(file);
    setError(problem);
    if (problem) return;
    try {
      const dataUrl = await readAsDataUrl(file);
      setPreview(dataUrl);
      await upload.mutateAsync(dataUrl);
      toast.success('Logo updated', { description: 'Your logo now shows in the navigation bar.' });
    } catch (uploadError) {
      setError(readApiError(uploadError).message);
    } finally {
      setPreview(null);
    }
  };

  const onRemove = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      toast.success('Logo removed', { description: 'The Locus logo shows in its place.' });
    } catch (removeError) {
      setError(readApiError(removeError).message);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Logo</CardTitle>
        <CardDescription>Shown in the navigation bar for everyone in your organization.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="flex h-20 w-full shrink-0 items-center justify-center rounded-xl border border-dashed border-slate-300 bg-muted/50 px-4 sm:w-56">
          {shown ? (
            <img
              src={shown}
              alt={`${organizationName} logo`}
              className="max-h-14 max-w-full object-contain"
            />
          ) : (
            <Logo className="opacity-60" />
          )}
        </div>
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted-foreground">
            PNG, JPEG, GIF or WebP, up to 512 KB. A wide logo on a transparent background looks best.
          </p>
          {canEdit ? (
            <div className="flex flex-wrap gap-2">
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                className="sr-only"
                disabled={busy}
                onChange={(event) => void onFile(event.target.files?.[0])}
                aria-describedby={error ? `${inputId}-error` : undefined}
              />
              <label
                htmlFor={inputId}
                className={cn(
                  buttonClassName({ variant: 'secondary', size: 'sm' }),
                  'cursor-pointer',
                  busy && 'pointer-events-none opacity-50',
                  '[input:focus-visible+&]:outline-2 [input:focus-visible+&]:outline-offset-2 [input:focus-visible+&]:outline-primary',
                )}
              >
                {upload.isPending ? <Spinner /> : <ImageUp aria-hidden="true" />}
                {logo ? 'Replace logo' : 'Upload logo'}
              </label>
              {logo ? (
                <Button variant="ghost" size="sm" onClick={() => void onRemove()} disabled={busy}>
                  {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
                  Remove
                </Button>
              ) : null}
            </div>
          ) : null}
          {error ? (
            <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
