import { ChevronDown } from 'lucide-react';
import { useLocation } from 'wouter';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/cn';
import { barButtonClassName } from './bar-button';
import { isNavItemActive, type NavItem } from './nav-items';

/** The top bar's "More" menu: the custom objects past those the bar shows as items of their own. */
export function MoreObjectsMenu({ items, path }: { items: NavItem[]; path: string }) {
  const [, navigate] = useLocation();
  const active = items.some((item) => isNavItemActive(item, path));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(
          barButtonClassName,
          'px-3',
          active && 'bg-primary-soft text-primary-soft-foreground hover:bg-primary-soft',
        )}
      >
        More
        <ChevronDown aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {items.map((item) => {
          const Icon = item.icon;
          return (
            <DropdownMenuItem key={item.id} onSelect={() => navigate(item.href)}>
              <Icon aria-hidden="true" />
              {item.label}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
