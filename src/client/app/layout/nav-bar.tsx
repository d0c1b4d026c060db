import { ChevronDown, CircleHelp, LogOut, Menu } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { barButtonClassName } from './bar-button';
import { Link, useLocation } from 'wouter';
import { Tooltip } from '../../components/ui/tooltip';
import { useSignedInUser } from '../../features/auth/signed-in-user';
import { preloadScreenAt } from '../screens';
import { cn } from '../../lib/cn';
import { useHelpPanel } from './help-panel-context';
import { MobileNav } from './mobile-nav';
import {
  isNavItemActive,
  type NavItem,
  objectNavItems,
  topBarItems,
  visibleNavItems,
  withObjectItems,
} from './nav-items';
import { OrgLogo } from './org-logo';
import { useLogout } from '../../features/auth/use-logout';
import { SearchButton } from '../../features/search/components/search-button';
import { useEntityDefinitions } from '../../features/objects/entity-definitions-query';
import { lazyObjectIconOf } from '../../features/objects/components/lazy-object-icon';
import { Avatar, fullName } from './user-identity';
import { AnnouncementsBell } from '../../features/announcements/components/announcements-bell';

// Shown only with more custom objects than the bar holds: its menu code loads with it.
const MoreObjectsMenu = lazy(() =>
  import('./more-objects-menu').then((module) => ({ default: module.MoreObjectsMenu })),
);

/** The application's top bar (spec §2 "Navigation bar"); below 1024 px the items move into a drawer. */
export function NavBar() {
  const user = useSignedInUser();
  const [path] = useLocation();
  const help = useHelpPanel();
  const logout = useLogout();
  const objects = useEntityDefinitions();
  const objectItems = objectNavItems(objects.data?.items ?? [], user, lazyObjectIconOf);
  const { items, more: moreItems } = topBarItems(visibleNavItems(user), objectItems);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/95 backdrop-blur supports-backdrop-filter:bg-surface/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:gap-6 lg:px-8">
        <Link href="/dashboard" aria-label="Locus" className="flex shrink-0 items-center rounded-md">
          <OrgLogo />
        </Link>
        <nav
          aria-label="Main navigation"
          data-tour="main-navigation"
          className="flex min-w-0 flex-1 items-center"
        >
          <ul className="hidden items-center gap-0.5 lg:flex">
            {items.map((item) => (
              <li key={item.id}>
                <NavLink item={item} active={isNavItemActive(item, path)} />
              </li>
            ))}
            {moreItems.length > 0 ? (
              <li>
                <Suspense
                  fallback={
                    <span className={cn(barButtonClassName, 'px-3')}>
                      More
                      <ChevronDown aria-hidden="true" />
                    </span>
                  }
                >
                  <MoreObjectsMenu items={moreItems} path={path} />
                </Suspense>
              </li>
            ) : null}
          </ul>
          <div className="ml-auto flex items-center gap-0.5">
            <Tooltip content="Search leads, clients, companies and deals">
              <SearchButton className="mr-1.5" />
            </Tooltip>
            <Tooltip content="Tours, guides, answers and support">
              <button type="button" className={barButtonClassName} onClick={help.open} data-tour="help-menu">
                <CircleHelp aria-hidden="true" />
                <span className="max-xl:sr-only">Help</span>
              </button>
            </Tooltip>
            <AnnouncementsBell className={cn(barButtonClassName, 'px-2')} />
            <span className="mx-1.5 hidden h-6 w-px bg-border lg:block" aria-hidden="true" />
            <Tooltip content={`Signed in as ${user.email}`}>
              <Link
                href="/settings/profile"
                className={cn(barButtonClassName, 'hidden text-foreground lg:inline-flex')}
              >
                <Avatar user={user} />
                <span className="max-w-40 truncate">{fullName(user)}</span>
              </Link>
            </Tooltip>
            <Tooltip content="Sign out of Locus">
              <button
                type="button"
                className={cn(barButtonClassName, 'hidden lg:inline-flex')}
                onClick={logout}
              >
                <LogOut aria-hidden="true" />
                <span className="max-xl:sr-only">Logout</span>
              </button>
            </Tooltip>
            <MobileNav
              items={withObjectItems(visibleNavItems(user), objectItems)}
              path={path}
              user={user}
              onLogout={logout}
              onHelp={help.open}
              trigger={
                <button type="button" className={cn(barButtonClassName, 'text-foreground lg:hidden')}>
                  <Menu aria-hidden="true" />
                  <span className="sr-only">Open menu</span>
                </button>
              }
            />
          </div>
        </nav>
      </div>
    </header>
  );
}

function NavLink({ item, active }: { item: NavItem; active: boolean }) {
  const Icon = item.icon;
  const me = useSignedInUser();
  // Pointing at (or tabbing to) an item loads its screen, so the click shows it without a spinner.
  const preload = () => preloadScreenAt(item.href, me);
  return (
    <Tooltip content={item.tooltip}>
      <Link
        href={item.href}
        onPointerEnter={preload}
        onFocus={preload}
        aria-current={active ? 'page' : undefined}
        className={cn(
          barButtonClassName,
          'px-3',
          active &&
            'bg-primary-soft text-primary-soft-foreground hover:bg-primary-soft hover:text-primary-soft-foreground',
        )}
      >
        <Icon aria-hidden="true" />
        {/*
         * Custom objects' names show only on the widest screens: the standard items keep theirs.
         * So does Super Admin's: with the bell, a super admin's bar would overflow at 1440 px.
         */}
        <span
          className={
            item.id.startsWith('object:') || item.id === 'super-admin' ? 'max-2xl:sr-only' : 'max-xl:sr-only'
          }
        >
          {item.label}
        </span>
      </Link>
    </Tooltip>
  );
}
