import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import type { EarlyAccessInput } from '../../../../common/validation/public-submissions';
import { Button } from '../../../components/ui/button';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { joinEarlyAccess } from '../api';
import { personas } from '../personas';

const fields = ['name', 'email', 'company', 'persona'] as const;
type Field = (typeof fields)[number];
type FieldErrors = Partial<Record<Field, string>>;

// The landing page must stay light (issue 4: ≤ 90 KB of JS on first load), so the shared schema
// is fetched when the visitor starts on the form rather than with the page.
const loadSchema = () =>
  import('../../../../common/validation/public-submissions').then((m) => m.earlyAccessSchema);

function readValues(form: HTMLFormElement): EarlyAccessInput {
  const data = new FormData(form);
  const text = (field: Field) => String(data.get(field) ?? '');
  return { name: text('name'), email: text('email'), company: text('company'), persona: text('persona') };
}

/** The shared schema's first message per field, or null when the values pass. */
async function validate(values: EarlyAccessInput): Promise<FieldErrors | null> {
  const result = (await loadSchema()).safeParse(values);
  if (result.success) return null;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The landing page's early-access signup (POST /api/early-access), with the catalogue's messages. */
export function EarlyAccessForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [result, setResult] = useState<'joined' | 'already' | null>(null);

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = fields.find((field) => next[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  // After the first attempt the messages follow the visitor's corrections as they type.
  const revalidate = async () => {
    if (!attempted || !formRef.current) return;
    setErrors((await validate(readValues(formRef.current))) ?? {});
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setAttempted(true);
    setFormError(null);
    setSubmitting(true);
    try {
      const values = readValues(form);
      const invalid = await validate(values);
      if (invalid) return showErrors(invalid);
      setErrors({});
      const answer = await joinEarlyAccess(values);
      setResult(answer.alreadyRegistered ? 'already' : 'joined');
    } catch (error) {
      const { message, fieldErrors } = readApiError(error);
      const placed = fields.filter((field) => fieldErrors[field]);
      showErrors(Object.fromEntries(placed.map((field) => [field, fieldErrors[field]])));
      if (placed.length !== Object.keys(fieldErrors).length || placed.length === 0) setFormError(message);
    } finally {
      setSubmitting(false);
    }
  };

  if (result) {
    return (
      <div role="status" className="flex flex-col items-center py-8 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CheckCircle2 className="size-6" aria-hidden="true" />
        </div>
        <h3 className="mt-4 text-lg font-semibold">
          {result === 'already' ? "You're already on the list" : "You're on the list!"}
        </h3>
        <p className="mt-2 max-w-sm text-sm leading-6 text-muted-foreground">
          {result === 'already'
            ? 'This address has already signed up. We will be in touch as soon as your invitation is ready.'
            : 'Thanks for signing up. We will e-mail you when your early-access invitation is ready.'}
        </p>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      onFocus={() => void loadSchema()}
      onInput={() => void revalidate()}
      noValidate
      aria-label="Early access"
      className="flex flex-col gap-4"
    >
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="early-name" label="Full name" error={errors.name}>
          <Input {...fieldA11y('early-name', errors.name)} name="name" autoComplete="name" />
        </FormField>
        <FormField id="early-email" label="Work email" error={errors.email}>
          <Input
            {...fieldA11y('early-email', errors.email)}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@company.com"
          />
        </FormField>
        <FormField id="early-company" label="Company" labelAside="Optional" error={errors.company}>
          <Input {...fieldA11y('early-company', errors.company)} name="company" autoComplete="organization" />
        </FormField>
        <FormField id="early-persona" label="Your role" error={errors.persona}>
          <Select {...fieldA11y('early-persona', errors.persona)} name="persona" defaultValue="">
            <option value="" disabled>
              Select your role
            </option>
            {personas.map((persona) => (
              <option key={persona} value={persona}>
                {persona}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto sm:self-start">
        {submitting ? <Spinner /> : null}
        {submitting ? 'Joining...' : 'Join early access'}
      </Button>
    </form>
  );
}
