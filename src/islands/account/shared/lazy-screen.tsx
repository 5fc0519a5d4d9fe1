import { createElement, lazy, type ComponentType, type ReactNode } from 'react';
import { loadOnce } from '../../../lib/load-once';

/** What every account screen gets from its route: the order id in its address (0 when it has none) and the query. */
export interface RouteProps {
  id: number;
  search: Record<string, string>;
}

/** A screen whose code is fetched on first use, or ahead of it with `preload`. */
export interface LazyScreen<P extends object> {
  /** Renders the screen: at once when its code is here, else it suspends while the code loads. */
  Screen: (props: P) => ReactNode;
  /** Fetches the screen's code; a failed fetch is tried again on the next call. */
  preload: () => Promise<unknown>;
  /** True once the screen's code is here. */
  ready: () => boolean;
}

/** Wraps a screen's dynamic import: each account page loads only its own screen's code, and the page's first screen is fetched before it replaces the static shell, so nothing flashes in between. */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = loadOnce(() => load().then((component) => (loaded = component)));
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  return { preload, ready: () => loaded !== undefined, Screen: (props: P) => createElement(loaded ?? Suspending, props) };
}
