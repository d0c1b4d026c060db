import { type ComponentType, type LazyExoticComponent, lazy, useEffect, useState } from 'react';

/** A lazily loaded component that can start loading its module before it is rendered. */
export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
};

/**
 * `React.lazy` that renders at once, without suspending, once its module is in. `preload()` starts
 * the load early (at start-up for the current address, when a link is pointed at), and a render
 * after it finished takes the component straight away. A plain lazy component suspends on its first
 * render even when its module is in (a promise answers later), so its fallback flashes
 * (docs/decisions/043; React also held the content back for 300 ms, its fallback throttle).
 */
export function lazyWithPreload<P>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  type Module = { default: ComponentType<P> };
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = { default: component };
      return loaded;
    });
    return loading;
  };
  const component = lazy(() => {
    if (!loaded) return preload();
    const module = loaded;
    // A thenable that answers synchronously: React reads the module without suspending.
    // oxlint-disable-next-line unicorn/no-thenable -- React.lazy takes a thenable; this one is synchronous on purpose.
    return { then: (resolve: (value: Module) => void) => resolve(module) } as unknown as Promise<Module>;
  });
  return Object.assign(component, { preload, isLoaded: () => loaded !== undefined });
}

/**
 * Whether `component`'s module is in, loading it if not and rendering again when it is (or when it
 * failed: rendering it then throws to the error boundary). Lets a screen keep its own loading state
 * instead of suspending, so no fallback flashes or delays it.
 */
export function usePreloaded(
  component: Pick<PreloadableComponent<unknown>, 'preload' | 'isLoaded'>,
): boolean {
  const loaded = component.isLoaded();
  const [, setSettled] = useState(0);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    const rerender = () => live && setSettled((count) => count + 1);
    component.preload().then(rerender, rerender);
    return () => {
      live = false;
    };
  }, [component, loaded]);
  return loaded;
}
