/** The longest wait for the browser's report of the largest paint before the work runs anyway. */
export const PAINT_REPORT_WAIT_MS = 1000;

/**
 * Runs `work` once, right after the page's largest paint: what it fetches is then off that paint's critical path
 * (Lighthouse counts every request that starts before it). A hidden tab paints nothing, so the work runs at once.
 */
export function afterPaint(work: () => void): void {
  let done = false;
  const run = (): void => {
    if (done) return;
    done = true;
    work();
  };
  if (document.visibilityState === 'hidden') {
    run();
    return;
  }
  // The largest-paint report comes once the frame is on screen; a frame callback's next task may run before that,
  // and a request started then counts as one the paint waited for.
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      setTimeout(run, 0);
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      run();
    }, PAINT_REPORT_WAIT_MS);
    return;
  }
  // Without the report (Safari), a frame callback runs before the paint and a task queued from it after.
  requestAnimationFrame(() => setTimeout(run, 0));
}

/** The controls whose behaviour comes from a page script: plain buttons outside the islands (menus, Log Out). */
export const SCRIPTED_CONTROLS = 'button[type="button"]:not(astro-island button)';

/**
 * Loads the page's scripts right after its largest paint, so that none of their requests competes with it (the
 * build puts this call, with the page's script addresses, where the page's script tags were). A press on a scripted
 * control before they have all run is held, and pressed again once they have: nothing a shopper does is lost.
 */
export function loadAfterPaint(urls: string[], load: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url)): void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent): void => {
    const control = event.target instanceof Element ? event.target.closest(SCRIPTED_CONTROLS) : null;
    if (!(control instanceof HTMLElement)) return;
    // A script that has already run must not see the press now as well as when it is pressed again: a menu would
    // open, then close.
    event.stopImmediatePropagation();
    held.push(control);
  };
  document.addEventListener('click', hold, true);
  afterPaint(() => {
    void Promise.allSettled(urls.map(load)).then(() => {
      document.removeEventListener('click', hold, true);
      for (const control of held.splice(0)) control.click();
    });
  });
}
