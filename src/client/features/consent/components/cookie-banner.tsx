import { Cookie, X } from 'lucide-react';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import {
  acceptAllConsent,
  type ConsentAudience,
  type CookieConsent,
  consentBannerDecision,
  consentCheckIntervalMs,
  defaultCookieConsent,
  openCookiePreferencesEvent,
  readStoredConsent,
  readWelcomeSeenFlag,
  storeConsent,
} from '../consent';

// The dialog (and its dialog library) loads only when a visitor opens it, keeping the landing light.
const CookiePreferencesDialog = lazy(() =>
  import('./cookie-preferences-dialog').then((m) => ({ default: m.CookiePreferencesDialog })),
);

/**
 * Whether the banner is due (spec §4): at once for visitors; for signed-in users once the welcome
 * has been seen, checked every 2 s for up to 30 s. `audience` null: sign-in state still loading.
 */
function useBannerDue(audience: ConsentAudience | null): [boolean, (due: boolean) => void] {
  // The answer belongs to the audience it was worked out for; a change of audience starts over.
  const [answer, setAnswer] = useState<{ audience: ConsentAudience; due: boolean } | null>(null);
  useEffect(() => {
    if (audience === null) return;
    let checks = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    const check = () => {
      const decision = consentBannerDecision({
        audience,
        consentStored: readStoredConsent() !== null,
        welcomeSeen: readWelcomeSeenFlag(),
        elapsedMs: checks * consentCheckIntervalMs,
      });
      checks += 1;
      if (decision === 'wait') return false;
      setAnswer({ audience, due: decision === 'show' });
      return true;
    };
    if (!check()) {
      timer = setInterval(() => {
        if (check()) clearInterval(timer);
      }, consentCheckIntervalMs);
    }
    return () => clearInterval(timer);
  }, [audience]);
  const due = audience !== null && answer?.audience === audience && answer.due;
  const setDue = (next: boolean) => {
    if (audience !== null) setAnswer({ audience, due: next });
  };
  return [due, setDue];
}

/**
 * While the banner shows, the page gets room below its content as tall as the banner, so the end
 * of every page (a form's submit button, say) can still be scrolled into view above it.
 */
function useReserveSpace(ref: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const body = document.body;
    const root = document.documentElement;
    const reserve = () => {
      body.style.setProperty('padding-bottom', `${element.offsetHeight}px`);
      // Other bottom-pinned controls (the feedback button) move up by the same amount.
      root.style.setProperty('--locus-bottom-inset', `${element.offsetHeight}px`);
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    return () => {
      observer.disconnect();
      body.style.removeProperty('padding-bottom');
      root.style.removeProperty('--locus-bottom-inset');
    };
  }, [ref, active]);
}

/**
 * The cookie-preferences banner pinned to the bottom (spec §2): Accept All, Customize, Reject All
 * and close. The choice is stored in the browser; a stored one is what Customize starts from.
 */
export function CookieConsentBanner({ audience }: { audience: ConsentAudience | null }) {
  const [due, setDue] = useBannerDue(audience);
  const [dismissed, setDismissed] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  // Mounted from the first opening on, so later closings keep the dialog's exit animation.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const customize = () => {
    setDialogLoaded(true);
    setCustomizing(true);
  };
  const [preferences, setPreferences] = useState<CookieConsent>(
    () => readStoredConsent() ?? defaultCookieConsent,
  );

  useEffect(() => {
    const open = () => {
      setPreferences(readStoredConsent() ?? defaultCookieConsent);
      setDialogLoaded(true);
      setCustomizing(true);
    };
    window.addEventListener(openCookiePreferencesEvent, open);
    return () => window.removeEventListener(openCookiePreferencesEvent, open);
  }, []);

  const decide = (consent: CookieConsent) => {
    storeConsent(consent);
    setPreferences(consent);
    setDue(false);
    setCustomizing(false);
  };

  const visible = due && !dismissed;
  const bannerRef = useRef<HTMLElement>(null);
  useReserveSpace(bannerRef, visible);
  return (
    <>
      {visible ? (
        <section
          ref={bannerRef}
          aria-label="Cookie consent"
          className="fixed inset-x-0 bottom-0 z-45 p-3 sm:p-4 animate-pop-in"
        >
          <div className="relative mx-auto flex max-w-5xl flex-col gap-4 rounded-2xl border border-border bg-surface p-4 pr-12 shadow-2xl sm:p-5 sm:pr-14 lg:flex-row lg:items-center lg:gap-6">
            <div className="flex min-w-0 flex-1 gap-3">
              <div className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary sm:flex">
                <Cookie className="size-5" aria-hidden="true" />
              </div>
              <div className="min-w-0">
                <h2 className="text-sm font-semibold text-foreground">We value your privacy</h2>
                <p className="mt-1 text-sm leading-6 text-muted-foreground">
                  We use essential cookies to keep you signed in and your account secure. With your permission
                  we also use analytics, functional and marketing cookies to improve Locus. See our{' '}
                  <Link href="/privacy" className="font-medium text-primary underline underline-offset-2">
                    privacy policy
                  </Link>
                  .
                </p>
              </div>
            </div>
            <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
              <Button variant="secondary" onClick={() => decide(defaultCookieConsent)}>
                Reject All
              </Button>
              <Button variant="secondary" onClick={customize}>
                Customize
              </Button>
              <Button onClick={() => decide(acceptAllConsent)}>Accept All</Button>
            </div>
            <button
              type="button"
              onClick={() => setDismissed(true)}
              className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary"
            >
              <X className="size-4" aria-hidden="true" />
              <span className="sr-only">Close cookie banner</span>
            </button>
          </div>
        </section>
      ) : null}
      {dialogLoaded ? (
        <Suspense fallback={null}>
          <CookiePreferencesDialog
            open={customizing}
            onOpenChange={setCustomizing}
            initial={preferences}
            onSave={decide}
          />
        </Suspense>
      ) : null}
    </>
  );
}
