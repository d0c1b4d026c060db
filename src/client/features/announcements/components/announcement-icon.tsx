import { CircleAlert, CircleCheck, Info, type LucideIcon, Rocket, TriangleAlert } from 'lucide-react';
import { cn } from '../../../lib/cn';

const icons: Record<string, { icon: LucideIcon; className: string }> = {
  info: { icon: Info, className: 'bg-sky-50 text-sky-700' },
  success: { icon: CircleCheck, className: 'bg-emerald-50 text-emerald-700' },
  warning: { icon: TriangleAlert, className: 'bg-amber-50 text-amber-700' },
  alert: { icon: CircleAlert, className: 'bg-red-50 text-red-700' },
  release: { icon: Rocket, className: 'bg-primary-soft text-primary-soft-foreground' },
};

/** An announcement's icon (its `iconType`) in a tinted circle; unknown types show as info. */
export function AnnouncementIcon({ iconType, className }: { iconType: string; className?: string }) {
  const { icon: Icon, className: tint } = icons[iconType] ?? icons.info;
  return (
    <span
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full [&_svg]:size-4',
        tint,
        className,
      )}
      aria-hidden="true"
    >
      <Icon />
    </span>
  );
}
