import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface RadioTileProps extends Omit<ComponentProps<'input'>, 'type' | 'className' | 'children'> {
  children: ReactNode;
  className?: string;
}

/**
 * A radio drawn as a chip or a tile. The real input lies transparent over the whole tile (not
 * visually hidden off to the side), so a click or a tap, and test tools, land on the radio itself;
 * keyboards and screen readers use it as a plain radio. Style the look with `peer-checked:`,
 * `peer-hover:` and `peer-focus-visible:` on the children, or `has-checked:` and
 * `has-focus-visible:` on the tile.
 */
export function RadioTile({ children, className, ...input }: RadioTileProps) {
  return (
    <label className={cn('relative', className)}>
      <input
        type="radio"
        className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-[inherit] opacity-0"
        {...input}
      />
      {children}
    </label>
  );
}
