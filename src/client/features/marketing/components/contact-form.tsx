import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { demoRequestSchema } from '../../../../common/validation/public-submissions';
import { Button } from '../../../components/ui/button';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { applyApiErrors } from '../../../lib/form-errors';
import { requestDemo } from '../api';
import { personas, preferredTimes } from '../personas';

const fields = ['name', 'email', 'company', 'persona', 'phoneNumber', 'preferredTime', 'message'] as const;

/** The contact page's demo request (POST /api/demo-request), with the catalogue's messages. */
export function ContactForm() {
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(demoRequestSchema),
    defaultValues: {
      name: '',
      email: '',
      company: '',
      persona: '',
      phoneNumber: '',
      preferredTime: '',
      message: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await requestDemo(values);
      setSentTo(values.name);
      reset();
    } catch (error) {
      setFormError(applyApiErrors(error, setError, fields));
    }
  });

  if (sentTo !== null) {
    return (
      <div role="status" className="flex flex-col items-center px-4 py-10 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CheckCircle2 className="size-6" aria-hidden="true" />
        </div>
        <h2 className="mt-4 text-xl font-semibold tracking-tight">Thanks, {sentTo}! Your request is in.</h2>
        <p className="mt-2 max-w-sm text-sm leading-6 text-muted-foreground">
          Someone from our team will reply within one business day to find a time for your demo.
        </p>
        <Button variant="secondary" className="mt-6" onClick={() => setSentTo(null)}>
          Send another request
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Request a demo" className="flex flex-col gap-4">
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="contact-name" label="Full name" error={errors.name?.message}>
          <Input
            {...fieldA11y('contact-name', errors.name?.message)}
            autoComplete="name"
            {...register('name')}
          />
        </FormField>
        <FormField id="contact-email" label="Work email" error={errors.email?.message}>
          <Input
            {...fieldA11y('contact-email', errors.email?.message)}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...register('email')}
          />
        </FormField>
        <FormField id="contact-company" label="Company" error={errors.company?.message}>
          <Input
            {...fieldA11y('contact-company', errors.company?.message)}
            autoComplete="organization"
            {...register('company')}
          />
        </FormField>
        <FormField id="contact-persona" label="Your role" error={errors.persona?.message}>
          <Select {...fieldA11y('contact-persona', errors.persona?.message)} {...register('persona')}>
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
        <FormField id="contact-phone" label="Phone" labelAside="Optional" error={errors.phoneNumber?.message}>
          <Input
            {...fieldA11y('contact-phone', errors.phoneNumber?.message)}
            type="tel"
            autoComplete="tel"
            {...register('phoneNumber')}
          />
        </FormField>
        <FormField
          id="contact-time"
          label="Best time to call"
          labelAside="Optional"
          error={errors.preferredTime?.message}
        >
          <Select
            {...fieldA11y('contact-time', errors.preferredTime?.message)}
            {...register('preferredTime')}
          >
            <option value="">No preference</option>
            {preferredTimes.map((time) => (
              <option key={time} value={time}>
                {time}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <FormField
        id="contact-message"
        label="How can we help?"
        labelAside="Optional"
        error={errors.message?.message}
      >
        <Textarea
          {...fieldA11y('contact-message', errors.message?.message)}
          rows={4}
          placeholder="Tell us about your team, how many cases you work a month and what you use today."
          {...register('message')}
        />
      </FormField>
      <div className="flex flex-col gap-3 pt-1 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs leading-5 text-muted-foreground">
          We use your details only to answer this request. See our privacy policy.
        </p>
        <Button type="submit" size="lg" disabled={isSubmitting} className="shrink-0">
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Sending...' : 'Request a demo'}
        </Button>
      </div>
    </form>
  );
}
