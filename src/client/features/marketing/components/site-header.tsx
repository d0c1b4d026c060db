import { Link, useLocation } from 'wouter';
import { Logo } from '../../../components/logo';
import { buttonClassName } from '../../../components/ui/button';

/** Section anchors on the landing page; the other public pages link to the pages themselves. */
const landingLinks = [
  { href: '#features', label: 'Features' },
  { href: '#how-it-works', label: 'How it works' },
  { href: '#who-its-for', label: "Who it's for" },
];

const pageLinks = [
  { href: '/about', label: 'About' },
  { href: '/blog', label: 'Blog' },
  { href: '/careers', label: 'Careers' },
  { href: '/contact', label: 'Contact' },
];

const linkClassName = 'text-muted-foreground transition-colors hover:text-foreground';
const activeLinkClassName = 'text-foreground transition-colors';

export function SiteHeader() {
  const [path] = useLocation();
  const onLanding = path === '/';
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-surface/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" aria-label="Locus home" className="rounded-md">
          <Logo />
        </Link>
        <nav aria-label="Sections" className="hidden items-center gap-7 text-sm font-medium md:flex">
          {onLanding
            ? landingLinks.map((link) => (
                <a key={link.href} href={link.href} className={linkClassName}>
                  {link.label}
                </a>
              ))
            : pageLinks.map((link) => (
                <Link
                  key={link.href}
                  href={link.href}
                  aria-current={path === link.href ? 'page' : undefined}
                  className={path === link.href ? activeLinkClassName : linkClassName}
                >
                  {link.label}
                </Link>
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
