import type { ComponentProps } from 'react';
import type { CurrentUser } from '../../features/auth/api';
import { cn } from '../../lib/cn';
import { initialsOf } from '../../lib/initials';

type Named = Pick<CurrentUser, 'firstName' | 'lastName'>;

export function fullName(user: Named): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export function Avatar({ user, className }: { user: Named } & ComponentProps<'span'>) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-[11px] font-semibold text-primary-foreground',
        className,
      )}
    >
      {initialsOf(user.firstName, user.lastName)}
    </span>
  );
}
