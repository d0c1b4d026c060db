import { ArrowRight, HeartHandshake, Scale, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClassName } from '../../../components/ui/button';
import { MarketingPage, MarketingSection } from '../components/marketing-page';

const values = [
  {
    icon: HeartHandshake,
    title: 'Claimants first',
    text: 'Surplus recovery reaches people at hard moments. We build for honest outreach, clear fees and careful records, because that is how good locators win trust.',
  },
  {
    icon: ShieldCheck,
    title: 'Your data stays yours',
    text: 'Each organization’s records are kept apart, access follows the roles you set, and you can export everything whenever you like.',
  },
  {
    icon: Scale,
    title: 'Built for real rules',
    text: 'Deadlines, fee caps and document requirements differ by state. Locus keeps them visible on every case instead of in someone’s head.',
  },
  {
    icon: Sparkles,
    title: 'Simple beats clever',
    text: 'Small teams do not have time for a six-week implementation. Locus works on the first day and grows with you.',
  },
];

const audiences = [
  {
    title: 'Surplus funds locators',
    text: 'Track sales, surplus amounts, claimants and heirs from the county record to the payout.',
  },
  {
    title: 'Tax deed and real estate investors',
    text: 'Follow properties, auctions, offers and closings in one pipeline with every document attached.',
  },
  {
    title: 'Wholesalers',
    text: 'Move sellers from first call to assignment, and never lose track of a buyer.',
  },
  {
    title: 'Small businesses',
    text: 'A straightforward CRM for anyone who works in deals: leads, clients, pipeline and signatures.',
  },
];

export function AboutPage() {
  return (
    <MarketingPage
      documentTitle="About"
      eyebrow="About Locus"
      title="We build the CRM we wished surplus recovery teams had"
      lead="Locus helps small, deal-driven teams find the right people, keep every promise and get paid, without a wall of spreadsheets."
    >
      <MarketingSection>
        <div className="grid gap-12 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
          <div className="space-y-5 text-base leading-8 text-muted-foreground">
            <h2 className="text-2xl font-bold tracking-tight text-foreground">Our story</h2>
            <p>
              Locus started with a simple observation: the people who recover surplus funds for former
              homeowners were running serious businesses on sticky notes, shared spreadsheets and
              general-purpose CRMs that had no idea what a sale date, a claim deadline or a locator fee was.
            </p>
            <p>
              Every missed follow-up meant a family that never heard about money that was theirs, and a
              business that never got paid for the work it had already done. General tools treated a claim
              like a sales lead; what locators needed was a case file.
            </p>
            <p>
              So we built one: a CRM that understands surplus amounts, counties, heirs, agreements and
              e-signatures, and that is just as useful to the investors, wholesalers and small businesses who
              work the same way, one deal at a time.
            </p>
          </div>
          <div className="rounded-2xl border border-border bg-background p-6 sm:p-8">
            <h2 className="text-lg font-semibold text-foreground">Who we build for</h2>
            <ul className="mt-6 space-y-5">
              {audiences.map((audience) => (
                <li key={audience.title}>
                  <h3 className="text-sm font-semibold text-foreground">{audience.title}</h3>
                  <p className="mt-1 text-sm leading-6 text-muted-foreground">{audience.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </MarketingSection>
      <section className="border-y border-border bg-background">
        <MarketingSection>
          <h2 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">What we believe</h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2">
            {values.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-border bg-surface p-6 shadow-xs">
                <div className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </div>
                <h3 className="mt-5 text-base font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </MarketingSection>
      </section>
      <MarketingSection className="text-center">
        <h2 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          See Locus with your own cases
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-muted-foreground">
          Book a 30-minute walkthrough with our team, or start your workspace today.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link href="/contact" className={buttonClassName({ size: 'lg' })}>
            Request a demo
            <ArrowRight aria-hidden="true" />
          </Link>
          <Link href="/auth" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            Get started
          </Link>
        </div>
      </MarketingSection>
    </MarketingPage>
  );
}
