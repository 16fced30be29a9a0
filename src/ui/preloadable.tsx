import { lazy, type ComponentType } from 'react';

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Loads the component's code; once it has come, the component draws without suspending. */
  preload: () => Promise<void>;
};

/**
 * A component whose code loads on demand, as `React.lazy`, that can also be loaded ahead: once
 * loaded it is drawn as itself, so a drawing that must show it in its first commit (a page taking
 * over what the server drew) does not suspend, which a lazy component does once even when its code
 * is already there.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function PreloadableComponent(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload });
}
