import type { ReactNode } from 'react';

/**
 * Toasts (spec §2, §8, §9): a tiny store outside React, so `toast()` works from event handlers,
 * query callbacks and plain modules alike; app/toaster.tsx shows what it holds.
 *
 * Spec §9 allows one toast at a time: a new toast replaces the one on screen (an older message
 * coming back after the newer one would be stale, e.g. "You're offline" after "restored").
 * The auto-dismiss timer lives here, so the Toaster only pauses and resumes it.
 */

export type ToastVariant = 'default' | 'success' | 'error';

export interface ToastOptions {
  description?: ReactNode;
  /** How long the toast stays, in ms (default 5000, spec §9). */
  duration?: number;
}

export interface ToastRecord {
  id: number;
  variant: ToastVariant;
  title: string;
  description?: ReactNode;
  duration: number;
}

export const defaultToastDurationMs = 5000;

let current: ToastRecord | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

// The running timer's end, or the time left while paused.
let timer: ReturnType<typeof setTimeout> | undefined;
let endsAt = 0;
let remainingMs = 0;

function setCurrent(next: ToastRecord | null) {
  clearTimeout(timer);
  timer = undefined;
  current = next;
  if (next) {
    remainingMs = next.duration;
    startTimer();
  }
  for (const listener of listeners) listener();
}

function startTimer() {
  const id = current?.id;
  endsAt = Date.now() + remainingMs;
  timer = setTimeout(() => dismissToast(id), remainingMs);
}

function show(variant: ToastVariant, title: string, options: ToastOptions = {}): number {
  const id = nextId++;
  setCurrent({
    id,
    variant,
    title,
    description: options.description,
    duration: options.duration ?? defaultToastDurationMs,
  });
  return id;
}

/** Removes the toast `id`, or whichever is shown when no id is given. */
function dismissToast(id?: number): void {
  if (current && (id === undefined || id === current.id)) setCurrent(null);
}

export const toast = Object.assign(
  (title: string, options?: ToastOptions) => show('default', title, options),
  {
    success: (title: string, options?: ToastOptions) => show('success', title, options),
    error: (title: string, options?: ToastOptions) => show('error', title, options),
    dismiss: dismissToast,
  },
);

/** The store as the Toaster reads it (useSyncExternalStore) and holds its timer. */
export const toastStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): ToastRecord | null => current,
  /** Stops the clock of toast `id` (hovered, focused, swiped, tab hidden); resume restarts it. */
  pause(id: number): void {
    if (current?.id !== id || timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    remainingMs = Math.max(0, endsAt - Date.now());
  },
  resume(id: number): void {
    if (current?.id === id && timer === undefined) startTimer();
  },
};

/** After "Reload" in the conflict dialog: what is shown now is the stored version, not the edit. */
export const reloadedMessage = 'Reloaded the latest version: your changes were not saved';
