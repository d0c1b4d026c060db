import { Link } from 'wouter';
import { Logo } from '../../../components/logo';
import { buttonClassName } from '../../../components/ui/button';

const sectionLinks = [
  { href: '#features', label: 'Features' },
  { href: '#how-it-works', label: 'How it works' },
  { href: '#who-its-for', label: "Who it's for" },
];

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-surface/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" aria-label="Locus home" className="rounded-md">
          <Logo />
        </Link>
        <nav aria-label="Sections" className="hidden items-center gap-8 text-sm font-medium md:flex">
          {sectionLinks.map((link) => (
            <a key={link.href} href={link.href} className="text-muted-foreground hover:text-foreground">
              {link.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <Link href="/auth" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
            Sign in
          </Link>
          <Link href="/auth" className={buttonClassName({ size: 'sm' })}>
            Get started
          </Link>
        </div>
      </div>
    </header>
  );
}
