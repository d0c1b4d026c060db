import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { createStateRuleSchema } from '../../../../common/validation/state-rules';
import { Button } from '../../../components/ui/button';
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
import { Textarea } from '../../../components/ui/textarea';
import { readApiError } from '../../../lib/api';
import { applyApiErrors, errorText } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { type StateRule, useSaveStateRule } from '../api';
import { stateName, usStates } from '../../../../common/us-states';
import { ruleFormDefaults, type StateRuleFormValues, toStateRuleInput } from '../state-rule-model';

/** The shared schema on what the form sends, its messages under the matching inputs. */
const resolver: Resolver<StateRuleFormValues> = async (values) => {
  const result = createStateRuleSchema.safeParse(toStateRuleInput(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<StateRuleFormValues> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'state') as keyof StateRuleFormValues;
    errors[key] ??= { type: 'validation', message: issue.message };
  }
  return { values: {}, errors };
};

const fields = [
  'state',
  'claimWindowDays',
  'feeCapPercent',
  'assignmentAllowed',
  'attorneyRequired',
  'notes',
] as const;

export function StateRuleDialog({
  target,
  takenStates,
  onOpenChange,
}: {
  target: StateRule | 'new' | null;
  /** States that already have a rule (not offered again when adding). */
  takenStates: string[];
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        {target ? (
          <StateRuleForm
            key={target === 'new' ? 'new' : target.id}
            rule={target === 'new' ? null : target}
            takenStates={takenStates}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function StateRuleForm({
  rule,
  takenStates,
  onDone,
}: {
  rule: StateRule | null;
  takenStates: string[];
  onDone: () => void;
}) {
  const save = useSaveStateRule();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<StateRuleFormValues>({ resolver, defaultValues: ruleFormDefaults(rule) });
  useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const input = toStateRuleInput(values);
    try {
      await save.mutateAsync({ id: rule?.id, input: input as never });
      toast.success(rule ? 'State rule saved' : 'State rule added', {
        description: `${stateName(input.state)}: remember to check it against current law from time to time.`,
      });
      onDone();
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('409:')) {
        setError('state', { type: 'server', message: readApiError(error).message }, { shouldFocus: true });
        return;
      }
      setFormError(applyApiErrors(error, setError, fields));
    }
  });

  const error = (key: keyof StateRuleFormValues) => errorText(errors[key]);
  const available = usStates.filter(([code]) => code === rule?.state || !takenStates.includes(code));
  const title = rule ? `Edit ${stateName(rule.state)}` : 'Add a state rule';

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          Record what you have verified for this state. Leave anything you have not confirmed blank.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <FormError message={formError} />
        <FormField id="rule-state" label="State" error={error('state')}>
          <Select {...fieldA11y('rule-state', error('state'))} {...register('state')}>
            <option value="">Choose a state…</option>
            {available.map(([code, name]) => (
              <option key={code} value={code}>
                {name} ({code})
              </option>
            ))}
          </Select>
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="rule-window"
            label="Claim window"
            labelAside="Days"
            hint="Days after the sale to file a claim"
            error={error('claimWindowDays')}
          >
            <Input
              {...fieldA11y('rule-window', error('claimWindowDays'), 'Days after the sale to file a claim')}
              inputMode="numeric"
              autoComplete="off"
              placeholder="Unknown"
              className="tabular-nums"
              {...register('claimWindowDays')}
            />
          </FormField>
          <FormField
            id="rule-fee"
            label="Fee cap"
            labelAside="%"
            hint="Highest fee a locator may charge"
            error={error('feeCapPercent')}
          >
            <Input
              {...fieldA11y('rule-fee', error('feeCapPercent'), 'Highest fee a locator may charge')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="Unknown"
              className="tabular-nums"
              {...register('feeCapPercent')}
            />
          </FormField>
          <FormField id="rule-assignment" label="Assignment allowed" error={error('assignmentAllowed')}>
            <Select
              {...fieldA11y('rule-assignment', error('assignmentAllowed'))}
              {...register('assignmentAllowed')}
            >
              <option value="">Unknown</option>
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </Select>
          </FormField>
          <FormField id="rule-attorney" label="Attorney required" error={error('attorneyRequired')}>
            <Select
              {...fieldA11y('rule-attorney', error('attorneyRequired'))}
              {...register('attorneyRequired')}
            >
              <option value="">Unknown</option>
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </Select>
          </FormField>
        </div>
        <FormField id="rule-notes" label="Notes" labelAside="Optional" error={error('notes')}>
          <Textarea
            {...fieldA11y('rule-notes', error('notes'))}
            rows={3}
            placeholder="Statute, where you verified it and when, filing quirks…"
            {...register('notes')}
          />
        </FormField>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Saving…' : rule ? 'Save rule' : 'Add rule'}
        </Button>
      </DialogFooter>
    </form>
  );
}
