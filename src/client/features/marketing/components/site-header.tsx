import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Logo } from '../../../components/logo';
import { buttonClassName } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

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
  // The phone menu is open on the page it was opened on: following a link (or Back) closes it.
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const menuOpen = menuPath === path;
  const setMenuOpen = (open: boolean) => setMenuPath(open ? path : null);
  const menuId = useId();
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuPath(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);
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
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
            className={buttonClassName({ variant: 'ghost', size: 'sm', className: 'md:hidden' })}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </div>
      {/* Phones: the page links the wide header shows inline, in a panel under the bar. */}
      <nav
        id={menuId}
        aria-label="Site menu"
        hidden={!menuOpen}
        className="border-t border-border/70 bg-surface px-4 pb-4 md:hidden"
      >
        <ul className="flex flex-col pt-2 text-base font-medium">
          {pageLinks.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={path === link.href ? 'page' : undefined}
                onClick={() => setMenuOpen(false)}
                className={cn(
                  'block rounded-md px-2 py-3',
                  path === link.href ? activeLinkClassName : linkClassName,
                )}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
