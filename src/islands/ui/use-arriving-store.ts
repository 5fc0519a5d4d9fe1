import type { ReadableAtom } from 'nanostores';
import { startTransition, useEffect, useState } from 'react';

/**
 * Reads a store of fetched data like `useStore`, but renders its changes in a React transition: a screen built when its
 * answer arrives is rendered in slices of a few milliseconds between which the browser handles taps and key presses.
 * (`useStore` goes through `useSyncExternalStore`, whose every change renders at once, in one task.)
 * For data that arrives, not for what a field shows as it is typed: that needs `useStore`'s immediate render.
 */
export function useArrivingStore<T>(store: ReadableAtom<T>): T {
  const [seen, setSeen] = useState(() => ({ store, value: store.get() }));
  useEffect(() => {
    const show = (value: T): void =>
      startTransition(() => setSeen((last) => (last.store === store && Object.is(last.value, value) ? last : { store, value })));
    const unbind = store.listen(show);
    // Listening mounts the store, which may change it at once (a fetch starting); so may anything since the render.
    show(store.get());
    return unbind;
  }, [store]);
  return seen.store === store ? seen.value : store.get();
}
