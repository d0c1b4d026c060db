import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { createPipelineSchema, createStageSchema } from '../../../../common/validation/lists';
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
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { applyApiErrors, errorText } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import {
  type Pipeline,
  type Stage,
  useCreatePipeline,
  useCreateStage,
  useUpdatePipeline,
  useUpdateStage,
} from '../api';
import { conflictMessage } from '../list-model';
import { changedFields } from '../../../lib/changed-fields';

// ---- Pipeline: name (and, when new, whether it becomes the default) ----

interface PipelineFormValues {
  name: string;
  isDefault: boolean;
}

export function PipelineFormDialog({
  pipeline,
  onOpenChange,
}: {
  /** The pipeline to rename, 'new', or null when closed. */
  pipeline: Pipeline | 'new' | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={pipeline !== null} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        {pipeline ? (
          <PipelineForm
            key={pipeline === 'new' ? 'new' : pipeline.id}
            pipeline={pipeline === 'new' ? null : pipeline}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PipelineForm({ pipeline, onDone }: { pipeline: Pipeline | null; onDone: () => void }) {
  const create = useCreatePipeline();
  const update = useUpdatePipeline();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PipelineFormValues>({
    resolver: zodResolver(createPipelineSchema) as unknown as Resolver<PipelineFormValues>,
    defaultValues: { name: pipeline?.name ?? '', isDefault: false },
  });
  useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (pipeline) {
        await update.mutateAsync({ pipeline, input: { name: values.name } });
        toast.success('Pipeline renamed', { description: `It is now called ${values.name}.` });
      } else {
        await create.mutateAsync({ name: values.name, isDefault: values.isDefault });
        toast.success('Pipeline added', { description: `Add the stages of ${values.name} next.` });
      }
      onDone();
    } catch (error) {
      const conflict = conflictMessage(error);
      if (conflict) setError('name', { type: 'server', message: conflict }, { shouldFocus: true });
      else setFormError(applyApiErrors(error, setError, ['name', 'isDefault']));
    }
  });

  const nameError = errorText(errors.name);
  const title = pipeline ? 'Rename pipeline' : 'New pipeline';
  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {pipeline
            ? 'Deals keep their stages; only the name changes.'
            : 'A pipeline is a sequence of stages for one kind of deal, e.g. surplus claims or wholesale deals.'}
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <FormError message={formError} />
        <FormField id="pipeline-name" label="Name" error={nameError}>
          <Input
            {...fieldA11y('pipeline-name', nameError)}
            placeholder="Surplus claims"
            autoComplete="off"
            {...register('name')}
          />
        </FormField>
        {pipeline ? null : (
          <Controller
            control={control}
            name="isDefault"
            render={({ field }) => (
              <div className="flex items-center gap-2.5">
                <Checkbox
                  id="pipeline-default"
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
                <label htmlFor="pipeline-default" className="text-sm">
                  Make it the default pipeline for new deals
                </label>
              </div>
            )}
          />
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Saving…' : pipeline ? 'Save name' : 'Create pipeline'}
        </Button>
      </DialogFooter>
    </form>
  );
}

// ---- Stage: name, win probability and whether it closes the deal ----

/** The catalogue's stage rules (name, probability 0–100) plus how the stage closes a deal. */
export const stageFormSchema = createStageSchema
  .omit({ pipelineId: true, orderIndex: true, isActive: true })
  .extend({
    closingType: z.enum(['', 'won', 'lost'], { error: 'Closing type must be won or lost' }),
  });

interface StageFormValues {
  name: string;
  probability: number;
  closingType: '' | 'won' | 'lost';
}

export function StageFormDialog({
  target,
  onOpenChange,
}: {
  /** A stage to edit, a pipeline to add a stage to, or null when closed. */
  target: { stage: Stage } | { pipeline: Pipeline } | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        {target ? (
          <StageForm
            key={'stage' in target ? target.stage.id : `new-${target.pipeline.id}`}
            target={target}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function StageForm({
  target,
  onDone,
}: {
  target: { stage: Stage } | { pipeline: Pipeline };
  onDone: () => void;
}) {
  const stage = 'stage' in target ? target.stage : null;
  const create = useCreateStage();
  const update = useUpdateStage();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<StageFormValues>({
    resolver: zodResolver(stageFormSchema) as unknown as Resolver<StageFormValues>,
    defaultValues: {
      name: stage?.name ?? '',
      probability: stage?.probability ?? 0,
      closingType: stage?.closingType ?? '',
    },
  });
  useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const input = {
      name: values.name,
      probability: values.probability,
      closingType: values.closingType === '' ? null : values.closingType,
    };
    try {
      if (stage) {
        await update.mutateAsync({
          stage,
          input: changedFields(
            {
              name: stage.name,
              probability: stage.probability,
              closingType: stage.closingType,
            } as typeof input,
            input,
          ),
        });
        toast.success('Stage saved', { description: `${values.name} was updated.` });
      } else if ('pipeline' in target) {
        await create.mutateAsync({ ...input, pipelineId: target.pipeline.id });
        toast.success('Stage added', {
          description: `${values.name} is the last stage of ${target.pipeline.name}.`,
        });
      }
      onDone();
    } catch (error) {
      const conflict = conflictMessage(error);
      if (conflict) setError('name', { type: 'server', message: conflict }, { shouldFocus: true });
      else setFormError(applyApiErrors(error, setError, ['name', 'probability', 'closingType']));
    }
  });

  const error = (name: keyof StageFormValues) => errorText(errors[name]);
  const title = stage ? `Edit ${stage.name}` : 'Add stage';
  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {stage
            ? 'Renaming a stage moves its deals along with it.'
            : `The new stage goes at the end of ${'pipeline' in target ? target.pipeline.name : 'the pipeline'}; drag it where it belongs.`}
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <FormError message={formError} />
        <FormField id="stage-name" label="Name" error={error('name')}>
          <Input
            {...fieldA11y('stage-name', error('name'))}
            placeholder="Documents"
            autoComplete="off"
            {...register('name')}
          />
        </FormField>
        <FormField
          id="stage-probability"
          label="Win probability"
          hint="How likely a deal in this stage is to close, from 0 to 100 %."
          error={error('probability')}
        >
          <div className="relative w-36">
            <Input
              {...fieldA11y(
                'stage-probability',
                error('probability'),
                'How likely a deal in this stage is to close, from 0 to 100 %.',
              )}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              className="pr-8 tabular-nums"
              {...register('probability', { valueAsNumber: true })}
            />
            <span
              className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
              aria-hidden="true"
            >
              %
            </span>
          </div>
        </FormField>
        <FormField
          id="stage-closing"
          label="Closes the deal"
          hint="Moving a deal to a closing stage marks it won or lost and asks for a reason."
          error={error('closingType')}
        >
          <Select
            {...fieldA11y(
              'stage-closing',
              error('closingType'),
              'Moving a deal to a closing stage marks it won or lost and asks for a reason.',
            )}
            {...register('closingType')}
          >
            <option value="">No — a working stage</option>
            <option value="won">Yes — as won</option>
            <option value="lost">Yes — as lost</option>
          </Select>
        </FormField>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Saving…' : stage ? 'Save stage' : 'Add stage'}
        </Button>
      </DialogFooter>
    </form>
  );
}
