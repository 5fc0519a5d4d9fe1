import { useEffect, type RefObject } from 'react';
import { ISLAND_READY } from '../../lib/hydration/ready';

/** Tells the island's directive, once mounted, that the handlers of a view without a form are live (a held click is then replayed). */
export function useIslandReady(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    ref.current?.dispatchEvent(new CustomEvent(ISLAND_READY, { bubbles: true }));
  }, [ref]);
}
