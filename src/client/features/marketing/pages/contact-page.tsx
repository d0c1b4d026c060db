import { CalendarCheck, LifeBuoy, MessageSquareText } from 'lucide-react';
import { MarketingPage, MarketingSection } from '../components/marketing-page';
import { ContactForm } from '../components/contact-form';

const expectations = [
  {
    icon: MessageSquareText,
    title: 'A reply within one business day',
    text: 'A real person from our team answers every request.',
  },
  {
    icon: CalendarCheck,
    title: 'A 30-minute walkthrough',
    text: 'We show Locus with cases like yours: sale records, claimants, agreements and payouts.',
  },
  {
    icon: LifeBuoy,
    title: 'Already a customer?',
    text: 'Sign in and open Help > Support for the fastest answer from our support team.',
  },
];

export function ContactPage() {
  return (
    <MarketingPage
      documentTitle="Contact"
      eyebrow="Contact"
      title="Contact us"
      lead="Tell us a little about your business and we'll show you how Locus fits the way you work."
    >
      <MarketingSection>
        <div className="grid gap-10 lg:grid-cols-[1.6fr_1fr] lg:gap-14">
          <div className="rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8">
            <h2 className="text-xl font-semibold tracking-tight text-foreground">Request a demo</h2>
            <p className="mt-1 mb-6 text-sm text-muted-foreground">
              All fields are required unless marked optional.
            </p>
            <ContactForm />
          </div>
          <aside aria-label="What to expect" className="flex flex-col gap-6">
            {expectations.map(({ icon: Icon, title, text }) => (
              <div key={title} className="flex gap-4">
                <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </div>
                <div>
                  <h3 className="text-sm font-semibold text-foreground">{title}</h3>
                  <p className="mt-1 text-sm leading-6 text-muted-foreground">{text}</p>
                </div>
              </div>
            ))}
          </aside>
        </div>
      </MarketingSection>
    </MarketingPage>
  );
}
