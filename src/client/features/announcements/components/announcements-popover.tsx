import { CheckCheck, ExternalLink } from 'lucide-react';
import { Popover } from 'radix-ui';
import type { RefObject } from 'react';
import { Link } from 'wouter';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { readApiError } from '../../../lib/api';
import {
  type MyAnnouncement,
  useMarkAllAnnouncementsRead,
  useMarkAnnouncementRead,
  useMyAnnouncements,
} from '../api';
import { AnnouncementIcon } from './announcement-icon';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

interface AnnouncementsPopoverProps {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell: the popover is placed at it, ignores clicks on it (the bell toggles) and returns focus to it. */
  anchor: RefObject<HTMLButtonElement | null>;
}

/**
 * The bell's list of announcements, loaded the first time the bell opens (issue 21 §1): the
 * popover and its positioning code are not part of any screen's first load.
 */
export function AnnouncementsPopover({ id, open, onOpenChange, anchor }: AnnouncementsPopoverProps) {
  const announcements = useMyAnnouncements();
  const markAll = useMarkAllAnnouncementsRead();
  const unread = announcements.data?.unreadCount ?? 0;
  const items = announcements.data?.items ?? [];

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          id={id}
          align="end"
          onInteractOutside={(event) => {
            if (anchor.current?.contains(event.target as Node)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            anchor.current?.focus();
          }}
          sideOffset={6}
          collisionPadding={8}
          aria-label="Announcements"
          className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] outline-none w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl border border-border bg-surface shadow-lg data-[state=open]:animate-pop-in"
        >
          <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
            <h2 className="text-sm font-semibold">Announcements</h2>
            {unread > 0 ? (
              <button
                type="button"
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-primary hover:bg-muted disabled:opacity-50 [&_svg]:size-3.5"
                disabled={markAll.isPending}
                onClick={() =>
                  markAll.mutate(undefined, {
                    onError: (error) =>
                      toast.error('Could not mark them read', { description: readApiError(error).message }),
                  })
                }
              >
                <CheckCheck aria-hidden="true" />
                Mark all read
              </button>
            ) : null}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {announcements.isPending ? (
              <p className="px-4 py-6 text-sm text-muted-foreground">Loading…</p>
            ) : announcements.isError ? (
              <p className="px-4 py-6 text-sm text-red-700">
                Could not load announcements: {readApiError(announcements.error).message}
              </p>
            ) : items.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-muted-foreground">
                No announcements right now.
              </p>
            ) : (
              <ul className="divide-y divide-border" aria-label="Announcements">
                {items.map((item) => (
                  <AnnouncementItem key={item.id} item={item} onNavigate={() => onOpenChange(false)} />
                ))}
              </ul>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function AnnouncementItem({ item, onNavigate }: { item: MyAnnouncement; onNavigate: () => void }) {
  const markRead = useMarkAnnouncementRead();
  const read = () => {
    if (item.isRead || markRead.isPending) return;
    markRead.mutate(item.id, {
      // e.g. during a read-only support visit: say so rather than leave the dot unexplained.
      onError: (error) => toast.error('Could not mark it read', { description: readApiError(error).message }),
    });
  };
  const urgent = item.priority === 'high' || item.priority === 'urgent';
  return (
    <li
      className={cn('flex gap-3 px-4 py-3', !item.isRead && 'bg-primary-soft/30')}
      data-testid="announcement-item"
      data-read={item.isRead ? 'true' : 'false'}
      aria-label={item.title}
    >
      <AnnouncementIcon iconType={item.iconType} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start gap-2">
          <p
            className={cn(
              'min-w-0 flex-1 text-sm break-words',
              item.isRead ? 'font-medium' : 'font-semibold',
            )}
          >
            {item.title}
          </p>
          {!item.isRead ? (
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
              <span className="sr-only">Unread</span>
            </span>
          ) : null}
        </div>
        {item.description ? (
          <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{item.description}</p>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span>{dateFormat.format(new Date(item.createdAt))}</span>
          {urgent ? (
            <span className="font-medium text-red-700">
              {item.priority === 'urgent' ? 'Urgent' : 'Important'}
            </span>
          ) : null}
          {item.actionUrl ? (
            <ActionLink
              url={item.actionUrl}
              onOpen={() => {
                read();
                onNavigate();
              }}
            />
          ) : null}
          {!item.isRead ? (
            <button
              type="button"
              className="font-medium text-primary hover:underline disabled:opacity-50"
              onClick={read}
              disabled={markRead.isPending}
              aria-label={`Mark “${item.title}” read`}
            >
              Mark read
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** A path of Locus opens in the app; another site in a new tab (the server allows only http(s)). */
function ActionLink({ url, onOpen }: { url: string; onOpen: () => void }) {
  const className = 'inline-flex items-center gap-1 font-medium text-primary hover:underline [&_svg]:size-3';
  if (url.startsWith('/')) {
    return (
      <Link href={url} className={className} onClick={onOpen}>
        Open
      </Link>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className} onClick={onOpen}>
      Open
      <ExternalLink aria-hidden="true" />
    </a>
  );
}
