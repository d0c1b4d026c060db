import {
  ArrowRight,
  Briefcase,
  Clock3,
  Globe2,
  GraduationCap,
  HeartPulse,
  Laptop,
  MapPin,
} from 'lucide-react';
import { Link } from 'wouter';
import { buttonClassName } from '../../../components/ui/button';
import { MarketingPage, MarketingSection } from '../components/marketing-page';

const roles = [
  {
    title: 'Senior Full-Stack Engineer',
    team: 'Engineering',
    location: 'Remote (United States)',
    type: 'Full-time',
    text: 'Build the pipeline, documents and e-signature features our customers use every day, in TypeScript from PostgreSQL to React. You care about correctness, clear code and the people who rely on it.',
  },
  {
    title: 'Customer Success Lead',
    team: 'Customers',
    location: 'Remote (United States)',
    type: 'Full-time',
    text: 'Help locators and investors get set up, move their cases in and get more out of Locus. Experience in surplus recovery, real estate or another deal-driven business is a big plus.',
  },
  {
    title: 'Product Designer',
    team: 'Product',
    location: 'Remote (United States or Canada)',
    type: 'Full-time',
    text: 'Turn messy real-world workflows (claims, heirs, deadlines, signatures) into screens that feel obvious. You will talk to customers every week.',
  },
];

const benefits = [
  {
    icon: Laptop,
    title: 'Remote first',
    text: 'Work from where you do your best work, with a home-office budget.',
  },
  {
    icon: HeartPulse,
    title: 'Health cover',
    text: 'Medical, dental and vision plans for you and your family.',
  },
  {
    icon: Clock3,
    title: 'Time that is yours',
    text: 'Flexible hours, generous paid leave and real time off between projects.',
  },
  {
    icon: GraduationCap,
    title: 'Keep learning',
    text: 'A yearly learning budget for courses, books and conferences.',
  },
];

export function CareersPage() {
  return (
    <MarketingPage
      documentTitle="Careers"
      eyebrow="Careers"
      title="Help small teams recover more, with less paperwork"
      lead="We are a small, remote team building software for people who work one deal at a time. If that sounds like your kind of problem, we would like to hear from you."
    >
      <MarketingSection>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-foreground">Open roles</h2>
            <p className="mt-2 text-base text-muted-foreground">
              Every role works directly with customers and ships to production.
            </p>
          </div>
        </div>
        <ul className="mt-8 flex flex-col gap-4">
          {roles.map((role) => (
            <li
              key={role.title}
              className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-6 shadow-xs md:flex-row md:items-center md:justify-between"
            >
              <div className="max-w-3xl">
                <h3 className="text-lg font-semibold text-foreground">{role.title}</h3>
                <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                  <span className="inline-flex items-center gap-1.5">
                    <Briefcase className="size-4" aria-hidden="true" />
                    {role.team}
                  </span>
                  <span className="inline-flex items-center gap-1.5">
                    <MapPin className="size-4" aria-hidden="true" />
                    {role.location}
                  </span>
                  <span className="inline-flex items-center gap-1.5">
                    <Globe2 className="size-4" aria-hidden="true" />
                    {role.type}
                  </span>
                </div>
                <p className="mt-3 text-sm leading-6 text-muted-foreground">{role.text}</p>
              </div>
              <Link
                href="/contact"
                className={buttonClassName({ variant: 'secondary', className: 'self-start md:self-center' })}
                aria-label={`Apply for ${role.title}`}
              >
                Apply
                <ArrowRight aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </MarketingSection>
      <section className="border-t border-border bg-background">
        <MarketingSection>
          <h2 className="text-2xl font-bold tracking-tight text-foreground">Working at Locus</h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {benefits.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-border bg-surface p-6">
                <Icon className="size-6 text-primary" aria-hidden="true" />
                <h3 className="mt-4 text-base font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-10 max-w-2xl text-base leading-7 text-muted-foreground">
            Don't see your role? We are always glad to meet people who understand surplus recovery, real
            estate or small-business software.{' '}
            <Link href="/contact" className="font-medium text-primary underline underline-offset-2">
              Tell us about yourself
            </Link>
            .
          </p>
        </MarketingSection>
      </section>
    </MarketingPage>
  );
}
