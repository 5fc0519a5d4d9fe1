import type { ClientDirective } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates right after the largest paint: the static shell paints first, and its scripts are fetched after it. */
    'client:painted'?: boolean;
  }
}

/** The longest wait for the browser's report of the largest paint before the island loads anyway. */
export const PAINT_REPORT_WAIT_MS = 1000;

/**
 * client:painted: the account shell (heading, lede, skeleton) is the page's largest paint; loading the island only
 * after that paint keeps its scripts off the largest paint's critical path (Lighthouse counts what loads before it).
 */
const paintedDirective: ClientDirective = (load) => {
  let started = false;
  const hydrate = async (): Promise<void> => {
    if (started) return;
    started = true;
    const run = await load();
    await run();
  };
  // A hidden tab paints nothing, so it hydrates at once.
  if (document.visibilityState === 'hidden') {
    void hydrate();
    return;
  }
  // The largest-paint report comes once the frame is on screen; a frame callback's next task may run before that,
  // and a request started then counts as one the paint waited for.
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      setTimeout(() => void hydrate(), 0);
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      void hydrate();
    }, PAINT_REPORT_WAIT_MS);
    return;
  }
  // Without the report (Safari), a frame callback runs before the paint and a task queued from it after.
  requestAnimationFrame(() => setTimeout(() => void hydrate(), 0));
};

export default paintedDirective;
