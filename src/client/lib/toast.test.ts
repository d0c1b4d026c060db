import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultToastDurationMs, toast, toastStore } from './toast';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    toast.dismiss();
    vi.useRealTimers();
  });

  it('shows a toast with its variant, title and description, and returns its id', () => {
    const id = toast('Logged out', { description: 'You have been successfully logged out.' });
    expect(toastStore.current()).toEqual({
      id,
      variant: 'default',
      title: 'Logged out',
      description: 'You have been successfully logged out.',
      duration: defaultToastDurationMs,
    });
    toast.success('Saved');
    expect(toastStore.current()).toMatchObject({
      variant: 'success',
      title: 'Saved',
      description: undefined,
    });
    toast.error('Failed');
    expect(toastStore.current()?.variant).toBe('error');
  });

  it('keeps one toast at a time: the newest replaces the one shown', () => {
    const first = toast('First');
    const second = toast.success('Second');
    expect(second).not.toBe(first);
    expect(toastStore.current()?.id).toBe(second);
    // The replaced toast's timer is gone: nothing comes back once the newest is dismissed.
    toast.dismiss(second);
    expect(toastStore.current()).toBeNull();
    vi.advanceTimersByTime(defaultToastDurationMs * 2);
    expect(toastStore.current()).toBeNull();
  });

  it('dismisses itself after 5000 ms by default', () => {
    toast('Hello');
    vi.advanceTimersByTime(defaultToastDurationMs - 1);
    expect(toastStore.current()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(toastStore.current()).toBeNull();
  });

  it('honours a per-toast duration', () => {
    toast.success('Your internet connection has been restored.', { duration: 3000 });
    vi.advanceTimersByTime(2999);
    expect(toastStore.current()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(toastStore.current()).toBeNull();
  });

  it("restarts the clock for a replacing toast rather than keeping the older one's", () => {
    toast('First');
    vi.advanceTimersByTime(4000);
    toast('Second');
    vi.advanceTimersByTime(4000);
    expect(toastStore.current()?.title).toBe('Second');
    vi.advanceTimersByTime(1000);
    expect(toastStore.current()).toBeNull();
  });

  it('dismisses the given toast only, or whichever is shown without an id', () => {
    const first = toast('First');
    const second = toast('Second');
    toast.dismiss(first);
    expect(toastStore.current()?.id).toBe(second);
    toast.dismiss();
    expect(toastStore.current()).toBeNull();
  });

  it('pauses the timer and resumes with the time that was left', () => {
    const id = toast('Hovered');
    vi.advanceTimersByTime(2000);
    toastStore.pause(id);
    vi.advanceTimersByTime(60_000);
    expect(toastStore.current()?.id).toBe(id);
    toastStore.resume(id);
    vi.advanceTimersByTime(2999);
    expect(toastStore.current()?.id).toBe(id);
    vi.advanceTimersByTime(1);
    expect(toastStore.current()).toBeNull();
  });

  it('ignores pause and resume for a toast that is no longer shown', () => {
    const old = toast('Old');
    toast('New');
    toastStore.pause(old);
    vi.advanceTimersByTime(defaultToastDurationMs);
    expect(toastStore.current()).toBeNull();
    toastStore.resume(old);
    expect(toastStore.current()).toBeNull();
  });

  it('notifies subscribers on every change until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = toastStore.subscribe(listener);
    toast('One');
    toast('Two');
    vi.advanceTimersByTime(defaultToastDurationMs);
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    toast('Three');
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
