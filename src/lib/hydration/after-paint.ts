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
