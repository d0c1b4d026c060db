import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { type SigningView, useSigningStep } from '../api';
import { RequestIntro } from './request-intro';

/** ESIGN consent (15 U.S.C. §7001(c)): the disclosure, accepted before the document opens. */
export function ConsentStep({ token, view }: { token: string; view: SigningView }) {
  const step = useSigningStep(token);
  const [accepted, setAccepted] = useState(false);
  const checkboxId = useId();
  const consent = view.consent;
  if (!consent) return null;
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-6 sm:py-10">
      <RequestIntro view={view} />
      <section
        aria-labelledby={`${checkboxId}-title`}
        className="rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-6"
      >
        <h2 id={`${checkboxId}-title`} className="text-lg font-semibold tracking-tight">
          {consent.title}
        </h2>
        <div className="mt-3 space-y-4">
          {consent.sections.map((section) => (
            <div key={section.heading}>
              <h3 className="text-sm font-semibold">{section.heading}</h3>
              <p className="mt-1 text-sm leading-6 text-muted-foreground">{section.body}</p>
            </div>
          ))}
        </div>
        <form
          className="mt-5 space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (accepted) step.mutate({ action: 'consent', body: { version: consent.version } });
          }}
        >
          <label
            htmlFor={checkboxId}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-border p-3 text-sm font-medium"
          >
            <input
              id={checkboxId}
              type="checkbox"
              checked={accepted}
              onChange={(event) => setAccepted(event.target.checked)}
              className="mt-0.5 size-5 shrink-0 accent-[var(--color-primary)]"
            />
            {consent.acceptLabel}
          </label>
          {step.error ? (
            <p role="alert" className="text-sm text-destructive">
              {step.error.message}
            </p>
          ) : null}
          <Button type="submit" size="lg" className="w-full" disabled={!accepted || step.isPending}>
            {step.isPending ? 'Saving…' : 'Continue'}
          </Button>
          <p className="text-xs leading-5 text-muted-foreground">Disclosure version {consent.version}</p>
        </form>
      </section>
    </div>
  );
}
