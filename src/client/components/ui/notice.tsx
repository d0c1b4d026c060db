import { Info, type LucideIcon, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: 'text-sky-600', Icon: Info },
  warning: {
    box: 'border-amber-200 bg-amber-50 text-amber-900',
    icon: 'text-amber-600',
    Icon: TriangleAlert,
  },
} as const;

interface NoticeProps {
  tone?: keyof typeof tones;
  title?: ReactNode;
  children: ReactNode;
  icon?: LucideIcon;
  className?: string;
}

/** A calm, inline message box: a read-only hint, a caution about the data shown. */
export function Notice({ tone = 'info', title, children, icon, className }: NoticeProps) {
  const style = tones[tone];
  const Icon = icon ?? style.Icon;
  return (
    <div className={cn('flex gap-3 rounded-lg border px-4 py-3 text-sm leading-6', style.box, className)}>
      <Icon className={cn('mt-1 size-4 shrink-0', style.icon)} aria-hidden="true" />
      <div className="min-w-0">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div>{children}</div>
      </div>
    </div>
  );
}
