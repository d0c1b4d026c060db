import {
  ArrowRight,
  CalendarClock,
  Check,
  Contact,
  Handshake,
  History,
  House,
  Kanban,
  Landmark,
  type LucideIcon,
  MapPin,
  ShieldCheck,
  Signature,
  Store,
} from 'lucide-react';
import { Link } from 'wouter';
import { buttonClassName } from '../../../components/ui/button';
import { EarlyAccessForm } from '../components/early-access-form';
import { PipelinePreview } from '../components/pipeline-preview';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';

export function LandingPage() {
  return (
    <div className="min-h-dvh bg-surface">
      <SiteHeader />
      <main>
        <Hero />
        <Audiences />
        <Features />
        <Steps />
        <EarlyAccess />
        <CallToAction />
      </main>
      <SiteFooter />
    </div>
  );
}

const highlights = ['Claim deadlines tracked', 'Fees calculated for you', 'E-signatures built in'];

function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 h-[520px] bg-linear-to-b from-primary-soft to-transparent"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-[1.05fr_1fr] lg:gap-16 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-primary/20 bg-surface px-3 py-1 text-xs font-medium text-primary-soft-foreground shadow-xs">
            <span className="size-1.5 rounded-full bg-primary" aria-hidden="true" />
            Built for surplus recovery and deal-driven teams
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl lg:text-[3.4rem] lg:leading-[1.08]">
            The CRM that turns surplus funds into <span className="text-primary">closed claims</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-muted-foreground">
            Locus keeps every lead, claimant, deadline and signed agreement in one workspace, so your team
            spends its time recovering money instead of chasing spreadsheets.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link href="/auth" className={buttonClassName({ size: 'lg' })}>
              Get started
              <ArrowRight aria-hidden="true" />
            </Link>
            <Link href="/contact" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
              Request a demo
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            {highlights.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <Check className="size-4 text-primary" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <PipelinePreview />
      </div>
    </section>
  );
}

const audiences: { icon: LucideIcon; label: string }[] = [
  { icon: MapPin, label: 'Surplus funds locators' },
  { icon: Landmark, label: 'Tax deed investors' },
  { icon: House, label: 'Real estate investors' },
  { icon: Handshake, label: 'Wholesalers' },
  { icon: Store, label: 'Small businesses' },
];

function Audiences() {
  return (
    <section id="who-its-for" className="scroll-mt-16 border-y border-border bg-background">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h2 className="text-center text-sm font-semibold text-muted-foreground">
          Made for people who work deals, not tickets
        </h2>
        <ul className="mt-6 flex flex-wrap justify-center gap-3">
          {audiences.map(({ icon: Icon, label }) => (
            <li
              key={label}
              className="flex items-center gap-2 rounded-full border border-border bg-surface px-4 py-2 text-sm font-medium shadow-xs"
            >
              <Icon className="size-4 text-primary" aria-hidden="true" />
              {label}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const features: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Contact,
    title: 'Lead & client tracking',
    text: 'Capture owners, heirs and properties as leads, then convert them to clients in one click with their full history.',
  },
  {
    icon: Kanban,
    title: 'Drag-and-drop deal pipeline',
    text: 'See every deal from Research to Paid and move it forward by dragging its card to the next column.',
  },
  {
    icon: CalendarClock,
    title: 'Surplus case tracking',
    text: 'Record sale dates, surplus amounts and claim deadlines by county. Locus calculates your fee and flags deadlines before they slip.',
  },
  {
    icon: Signature,
    title: 'Document templates & e-signature',
    text: 'Fill agreements from your own templates, send them for signature and get a sealed, signed PDF back.',
  },
  {
    icon: ShieldCheck,
    title: 'Team permissions',
    text: 'Give admins, managers and agents exactly the access they need, by team and by record type.',
  },
  {
    icon: History,
    title: 'Activity timeline',
    text: 'Calls, e-mails, notes and status changes on one timeline, so anyone can pick up a file where a colleague left off.',
  },
];

function Features() {
  return (
    <section id="features" className="scroll-mt-16">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold text-primary">Features</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Everything a claim needs, from first lead to final payout
          </h2>
          <p className="mt-4 text-lg leading-8 text-muted-foreground">
            One place for the people, properties, paperwork and money behind every deal.
          </p>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-border bg-surface p-6 shadow-xs transition-shadow hover:shadow-md"
            >
              <div className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-base font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const steps = [
  {
    title: 'Capture the lead',
    text: 'Add owners from your county lists or import them, with the property and the surplus amount.',
  },
  {
    title: 'Work the claim',
    text: 'Log every call, send the agreement for e-signature and keep each claim ahead of its deadline.',
  },
  {
    title: 'Get paid',
    text: 'Move the deal to Paid and see your fee, your pipeline value and what is due next.',
  },
];

function Steps() {
  return (
    <section id="how-it-works" className="scroll-mt-16 bg-background">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold text-primary">How it works</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            From lead to payout in three steps
          </h2>
        </div>
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-border bg-surface p-6">
              <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mt-5 text-base font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const earlyAccessPerks = [
  'First look at new features before they launch',
  'A guided setup call with our team',
  'A direct line to the people building Locus',
];

function EarlyAccess() {
  return (
    <section id="early-access" className="scroll-mt-16">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pt-20 sm:px-6 lg:grid-cols-[1fr_1.2fr] lg:items-center lg:gap-16 lg:pt-24">
        <div>
          <p className="text-sm font-semibold text-primary">Early access</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Help shape what we build next
          </h2>
          <p className="mt-4 text-lg leading-8 text-muted-foreground">
            Join the early-access list to try new features first and tell us what your cases need.
          </p>
          <ul className="mt-6 space-y-3 text-sm text-muted-foreground">
            {earlyAccessPerks.map((perk) => (
              <li key={perk} className="flex items-center gap-2">
                <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {perk}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-muted-foreground">
            Prefer to talk first?{' '}
            <Link href="/contact" className="font-medium text-primary underline underline-offset-2">
              Request a demo
            </Link>
            .
          </p>
        </div>
        <div className="rounded-2xl border border-border bg-surface p-6 shadow-lg sm:p-8">
          <EarlyAccessForm />
        </div>
      </div>
    </section>
  );
}

function CallToAction() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <div className="rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-lg sm:px-12">
        <h2 className="text-3xl font-bold tracking-tight text-balance">
          Ready to recover more surplus funds?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg leading-8 opacity-90">
          Create your organization's workspace, invite your team and bring your first claims in today.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            href="/auth"
            className={buttonClassName({
              variant: 'inverse',
              size: 'lg',
            })}
          >
            Get started
            <ArrowRight aria-hidden="true" />
          </Link>
          <Link
            href="/auth"
            className={buttonClassName({
              variant: 'inverseOutline',
              size: 'lg',
            })}
          >
            Sign in
          </Link>
        </div>
      </div>
    </section>
  );
}
