import { lazy } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** The markup of one synchronous render, or 'suspended' when a component had to wait for its module. */
function renderNow(node: React.ReactNode): string {
  try {
    return renderToStaticMarkup(node);
  } catch (error) {
    // The synchronous renderer refuses a component that suspends.
    if (String(error).includes('renderToStringAsync')) return 'suspended';
    throw error;
  }
}

describe('lazyWithPreload', () => {
  it('suspends before its module is in, and renders at once after preload()', async () => {
    let loads = 0;
    const LazyGreeting = lazyWithPreload(async () => {
      loads += 1;
      return Greeting;
    });
    expect(LazyGreeting.isLoaded()).toBe(false);
    await LazyGreeting.preload();
    expect(LazyGreeting.isLoaded()).toBe(true);
    expect(renderNow(<LazyGreeting name="Ada" />)).toBe('<p>Hello Ada</p>');
    // One load, however often it is preloaded or rendered.
    await LazyGreeting.preload();
    expect(loads).toBe(1);
  });

  it('is what lazy() alone cannot be: a plain lazy component suspends even when its module is in', async () => {
    const module = Promise.resolve({ default: Greeting });
    await module;
    const PlainLazy = lazy(() => module);
    expect(renderNow(<PlainLazy name="Ada" />)).toBe('suspended');
  });

  it('suspends while loading when rendered before preload finished', () => {
    const Pending = lazyWithPreload(() => new Promise<typeof Greeting>(() => undefined));
    expect(renderNow(<Pending name="Ada" />)).toBe('suspended');
  });
});
