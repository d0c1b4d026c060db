import { MailCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { signerControlClassName } from './control-class';
import { sendSigningCode, SigningRequestError, type SigningView, useSigningStep } from '../api';
import { RequestIntro } from './request-intro';

/** The API's own words for a malformed code (signingCodeMessage; zod stays out of this page's JS). */
export const signingCodeMessage = 'Enter the 6-digit code from the e-mail';
/** A new code may be asked for once per 30 s (CONTRACT "Auth"). */
const resendSeconds = 30;

/** E-mail authentication: a 6-digit code sent to the recipient, typed (or autofilled) here. */
export function VerifyStep({ token, view }: { token: string; view: SigningView }) {
  const step = useSigningStep(token);
  const [sentTo, setSentTo] = useState<string | null>(view.codeSentTo ?? null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [secondsLeft, startCountdown] = useCountdown(view.codeSentTo ? resendSeconds : 0);
  const inputId = useId();
  const lastSubmitted = useRef('');

  const send = async () => {
    setSending(true);
    setProblem(null);
    try {
      const answer = await sendSigningCode(token);
      setSentTo(answer.sentTo);
      setCode('');
      startCountdown(resendSeconds);
    } catch (error) {
      if (error instanceof SigningRequestError && error.retryAfterSeconds !== null) {
        startCountdown(Math.ceil(error.retryAfterSeconds));
      }
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  const submit = (value: string) => {
    if (!/^\d{6}$/.test(value)) {
      setProblem(signingCodeMessage);
      return;
    }
    lastSubmitted.current = value;
    setProblem(null);
    step.mutate(
      { action: 'verify', body: { code: value } },
      { onError: (error) => setProblem(error.message) },
    );
  };

  return (
    <div className="mx-auto w-full max-w-md space-y-6 px-4 py-6 sm:py-10">
      <RequestIntro view={view} />
      <section className="rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-6">
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
            <MailCheck className="size-5" aria-hidden="true" />
          </span>
          <h2 className="text-lg font-semibold tracking-tight">Confirm it's you</h2>
        </div>
        {sentTo === null ? (
          <div className="mt-4 space-y-4">
            <p className="text-sm leading-6 text-muted-foreground">
              We'll e-mail a 6-digit code to {view.recipient.email}. It works for 10 minutes.
            </p>
            {problem ? (
              <p role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            ) : null}
            <Button size="lg" className="w-full" onClick={send} disabled={sending || secondsLeft > 0}>
              {sending ? 'Sending…' : secondsLeft > 0 ? `Send code in ${secondsLeft} s` : 'Send code'}
            </Button>
          </div>
        ) : (
          <form
            className="mt-4 space-y-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit(code);
            }}
          >
            <p className="text-sm leading-6 text-muted-foreground" role="status">
              We sent a 6-digit code to {sentTo}. It works for 10 minutes.
            </p>
            <div className="space-y-1.5">
              <label htmlFor={inputId} className="text-sm font-medium">
                6-digit code
              </label>
              <input
                id={inputId}
                name="one-time-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                value={code}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${inputId}-problem` : undefined}
                onChange={(event) => {
                  const digits = event.target.value.replace(/\D/g, '').slice(0, 6);
                  setCode(digits);
                  // Autofill and paste bring all six digits at once: confirm without another tap.
                  if (digits.length === 6 && digits !== lastSubmitted.current && !step.isPending)
                    submit(digits);
                }}
                className={`${signerControlClassName} h-14 text-center font-mono text-2xl tracking-[0.5em]`}
              />
              {problem ? (
                <p id={`${inputId}-problem`} role="alert" className="text-sm text-destructive">
                  {problem}
                </p>
              ) : null}
            </div>
            <Button type="submit" size="lg" className="w-full" disabled={step.isPending}>
              {step.isPending ? 'Checking…' : 'Confirm'}
            </Button>
            <Button
              variant="ghost"
              size="lg"
              className="w-full"
              onClick={send}
              disabled={sending || secondsLeft > 0}
            >
              {secondsLeft > 0
                ? `Send a new code in ${secondsLeft} s`
                : sending
                  ? 'Sending…'
                  : 'Send a new code'}
            </Button>
          </form>
        )}
      </section>
    </div>
  );
}

/** Seconds left before a new code may be asked for, counting down to 0; `start` sets it again. */
function useCountdown(initialSeconds: number): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(initialSeconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}
