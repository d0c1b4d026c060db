import type { DropdownMenu as RadixMenu } from 'radix-ui';
import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  cloneElement,
  isValidElement,
  useContext,
  useState,
} from 'react';
import { cn } from '../../lib/cn';
import { loadOnDemand } from '../../lib/load-on-demand';

/*
 * Drop-down menus whose code (Radix's menu with its positioning, about 19 KB gzip) loads on the
 * first press of any menu's trigger (docs/decisions/042). Until then a trigger is the same button
 * with the same attributes, and a menu's content renders nothing; once the code is there, every
 * menu is Radix's. Content and items render only inside an open menu, so they always have it.
 */
type Radix = typeof RadixMenu;

const radixMenu = loadOnDemand(() =>
  import('./radix-dropdown-menu').then((module) => module.RadixDropdownMenu),
);

/** Radix's parts, for the content and items: rendered only inside an open (so loaded) menu. */
function loadedRadix(): Radix {
  const radix = radixMenu.current();
  if (!radix) throw new Error('A menu part rendered before the menu code loaded');
  return radix;
}

const RequestOpen = createContext<() => void>(() => undefined);

export function DropdownMenu({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  children,
  ...props
}: ComponentProps<Radix['Root']>) {
  const Menu = radixMenu.use();
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const open = openProp ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  if (Menu) {
    return (
      <Menu.Root open={open} onOpenChange={setOpen} {...props}>
        {children}
      </Menu.Root>
    );
  }
  const requestOpen = () => {
    radixMenu.request();
    if (!open) setOpen(true);
  };
  return <RequestOpen.Provider value={requestOpen}>{children}</RequestOpen.Provider>;
}

type TriggerChildProps = {
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
};

/** The keys Radix opens a menu with from its trigger. */
const openingKeys = new Set(['Enter', ' ', 'ArrowDown']);

export function DropdownMenuTrigger({ asChild, children, ...props }: ComponentProps<Radix['Trigger']>) {
  const Menu = radixMenu.use();
  const requestOpen = useContext(RequestOpen);
  if (Menu) {
    return (
      <Menu.Trigger asChild={asChild} {...props}>
        {children}
      </Menu.Trigger>
    );
  }
  const child = asChild && isValidElement(children) ? (children as ReactElement<TriggerChildProps>) : null;
  const own = child?.props ?? {};
  const light = {
    ...props,
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(event);
      props.onPointerDown?.(event as PointerEvent<HTMLButtonElement>);
      if (!props.disabled && event.button === 0 && !event.ctrlKey) requestOpen();
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      own.onKeyDown?.(event);
      props.onKeyDown?.(event as KeyboardEvent<HTMLButtonElement>);
      if (props.disabled || !openingKeys.has(event.key)) return;
      event.preventDefault();
      requestOpen();
    },
    // A screen reader's activation may send a click alone.
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.onClick?.(event);
      props.onClick?.(event as MouseEvent<HTMLButtonElement>);
      if (!props.disabled && event.detail === 0) requestOpen();
    },
  };
  if (child) return cloneElement(child, light);
  return <button {...light}>{children}</button>;
}

export function DropdownMenuContent({
  className,
  align = 'end',
  sideOffset = 4,
  ...props
}: ComponentProps<Radix['Content']>) {
  const Menu = radixMenu.use();
  if (!Menu) return null;
  return (
    <Menu.Portal>
      <Menu.Content
        align={align}
        sideOffset={sideOffset}
        collisionPadding={8}
        className={cn(
          'z-50 min-w-44 rounded-lg border border-border bg-surface p-1 shadow-lg data-[state=open]:animate-pop-in',
          className,
        )}
        {...props}
      />
    </Menu.Portal>
  );
}

interface ItemProps extends ComponentProps<Radix['Item']> {
  destructive?: boolean;
}

export function DropdownMenuItem({ className, destructive, ...props }: ItemProps) {
  const Menu = loadedRadix();
  return (
    <Menu.Item
      className={cn(
        'flex cursor-default items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none select-none [&_svg]:size-4 [&_svg]:shrink-0',
        'data-disabled:pointer-events-none data-disabled:opacity-50',
        destructive
          ? 'text-destructive data-highlighted:bg-red-50'
          : 'text-foreground data-highlighted:bg-muted [&_svg]:text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<Radix['Separator']>) {
  const Menu = loadedRadix();
  return <Menu.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
}

export function DropdownMenuLabel(props: ComponentProps<Radix['Label']>) {
  const Menu = loadedRadix();
  return <Menu.Label {...props} />;
}

export function DropdownMenuCheckboxItem(props: ComponentProps<Radix['CheckboxItem']>) {
  const Menu = loadedRadix();
  return <Menu.CheckboxItem {...props} />;
}

export function DropdownMenuRadioGroup(props: ComponentProps<Radix['RadioGroup']>) {
  const Menu = loadedRadix();
  return <Menu.RadioGroup {...props} />;
}

export function DropdownMenuRadioItem(props: ComponentProps<Radix['RadioItem']>) {
  const Menu = loadedRadix();
  return <Menu.RadioItem {...props} />;
}

export function DropdownMenuItemIndicator(props: ComponentProps<Radix['ItemIndicator']>) {
  const Menu = loadedRadix();
  return <Menu.ItemIndicator {...props} />;
}
