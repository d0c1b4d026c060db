import { afterEach, describe, expect, it } from 'vitest';
import { cn, installClassMerger } from './cn';
import { mergeClasses } from './merge-classes';

describe('cn', () => {
  afterEach(() => installClassMerger((classes) => classes));

  it('joins classes and drops falsy ones until a merger is installed', () => {
    expect(cn('px-2 h-10', false, null, undefined, ['h-8'], { 'text-sm': true, hidden: false })).toBe(
      'px-2 h-10 h-8 text-sm',
    );
  });

  it('lets later Tailwind classes win once the full app installs its merger', () => {
    installClassMerger(mergeClasses);
    expect(cn('px-2 h-10', 'h-8')).toBe('px-2 h-8');
  });
});
