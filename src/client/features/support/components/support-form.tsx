import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type SupportSubmissionInput, supportSubmissionSchema } from '../../../../common/validation/support';
import { Button } from '../../../components/ui/button';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { isUnauthorizedError, readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { formatFileSize } from '../../../lib/format-file-size';
import { toast } from '../../../lib/toast';
import { useMaybeSignedInUser } from '../../auth/signed-in-user';
import { useSubmitSupportRequest } from '../api';
import { readFileAsDataUrl, supportImageProblem, supportImageTypes } from '../support-image';

/** Spec §8: after the unauthorized notice, the browser goes to the sign-in address. */
export const loginRedirectDelayMs = 500;

interface SupportFormProps {
  /** Called after a successful submission (the dialog closes itself with it). */
  onSubmitted?: () => void;
  /** Extra buttons beside Submit, e.g. the dialog's Cancel. */
  secondaryAction?: ReactNode;
  className?: string;
}

/**
 * The support form (spec §2, §5, §8): name, e-mail, type, description and an optional screenshot.
 * The messages are those of the shared schema; the signed-in user's name and e-mail are filled in.
 */
export function SupportForm({ onSubmitted, secondaryAction, className }: SupportFormProps) {
  const id = useId();
  const user = useMaybeSignedInUser();
  const submission = useSubmitSupportRequest();
  const fileInput = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<{ name: string; size: number } | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);

  const defaults = {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    // Nothing chosen yet: the schema answers "Please select a type".
    type: '' as SupportSubmissionInput['type'],
    description: '',
    imageUrl: '',
  };
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(supportSubmissionSchema), defaultValues: defaults });
  const watchedImage: unknown = useWatch({ control, name: 'imageUrl' });
  const imageUrl = typeof watchedImage === 'string' ? watchedImage : '';

  const clearImage = () => {
    setImage(null);
    setImageError(null);
    setValue('imageUrl', '');
    if (fileInput.current) fileInput.current.value = '';
  };

  const onFileChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = supportImageProblem(file);
    if (problem) {
      clearImage();
      setImageError(problem);
      return;
    }
    try {
      setValue('imageUrl', await readFileAsDataUrl(file), { shouldValidate: true });
      setImage({ name: file.name, size: file.size });
      setImageError(null);
    } catch {
      clearImage();
      setImageError('The image could not be read. Please choose another file.');
    }
  };

  const onValid = async (values: SupportSubmissionInput) => {
    try {
      await submission.mutateAsync(values);
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      if (isUnauthorizedError(failure)) {
        toast.error('Unauthorized: You are logged out. Logging in again...');
        setTimeout(() => window.location.assign('/api/login'), loginRedirectDelayMs);
        return;
      }
      toast.error(`Failed to submit your request: ${readApiError(failure).message}`);
      return;
    }
    toast.success('Success!', { description: 'Your submission has been sent to our support team.' });
    reset(defaults);
    clearImage();
    onSubmitted?.();
  };

  const pending = submission.isPending;
  const field = (name: string) => `${id}-${name}`;
  const imageMessage = imageError ?? errors.imageUrl?.message;

  return (
    <form
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      noValidate
      aria-label="Support request"
      className={cn('flex flex-col gap-4', className)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={field('first-name')} label="First name" error={errors.firstName?.message}>
          <Input
            {...fieldA11y(field('first-name'), errors.firstName?.message)}
            autoComplete="given-name"
            {...register('firstName')}
          />
        </FormField>
        <FormField id={field('last-name')} label="Last name" error={errors.lastName?.message}>
          <Input
            {...fieldA11y(field('last-name'), errors.lastName?.message)}
            autoComplete="family-name"
            {...register('lastName')}
          />
        </FormField>
      </div>
      <FormField id={field('email')} label="Email" error={errors.email?.message}>
        <Input
          {...fieldA11y(field('email'), errors.email?.message)}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...register('email')}
        />
      </FormField>
      <FormField id={field('type')} label="Type" error={errors.type?.message}>
        <Select {...fieldA11y(field('type'), errors.type?.message)} {...register('type')}>
          <option value="" disabled>
            Select a type
          </option>
          <option value="enhancement">Enhancement</option>
          <option value="bug">Bug Report</option>
        </Select>
      </FormField>
      <FormField id={field('description')} label="Description" error={errors.description?.message}>
        <Textarea
          {...fieldA11y(field('description'), errors.description?.message)}
          rows={4}
          placeholder="What happened, or what would you like Locus to do? Steps to reproduce help us fix bugs faster."
          {...register('description')}
        />
      </FormField>
      <FormField
        id={field('image')}
        label="Screenshot"
        labelAside="Optional"
        error={imageMessage}
        hint="PNG, JPEG, GIF or WebP, up to 512 KB."
      >
        {imageUrl && image ? (
          <div className="flex items-center gap-3 rounded-lg border border-border bg-muted/40 p-2">
            <img
              src={imageUrl}
              alt=""
              className="size-12 shrink-0 rounded-md border border-border object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-foreground">{image.name}</p>
              <p className="text-xs text-muted-foreground">{formatFileSize(image.size)}</p>
            </div>
            <Button variant="ghost" size="sm" onClick={clearImage} aria-label="Remove screenshot">
              <X aria-hidden="true" />
            </Button>
          </div>
        ) : (
          <label
            htmlFor={field('image')}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-surface px-3 py-3 text-sm text-muted-foreground transition-colors hover:border-primary hover:bg-primary-soft/40 focus-within:outline-2 focus-within:outline-primary"
          >
            <ImagePlus className="size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <span className="font-medium text-foreground">Attach a screenshot</span> to show us what you see
            </span>
          </label>
        )}
        <input
          ref={fileInput}
          {...fieldA11y(field('image'), imageMessage, 'PNG, JPEG, GIF or WebP, up to 512 KB.')}
          type="file"
          accept={supportImageTypes.join(',')}
          className="sr-only"
          onChange={onFileChange}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? 'Submitting...' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
