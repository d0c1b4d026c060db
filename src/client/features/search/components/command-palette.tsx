import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Boxes,
  Building2,
  Contact,
  CornerDownLeft,
  Handshake,
  LayoutDashboard,
  type LucideIcon,
  Plus,
  Search,
  Settings,
  Target,
} from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { can } from '../../../../common/permissions';
import { overlayClassName } from '../../../components/ui/overlay';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSignedInUser } from '../../auth/signed-in-user';
import {
  buildGroups,
  flatten,
  handlePaletteKey,
  itemUrl,
  keepHighlight,
  type PaletteItem,
  type QuickAction,
  type ResultKind,
  type SearchResult,
} from '../palette-model';
import { setCommandPaletteOpen, useCommandPaletteOpen } from '../palette-store';

const kindIcons: Record<ResultKind, LucideIcon> = {
  lead: Target,
  client: Contact,
  company: Building2,
  deal: Handshake,
  entity_record: Boxes,
};

const actionIcons: Record<string, LucideIcon> = {
  'new-lead': Plus,
  'new-deal': Plus,
  dashboard: LayoutDashboard,
  settings: Settings,
};

/**
 * The global search (Ctrl+K / Cmd+K, or the nav's Search button; CommandPaletteHost loads it on
 * first open): records as you type, grouped by kind, plus quick actions. Arrow keys move, Enter
 * opens, Escape closes.
 */
export function CommandPalette() {
  const open = useCommandPaletteOpen();

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setCommandPaletteOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClassName} />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className={cn(
            'fixed top-[10dvh] left-1/2 z-50 flex max-h-[min(34rem,80dvh)] w-[calc(100vw-1.5rem)] max-w-xl -translate-x-1/2 flex-col',
            'overflow-hidden rounded-2xl border border-border bg-surface shadow-2xl outline-none data-[state=open]:animate-pop-in',
          )}
        >
          <DialogPrimitive.Title className="sr-only">Search</DialogPrimitive.Title>
          {open ? <PaletteBody onClose={() => setCommandPaletteOpen(false)} /> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function useQuickActions(): QuickAction[] {
  const user = useSignedInUser();
  return useMemo(() => {
    const actions: QuickAction[] = [];
    // "New …" opens the list page's dialog, so it also takes the right to open that page.
    if (can(user, 'leads', 'read') && can(user, 'leads', 'create')) {
      actions.push({
        id: 'new-lead',
        title: 'New lead',
        url: '/leads?new=1',
        keywords: ['add', 'create', 'prospect'],
      });
    }
    if (can(user, 'deals', 'read') && can(user, 'deals', 'create')) {
      actions.push({
        id: 'new-deal',
        title: 'New deal',
        url: '/deals?new=1',
        keywords: ['add', 'create', 'claim'],
      });
    }
    actions.push({ id: 'dashboard', title: 'Go to dashboard', url: '/dashboard', keywords: ['home'] });
    if (user.isSuperAdmin || user.permissions?.settings?.view !== false) {
      actions.push({
        id: 'settings',
        title: 'Go to settings',
        url: '/settings',
        keywords: ['preferences', 'pipeline', 'profile', 'fields', 'tags'],
      });
    }
    return actions;
  }, [user]);
}

function PaletteBody({ onClose }: { onClose: () => void }) {
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const term = useDebouncedValue(query.trim(), 150);
  const actions = useQuickActions();
  const listboxId = useId();
  const optionId = (key: string) => `${listboxId}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;

  const search = useQuery<{ results: SearchResult[] }>({
    queryKey: ['/api/search', { q: term }],
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  // What was typed has been searched (not still waiting for the debounce or the answer).
  const settled = term === query.trim() && (term === '' || (!search.isFetching && search.data !== undefined));
  const found = search.data?.results;
  const results = useMemo(() => (term && found ? found : []), [term, found]);
  const groups = useMemo(() => buildGroups(term, results, actions), [term, results, actions]);
  const items = useMemo(() => flatten(groups), [groups]);

  const [activeKey, setActiveKey] = useState<string | null>(null);
  const activeIndex = keepHighlight(activeKey, items);
  const active = activeIndex >= 0 ? items[activeIndex] : undefined;

  const activeId = active ? optionId(active.key) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const openItem = (item: PaletteItem) => {
    onClose();
    navigate(itemUrl(item));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const outcome = handlePaletteKey(event.key, {
      index: activeIndex,
      items,
      ctrlKey: event.ctrlKey || event.metaKey,
    });
    if (outcome.type === 'none') return;
    if (outcome.type === 'close') return; // The dialog closes itself on Escape.
    event.preventDefault();
    if (outcome.type === 'move') setActiveKey(items[outcome.index]?.key ?? null);
    else openItem(outcome.item);
  };

  const noResults = term !== '' && settled && results.length === 0 && !search.isError;

  return (
    <>
      <div className="flex items-center gap-3 border-b border-border px-4">
        <Search className="size-4.5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <input
          type="text"
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          aria-autocomplete="list"
          aria-label="Search leads, clients, companies and deals"
          placeholder="Search leads, clients, companies, deals…"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
          className="h-14 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground/70"
        />
        {term && search.isFetching ? <Spinner className="text-muted-foreground" label="Searching" /> : null}
        <kbd className="hidden rounded border border-border bg-muted px-1.5 py-0.5 font-sans text-[11px] text-muted-foreground sm:inline">
          Esc
        </kbd>
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {search.isError && term ? (
          <p className="px-3 py-4 text-sm text-destructive" role="alert">
            Search is not available right now. Try again in a moment.
          </p>
        ) : null}
        {noResults ? (
          <div className="px-3 pt-6 pb-4 text-center" role="status">
            <p className="text-sm font-medium">No results for “{term}”</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Try a name, an e-mail address or a phone number.
            </p>
          </div>
        ) : null}
        <div role="listbox" id={listboxId} aria-label="Search results">
          {groups.map((group) => (
            <div
              key={group.id}
              role="group"
              aria-labelledby={`${listboxId}-${group.id}-label`}
              className="pb-1"
            >
              <div
                id={`${listboxId}-${group.id}-label`}
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
              >
                {group.label}
              </div>
              {group.items.map((item) => (
                <PaletteOption
                  key={item.key}
                  id={optionId(item.key)}
                  item={item}
                  selected={item.key === active?.key}
                  onHover={() => setActiveKey(item.key)}
                  onChoose={() => openItem(item)}
                />
              ))}
            </div>
          ))}
        </div>
      </div>

      <div className="hidden items-center gap-4 border-t border-border bg-muted/40 px-4 py-2 text-xs text-muted-foreground sm:flex">
        <span className="inline-flex items-center gap-1.5">
          <Kbd>↑</Kbd>
          <Kbd>↓</Kbd>
          to move
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Kbd>
            <CornerDownLeft className="size-3" aria-hidden="true" />
          </Kbd>
          to open
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Kbd>Esc</Kbd>
          to close
        </span>
      </div>
    </>
  );
}

function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="inline-flex min-w-5 items-center justify-center rounded border border-border bg-surface px-1 py-0.5 font-sans text-[11px]">
      {children}
    </kbd>
  );
}

function PaletteOption({
  id,
  item,
  selected,
  onHover,
  onChoose,
}: {
  id: string;
  item: PaletteItem;
  selected: boolean;
  onHover: () => void;
  onChoose: () => void;
}) {
  const Icon = item.type === 'result' ? kindIcons[item.result.kind] : (actionIcons[item.action.id] ?? Plus);
  const title = item.type === 'result' ? item.result.title : item.action.title;
  const subtitle = item.type === 'result' ? item.result.subtitle : null;
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      tabIndex={-1}
      onMouseMove={onHover}
      // Keep the focus in the input.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm',
        selected ? 'bg-primary-soft text-primary-soft-foreground' : 'text-foreground',
      )}
    >
      <span
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-md',
          selected ? 'bg-surface text-primary' : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{title}</span>
        {subtitle ? <span className="block truncate text-xs text-muted-foreground">{subtitle}</span> : null}
      </span>
      {selected ? <CornerDownLeft className="size-4 shrink-0 opacity-60" aria-hidden="true" /> : null}
    </div>
  );
}
