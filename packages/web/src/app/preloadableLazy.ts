import { lazy, type ComponentType } from 'react';

interface Module<C> {
  default: C;
}

/**
 * `React.lazy` whose chunk can be asked for before the first render (a screen the session is
 * about to open, the views of a page whose data is on its way). Once the chunk is in, the
 * component renders at once: React's lazy takes a thenable that calls back synchronously as
 * resolved and does not suspend. Suspending would show the fallback, and React 19 holds back the
 * content that replaces a fallback for up to 300 ms.
 */
export function preloadableLazy<P extends object>(load: () => Promise<Module<ComponentType<P>>>) {
  type C = ComponentType<P>;
  let loaded: Module<C> | undefined;
  let loading: Promise<Module<C>> | undefined;
  const loadOnce = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  const Component = lazy(() => {
    if (!loaded) return loadOnce();
    const module = loaded;
    // A thenable, not a Promise: a Promise would call back only after React has suspended.
    return { then: (resolve: (value: Module<C>) => void) => resolve(module) } as Promise<Module<C>>;
  });
  /** Loads the chunk; settles when it is in, or failed to load (the component then says so). */
  const preload = (): Promise<void> =>
    loadOnce().then(
      () => undefined,
      () => undefined,
    );
  return { Component, preload };
}
