import { Bell } from 'lucide-react';
import { lazy, useId, useRef, useState } from 'react';
import { LoadOnOpen } from '../../../components/load-on-open';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { useMyAnnouncements } from '../api';

const AnnouncementsPopover = lazy(() =>
  import('./announcements-popover').then((module) => ({ default: module.AnnouncementsPopover })),
);

/**
 * The nav bar's bell: the platform's announcements to this user, with the unread count. It is on
 * every page, so it stays small: its list loads on first open, and it asks every minute and when
 * the tab regains focus (api.ts).
 */
export function AnnouncementsBell({ className }: { className?: string }) {
  const announcements = useMyAnnouncements();
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const unread = announcements.data?.unreadCount ?? 0;
  const label = unread > 0 ? `Announcements, ${unread} unread` : 'Announcements';

  return (
    <>
      <Tooltip content="Announcements from the Locus team">
        <button
          ref={bell}
          type="button"
          className={cn('relative', className)}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popoverId : undefined}
          data-state={open ? 'open' : 'closed'}
          data-testid="announcements-bell"
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          <Bell aria-hidden="true" />
          {unread > 0 ? (
            <span
              className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white"
              data-testid="announcements-unread"
              aria-hidden="true"
            >
              {unread > 9 ? '9+' : unread}
            </span>
          ) : null}
        </button>
      </Tooltip>
      {/* A popover by the bell: no page-wide veil for the moment its code takes to arrive. */}
      <LoadOnOpen open={open} loading={null}>
        <AnnouncementsPopover id={popoverId} open={open} onOpenChange={setOpen} anchor={bell} />
      </LoadOnOpen>
    </>
  );
}
