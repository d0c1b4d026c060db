import { cn } from '../../lib/cn';

/** The look of the top bar's buttons and links. */
export const barButtonClassName = cn(
  'inline-flex h-9 items-center gap-2 whitespace-nowrap rounded-lg px-2.5 text-sm font-medium text-muted-foreground transition-colors',
  'hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
  '[&_svg]:size-4.5 [&_svg]:shrink-0',
);
