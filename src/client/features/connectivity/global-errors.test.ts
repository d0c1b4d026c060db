import { describe, expect, it, vi } from 'vitest';
import { installGlobalErrorHandler, suppressReason } from './global-errors';

describe('suppressReason', () => {
  it('suppresses validation errors', () => {
    const zod = Object.assign(new Error('Invalid input'), { name: 'ZodError' });
    expect(suppressReason(zod)).toBe('validation');
  });

  it('suppresses network type errors, not other type errors', () => {
    expect(suppressReason(new TypeError('Failed to fetch'))).toBe('type');
    expect(suppressReason(new TypeError('Load failed'))).toBe('type');
    expect(suppressReason(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBeNull();
  });

  it('suppresses benign runtime notices', () => {
    expect(suppressReason('ResizeObserver loop completed with undelivered notifications.')).toBe('runtime');
    expect(suppressReason('Script error.')).toBe('runtime');
  });

  it('suppresses errors from development tools and extensions', () => {
    expect(suppressReason(new Error('boom'), 'chrome-extension://abc/content.js')).toBe('dev-tool');
    const devtools = new Error('x');
    devtools.stack = 'Error: x\n    at hook (__REACT_DEVTOOLS_GLOBAL_HOOK__)';
    expect(suppressReason(devtools)).toBe('dev-tool');
  });

  it('lets application errors through', () => {
    expect(suppressReason(new Error('500: Internal Server Error'))).toBeNull();
    expect(suppressReason(new RangeError('Invalid array length'))).toBeNull();
    expect(suppressReason(undefined)).toBeNull();
  });
});

describe('installGlobalErrorHandler', () => {
  it('prevents the default and warns for suppressed rejections only', () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const target = {
      addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
      removeEventListener: (type: string) => listeners.delete(type),
    } as unknown as Window;
    const warn = vi.fn();
    const uninstall = installGlobalErrorHandler(target, warn);

    const suppressed = { reason: new TypeError('Failed to fetch'), preventDefault: vi.fn() };
    listeners.get('unhandledrejection')?.(suppressed);
    expect(suppressed.preventDefault).toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);

    const real = { reason: new Error('bug'), preventDefault: vi.fn() };
    listeners.get('unhandledrejection')?.(real);
    expect(real.preventDefault).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);

    uninstall();
    expect(listeners.size).toBe(0);
  });
});
