import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Switch } from '../../../components/ui/switch';
import type { CookieConsent, OptionalCookieCategory } from '../consent';

const categories: { key: 'essential' | OptionalCookieCategory; title: string; text: string }[] = [
  {
    key: 'essential',
    title: 'Essential',
    text: 'Keep you signed in, protect your account and remember this choice. Locus cannot work without them.',
  },
  {
    key: 'analytics',
    title: 'Analytics',
    text: 'Tell us which features are used and where people get stuck, so we can improve them.',
  },
  {
    key: 'functional',
    title: 'Functional',
    text: 'Remember preferences such as layout choices and dismissed tips across visits.',
  },
  {
    key: 'marketing',
    title: 'Marketing',
    text: 'Measure how people find Locus and show relevant information about our product elsewhere.',
  },
];

interface CookiePreferencesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: CookieConsent;
  onSave: (consent: CookieConsent) => void;
}

/** Customize (spec §2): analytics, functional and marketing; essential is shown on and disabled. */
export function CookiePreferencesDialog({
  open,
  onOpenChange,
  initial,
  onSave,
}: CookiePreferencesDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        {/* Mounted with the dialog: every opening starts from the current preferences. */}
        <PreferencesForm initial={initial} onSave={onSave} />
      </DialogContent>
    </Dialog>
  );
}

function PreferencesForm({
  initial,
  onSave,
}: {
  initial: CookieConsent;
  onSave: (c: CookieConsent) => void;
}) {
  const [draft, setDraft] = useState<CookieConsent>({ ...initial, essential: true });
  return (
    <>
      <DialogHeader>
        <DialogTitle>Cookie preferences</DialogTitle>
        <DialogDescription>
          Choose which cookies Locus may use. You can change this at any time from the cookie settings link.
        </DialogDescription>
      </DialogHeader>
      <DialogBody>
        <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
          {categories.map(({ key, title, text }) => {
            const id = `cookie-${key}`;
            const essential = key === 'essential';
            return (
              <li key={key} className="flex items-start gap-4 px-4 py-3.5">
                <div className="min-w-0 flex-1">
                  <label
                    htmlFor={id}
                    className="flex items-center gap-2 text-sm font-semibold text-foreground"
                  >
                    {title}
                    {essential ? (
                      <span className="rounded-md bg-muted px-1.5 py-0.5 text-xs font-medium text-muted-foreground">
                        Always on
                      </span>
                    ) : null}
                  </label>
                  <p id={`${id}-text`} className="mt-1 text-sm leading-6 text-muted-foreground">
                    {text}
                  </p>
                </div>
                <Switch
                  id={id}
                  aria-describedby={`${id}-text`}
                  className="mt-0.5"
                  checked={essential ? true : draft[key]}
                  disabled={essential}
                  onCheckedChange={(checked) => {
                    if (!essential) setDraft((prev) => ({ ...prev, [key]: checked }));
                  }}
                />
              </li>
            );
          })}
        </ul>
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button onClick={() => onSave({ ...draft, essential: true })}>Save preferences</Button>
      </DialogFooter>
    </>
  );
}
