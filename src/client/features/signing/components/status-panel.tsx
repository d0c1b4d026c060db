import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

interface StatusPanelProps {
  icon: LucideIcon;
  tone?: 'neutral' | 'success' | 'warning' | 'danger';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

const toneClasses = {
  neutral: 'bg-muted text-muted-foreground',
  success: 'bg-emerald-50 text-emerald-700',
  warning: 'bg-amber-50 text-amber-700',
  danger: 'bg-red-50 text-red-700',
} as const;

/** A page with one thing to say: signed, declined, not your turn yet, expired, not valid. */
export function StatusPanel({ icon: Icon, tone = 'neutral', title, children, actions }: StatusPanelProps) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <section className="w-full max-w-md rounded-2xl border border-border bg-surface p-6 text-center shadow-sm sm:p-8">
        <div
          className={cn('mx-auto flex size-12 items-center justify-center rounded-full', toneClasses[tone])}
        >
          <Icon className="size-6" aria-hidden="true" />
        </div>
        <h1 className="mt-4 text-xl font-semibold tracking-tight text-balance">{title}</h1>
        {children ? (
          <div className="mt-3 space-y-3 text-sm leading-6 text-muted-foreground">{children}</div>
        ) : null}
        {actions ? <div className="mt-6 flex flex-col gap-3">{actions}</div> : null}
      </section>
    </div>
  );
}
