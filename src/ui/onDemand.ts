import { createElement, startTransition, Suspense, use, useEffect, useState, type ComponentType } from 'react';
import { LoadingState } from './DataLoader/LoadStates';

type ComponentOf<T> = T extends ComponentType<infer P> ? ComponentType<P> : never;
type Loading<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };
export type OnDemandComponent<C> = C & { preload: () => Promise<unknown>; loaded: () => boolean };

const preloads: (() => Promise<unknown>)[] = [];
/** The screens' preloads by export name (`preloadScreen`). */
const screens = new Map<string, () => Promise<unknown>>();

/**
 * `React.lazy` for a named export: the module becomes a chunk of its own, fetched the first time the component
 * renders or `preload()` is called. Unlike `React.lazy`, a module that has arrived renders at once, without
 * suspending (React's `use` reads the promise's `status`), so a preloaded screen renders in the same pass.
 */
export function lazyNamed<M, K extends keyof M & string>(load: () => Promise<M>, exportName: K): OnDemandComponent<ComponentOf<M[K]>> {
  let loading: Loading<ComponentType<object>> | undefined;
  const preload = () => {
    if (!loading) {
      const promise: Loading<ComponentType<object>> = load().then((m) => m[exportName] as ComponentType<object>);
      promise.then(
        (value) => Object.assign(promise, { status: 'fulfilled', value }),
        (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
      );
      loading = promise;
    }
    return loading;
  };
  preloads.push(preload);
  function OnDemandPart(props: object) {
    return createElement(use(preload() as Promise<ComponentType<object>>), props);
  }
  OnDemandPart.displayName = `Lazy(${exportName})`;
  const loaded = () => loading?.status === 'fulfilled';
  return Object.assign(OnDemandPart, { preload, loaded }) as unknown as OnDemandComponent<ComponentOf<M[K]>>;
}

/**
 * Whether `component`'s code has arrived, loading it once `wanted`. It turns true in a transition: the first render of
 * a large part (the bracket canvas with its controls and links) then goes in slices of a few milliseconds, where a
 * part that suspended would be rendered again in one task of the update that showed it.
 */
export function useOnDemandReady(component: { preload: () => Promise<unknown>; loaded: () => boolean }, wanted: boolean): boolean {
  const [ready, setReady] = useState(component.loaded);
  useEffect(() => {
    if (ready || !wanted) return;
    let live = true;
    component.preload().then(
      () => live && startTransition(() => setReady(true)),
      // A chunk that fails to load: the part renders and its Suspense boundary or error boundary tells.
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, [component, ready, wanted]);
  return ready;
}

/**
 * A screen loaded the first time it renders, with the screen-wide loading state meanwhile:
 * `onDemand(() => import('../features/home/HomePage'), 'HomePage')`. The Suspense boundary sits inside, so the
 * header and footer stay on screen while a screen loads.
 */
export function onDemand<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, exportName: K): OnDemandComponent<ComponentType> {
  const Screen = lazyNamed(load, exportName) as OnDemandComponent<ComponentType>;
  function OnDemand() {
    return createElement(Suspense, { fallback: createElement(LoadingState) }, createElement(Screen));
  }
  OnDemand.displayName = `OnDemand(${exportName})`;
  screens.set(exportName, Screen.preload);
  return Object.assign(OnDemand, { preload: Screen.preload, loaded: Screen.loaded });
}

/**
 * Preloads the on-demand screen exported as `exportName` (a feature warming the screen its link leads to, without
 * importing the route table). A screen preloaded this way renders at once on navigation: no Suspense fallback, and
 * so none of the ~300 ms React waits before revealing content that suspended.
 */
export function preloadScreen(exportName: string): Promise<unknown> {
  return screens.get(exportName)?.() ?? Promise.resolve();
}

/** Fetches every on-demand module defined so far (tests render screens at once, as the single bundle did). */
export function preloadOnDemand(): Promise<unknown[]> {
  return Promise.all(preloads.map((preload) => preload()));
}
