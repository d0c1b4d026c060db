import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { createLeadActivitySchema } from '../../../../common/validation/activities';
import { dateInputToIso } from '../../../components/data-table/format';
import { Button } from '../../../components/ui/button';
import { useUnsavedChanges } from '../../../components/ui/dialog';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { RadioTile } from '../../../components/ui/radio-tile';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/cn';
import { applyApiErrors, errorText } from '../../../lib/form-errors';
import { activityTypeInfo, activityTypeOrder } from '../activity-options';
import type { ActivityAttachment, ActivityInput, ActivityStatus, ActivityType } from '../api';
import { AttachmentsField, type AttachmentsFieldHandle } from './attachments-field';

/** The shared activity rule without the record's id (added by the timeline): the same messages. */
const activityFormSchema = createLeadActivitySchema.omit({ leadId: true });

const fields = [
  'type',
  'subject',
  'description',
  'emailContent',
  'status',
  'dueDate',
  'attachments',
] as const;

const subjectPlaceholders: Record<ActivityType, string> = {
  call: 'e.g. Left a voicemail',
  email: 'e.g. Sent the claim packet',
  meeting: 'e.g. Met at the county office',
  note: 'e.g. Heir confirmed the address',
  task: 'e.g. Send the claim agreement',
};

export interface ActivityFormValues {
  type: ActivityType;
  subject: string;
  description: string;
  /** The e-mail itself, for an e-mail activity. */
  emailContent: string;
  status: ActivityStatus;
  /** YYYY-MM-DD. */
  dueDate: string;
  attachments: ActivityAttachment[];
}

interface ActivityFormProps {
  defaultValues: ActivityFormValues;
  submitLabel: string;
  pendingLabel: string;
  /** The input the values make, and the one the form opened with (to send only what changed). */
  onSubmit: (input: ActivityInput, opened: ActivityInput) => Promise<void>;
  onCancel?: () => void;
  /** Reset to the defaults after each successful save (the "log activity" box). */
  resetAfterSubmit?: boolean;
  /** Names the form for assistive technology; left out inside a dialog, whose title names it. */
  label?: string;
  className?: string;
}

/**
 * Type, subject, details, status, due date and attachments of an activity (call, email, meeting,
 * note, task). It cannot be saved while a file is still uploading.
 */
export function ActivityForm({
  defaultValues,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
  resetAfterSubmit = false,
  label,
  className,
}: ActivityFormProps) {
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    getFieldState,
    trigger,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(activityFormSchema), defaultValues });
  useUnsavedChanges(isDirty);
  const type = useWatch({ control, name: 'type' });
  const attachments = useWatch({ control, name: 'attachments' }) ?? [];
  const [uploading, setUploading] = useState(false);
  const onUploadingChange = useCallback((busy: boolean) => setUploading(busy), []);
  const attachmentsField = useRef<AttachmentsFieldHandle>(null);
  const setAttachments = (next: ActivityAttachment[]) =>
    setValue('attachments', next, { shouldDirty: true, shouldValidate: true });

  // A task starts out pending; anything else is usually logged after it happened.
  const previousType = useRef(type);
  useEffect(() => {
    if (previousType.current === type) return;
    previousType.current = type;
    if (getFieldState('status').isDirty) return;
    setValue('status', type === 'task' ? 'pending' : 'completed');
  }, [type, getFieldState, setValue]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      // The date as typed (the resolver's value is already converted).
      await onSubmit(
        toActivityInput({ ...values, dueDate: String(getValues('dueDate') ?? '') }),
        toActivityInput(defaultValues),
      );
      if (resetAfterSubmit) reset(defaultValues);
    } catch (error) {
      setFormError(applyApiErrors(error, setError, fields));
    }
  });
  const error = (name: (typeof fields)[number]) => errorText(errors[name]);

  // A link typed but not yet added is meant to be saved with the activity; an invalid one stops the save.
  const submitWithPendingLink = (event: FormEvent<HTMLFormElement>) => {
    if (attachmentsField.current?.addPendingLink() === false) {
      event.preventDefault();
      void trigger();
      return;
    }
    void submit(event);
  };

  return (
    <form
      onSubmit={submitWithPendingLink}
      noValidate
      aria-label={label}
      className={cn('flex flex-col gap-3', className)}
    >
      <FormError message={formError} />
      <fieldset>
        <legend className="sr-only">Type</legend>
        <div className="flex flex-wrap gap-1.5">
          {activityTypeOrder.map((value) => {
            const info = activityTypeInfo[value];
            return (
              <RadioTile key={value} value={value} className="inline-flex rounded-full" {...register('type')}>
                <span
                  className={cn(
                    'inline-flex h-8 items-center gap-1.5 rounded-full border border-border bg-surface px-3 text-sm font-medium text-muted-foreground transition-colors select-none',
                    'peer-hover:bg-muted peer-checked:border-primary peer-checked:bg-primary-soft peer-checked:text-primary-soft-foreground',
                    'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary',
                  )}
                >
                  <info.icon className="size-3.5" aria-hidden="true" />
                  {info.label}
                </span>
              </RadioTile>
            );
          })}
        </div>
      </fieldset>
      <FormField id={`${id}-subject`} label="Subject" error={error('subject')}>
        <Input
          {...fieldA11y(`${id}-subject`, error('subject'))}
          placeholder={subjectPlaceholders[type]}
          {...register('subject')}
        />
      </FormField>
      <FormField id={`${id}-description`} label="Details" labelAside="Optional" error={error('description')}>
        <Textarea
          {...fieldA11y(`${id}-description`, error('description'))}
          rows={2}
          {...register('description')}
        />
      </FormField>
      {type === 'email' ? (
        <FormField
          id={`${id}-email-content`}
          label="Email content"
          labelAside="Optional"
          error={error('emailContent')}
        >
          <Textarea
            {...fieldA11y(`${id}-email-content`, error('emailContent'))}
            rows={5}
            placeholder="Paste the e-mail you sent or received"
            {...register('emailContent')}
          />
        </FormField>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-status`} label="Status" error={error('status')}>
          <Select {...fieldA11y(`${id}-status`, error('status'))} {...register('status')}>
            <option value="completed">Completed</option>
            <option value="pending">Pending</option>
          </Select>
        </FormField>
        <FormField id={`${id}-due`} label="Due date" labelAside="Optional" error={error('dueDate')}>
          <Input {...fieldA11y(`${id}-due`, error('dueDate'))} type="date" {...register('dueDate')} />
        </FormField>
      </div>
      <div className="flex flex-col gap-1.5">
        <AttachmentsField
          ref={attachmentsField}
          attachments={attachments}
          onAdd={(attachment) => setAttachments([...(getValues('attachments') ?? []), attachment])}
          onRemove={(index) => setAttachments(attachments.filter((_, i) => i !== index))}
          onBusyChange={onUploadingChange}
          disabled={isSubmitting}
        />
        {error('attachments') ? (
          <p role="alert" className="text-xs leading-5 font-medium text-destructive">
            {error('attachments')}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting || uploading}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The API input of the form's values. */
function toActivityInput(
  values: Pick<ActivityFormValues, 'type' | 'subject' | 'status' | 'dueDate'> & {
    description?: string | null;
    emailContent?: string | null;
    attachments?: ActivityAttachment[];
  },
): ActivityInput {
  return {
    type: values.type,
    subject: values.subject,
    description: values.description ?? '',
    // Only an e-mail has a body; another type clears one left from before.
    emailContent: values.type === 'email' ? values.emailContent || null : null,
    status: values.status,
    // The date input's YYYY-MM-DD, ended at the user's own midnight (the shared rule would take UTC's).
    dueDate: dateInputToIso(String(values.dueDate ?? ''), 'end'),
    attachments: values.attachments ?? [],
  };
}
