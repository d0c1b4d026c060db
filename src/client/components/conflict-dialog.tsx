import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ConflictChoice, VersionConflict, Versioned } from '../lib/api';
import { Button } from './ui/button';
import { overlayClassName } from './ui/overlay';

interface FieldChange {
  key: string;
  label: string;
  /** The value the user had loaded. */
  before: unknown;
  /** The value stored now. */
  now: unknown;
  /** The user's own value, when they changed this field too. */
  mine?: unknown;
}

/** "seniorLiens" → "Senior liens". */
export function spellOutKey(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Fields (and customFields keys) that differ between what the user loaded and what is stored now. */
export function conflictRows({ loaded, current, changes, labels = {} }: VersionConflict): FieldChange[] {
  const rows: FieldChange[] = [];
  const label = (key: string) => labels[key] ?? spellOutKey(key);
  const mineOf = (key: string, nested?: string) => {
    const sent = nested ? (changes.customFields as Record<string, unknown> | undefined) : changes;
    const field = nested ?? key;
    return sent && Object.hasOwn(sent, field) ? { mine: sent[field] } : {};
  };
  // Bookkeeping and what a record page derives: not fields anyone edits.
  const ignored = new Set(['updatedAt', 'createdAt', 'customFields', 'documentsCount', 'latestDocuments']);
  const before = loaded as unknown as Record<string, unknown>;
  const now = current as unknown as Record<string, unknown>;
  for (const key of new Set([...Object.keys(before), ...Object.keys(now)])) {
    if (ignored.has(key) || same(before[key], now[key])) continue;
    rows.push({ key, label: label(key), before: before[key], now: now[key], ...mineOf(key) });
  }
  const customBefore = (before.customFields ?? {}) as Record<string, unknown>;
  const customNow = (now.customFields ?? {}) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(customBefore), ...Object.keys(customNow)])) {
    if (same(customBefore[key], customNow[key])) continue;
    rows.push({
      key: `customFields.${key}`,
      label: label(key),
      before: customBefore[key],
      now: customNow[key],
      ...mineOf('customFields', key),
    });
  }
  return rows;
}

/** The user's own changes, labelled (customFields keys one by one). */
function ownRows({
  changes,
  labels = {},
}: VersionConflict): { key: string; label: string; value: unknown }[] {
  const label = (key: string) => labels[key] ?? spellOutKey(key);
  const { customFields, ...top } = changes;
  return [
    ...Object.entries(top).map(([key, value]) => ({ key, label: label(key), value })),
    ...Object.entries((customFields ?? {}) as Record<string, unknown>).map(([key, value]) => ({
      key: `customFields.${key}`,
      label: label(key),
      value,
    })),
  ];
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The "Someone else changed this" dialog (docs/decisions/017), opened by `ConflictDialogHost`. It
 * lists what changed since the user loaded the record (their value, the new value, when), and what
 * the user changed; "Reload" takes the current version and drops the edit, "Apply my changes" sends
 * the edit again on top of the current version.
 */
export function ConflictDialog({
  conflict,
  choose,
}: {
  conflict: VersionConflict;
  choose: (choice: ConflictChoice) => void;
}) {
  const theirs = conflictRows(conflict);
  const mine = ownRows(conflict);
  const changedAt = new Date((conflict.current as Versioned).updatedAt).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <AlertDialogPrimitive.Root
      open
      onOpenChange={(open) => {
        // Escape keeps what is stored: the safe choice.
        if (!open) choose('reload');
      }}
    >
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClassName} />
        <AlertDialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-border bg-surface p-6 shadow-2xl outline-none data-[state=open]:animate-pop-in">
          <AlertDialogPrimitive.Title className="text-lg font-semibold tracking-tight">
            Someone else changed this record
          </AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="mt-2 text-sm leading-6 text-muted-foreground">
            {conflict.changedBy ? `${conflict.changedBy.name} changed it` : 'It was changed'} on {changedAt},
            after you opened it. Your changes have not been saved yet.
          </AlertDialogPrimitive.Description>
          <div className="mt-4 min-h-0 flex-1 overflow-y-auto text-sm">
            <h3 className="font-medium">Changed since you opened it</h3>
            {theirs.length === 0 ? (
              <p className="mt-1 text-muted-foreground">No field you can see changed.</p>
            ) : (
              <table
                className="mt-2 w-full border-collapse text-left"
                aria-label="Changed since you opened it"
              >
                <thead className="text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Field
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      You had
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Now
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {theirs.map((row) => (
                    <tr key={row.key} className="border-t border-border">
                      <th scope="row" className="py-1.5 pr-3 font-medium">
                        {row.label}
                      </th>
                      <td className="py-1.5 pr-3 text-muted-foreground line-through">{shown(row.before)}</td>
                      <td className="py-1.5">{shown(row.now)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <h3 className="mt-4 font-medium">Your changes</h3>
            <ul className="mt-1 flex flex-col gap-1" aria-label="Your changes">
              {mine.map((row) => (
                <li key={row.key}>
                  <span className="font-medium">{row.label}:</span> {shown(row.value)}
                </li>
              ))}
            </ul>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => choose('reload')} autoFocus>
              Reload
            </Button>
            <Button onClick={() => choose('apply')}>Apply my changes</Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
