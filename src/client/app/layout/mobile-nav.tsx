import { CircleHelp, LogOut } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { Link } from 'wouter';
import { Logo } from '../../components/logo';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '../../components/ui/sheet';
import type { CurrentUser } from '../../features/auth/api';
import { cn } from '../../lib/cn';
import { isNavItemActive, type NavItem } from './nav-items';
import { Avatar, fullName } from './user-identity';

interface MobileNavProps {
  items: NavItem[];
  path: string;
  user: CurrentUser;
  trigger: ReactElement;
  onLogout: () => void;
  onHelp: () => void;
}

const rowClassName =
  'flex h-11 w-full items-center gap-3 rounded-lg px-3 text-[15px] font-medium transition-colors focus-visible:outline-2 focus-visible:outline-primary [&_svg]:size-5 [&_svg]:shrink-0';

/** The same items as the top bar, in a drawer for phones and small tablets. */
export function MobileNav({ items, path, user, trigger, onLogout, onHelp }: MobileNavProps) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="right" aria-describedby={undefined}>
        <div className="flex h-16 items-center border-b border-border px-5">
          <Logo />
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">Main navigation and account</SheetDescription>
        </div>
        <nav aria-label="Mobile navigation" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="flex flex-col gap-1">
            {items.map((item) => {
              const active = isNavItemActive(item, path);
              const Icon = item.icon;
              return (
                <li key={item.id}>
                  <SheetClose asChild>
                    <Link
                      href={item.href}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        rowClassName,
                        active
                          ? 'bg-primary-soft text-primary-soft-foreground'
                          : 'text-foreground hover:bg-muted [&_svg]:text-muted-foreground',
                      )}
                    >
                      <Icon aria-hidden="true" />
                      {item.label}
                    </Link>
                  </SheetClose>
                </li>
              );
            })}
            <li>
              <button
                type="button"
                className={cn(rowClassName, 'text-foreground hover:bg-muted [&_svg]:text-muted-foreground')}
                onClick={() => {
                  setOpen(false);
                  onHelp();
                }}
              >
                <CircleHelp aria-hidden="true" />
                Help
              </button>
            </li>
          </ul>
        </nav>
        <div className="border-t border-border p-3">
          <SheetClose asChild>
            <Link
              href="/settings/profile"
              className="flex items-center gap-3 rounded-lg px-3 py-2.5 hover:bg-muted"
            >
              <Avatar user={user} className="size-9 text-xs" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold">{fullName(user)}</span>
                <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
              </span>
            </Link>
          </SheetClose>
          <button
            type="button"
            className={cn(rowClassName, 'mt-1 text-foreground hover:bg-muted [&_svg]:text-muted-foreground')}
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            <LogOut aria-hidden="true" />
            Logout
          </button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
