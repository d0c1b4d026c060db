import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createSavedViewSchema } from '../../../../common/validation/saved-views';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useUnsavedChanges,
} from '../../../components/ui/dialog';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { applyApiErrors, errorText } from '../../../lib/form-errors';

const viewNameSchema = createSavedViewSchema.pick({ name: true, isShared: true });
export type ViewNameValues = z.infer<typeof viewNameSchema>;

/** "Save as new view…" (a name, and whether the team sees it) or "Rename…" (the name alone). */
export type ViewNameMode = { kind: 'create' } | { kind: 'rename'; name: string };

interface ViewNameDialogProps {
  mode: ViewNameMode | null;
  onOpenChange: (open: boolean) => void;
  onSubmit: (values: ViewNameValues) => Promise<void>;
}

export function ViewNameDialog({ mode, onOpenChange, onSubmit }: ViewNameDialogProps) {
  return (
    <Dialog open={mode !== null} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        {mode ? <ViewNameForm mode={mode} onCancel={() => onOpenChange(false)} onSubmit={onSubmit} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ViewNameForm({
  mode,
  onCancel,
  onSubmit,
}: {
  mode: ViewNameMode;
  onCancel: () => void;
  onSubmit: (values: ViewNameValues) => Promise<void>;
}) {
  const creating = mode.kind === 'create';
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(viewNameSchema),
    defaultValues: { name: creating ? '' : mode.name, isShared: false },
  });
  useUnsavedChanges(isDirty);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ['name', 'isShared']));
    }
  });
  const nameError = errorText(errors.name);

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{creating ? 'Save as new view' : 'Rename view'}</DialogTitle>
        <DialogDescription>
          {creating
            ? 'Keeps the search, filters, sort and columns shown now under a name.'
            : `A new name for “${mode.name}”.`}
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <FormError message={formError} />
        <FormField id="view-name" label="Name" error={nameError}>
          <Input
            {...fieldA11y('view-name', nameError)}
            placeholder="Hot leads"
            autoComplete="off"
            {...register('name')}
          />
        </FormField>
        {creating ? (
          <div className="flex items-start gap-3">
            <Controller
              control={control}
              name="isShared"
              render={({ field }) => (
                <Checkbox
                  id="view-shared"
                  className="mt-0.5"
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
              )}
            />
            <div>
              <Label htmlFor="view-shared">Share with my team</Label>
              <p className="text-sm text-muted-foreground">Everyone in your organization can open it.</p>
            </div>
          </div>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {creating ? 'Save view' : 'Rename'}
        </Button>
      </DialogFooter>
    </form>
  );
}
