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

/** Links whose click leaves this page open (another tab), so a script may still want to know of it (shop visits). */
export const OTHER_TAB_LINKS = 'a[href][target="_blank"]';

interface HeldPress {
  element: HTMLElement;
  type: string;
  button: number;
  /** A control is pressed again; a link, already followed, is only shown to the scripts. */
  control: boolean;
}

/** Shows the scripts a press on a link that the browser has already followed, without following it again. */
function showPress({ element, type, button }: HeldPress): void {
  const press = new MouseEvent(type, { bubbles: true, cancelable: true, button });
  const cancel = (event: Event): void => {
    if (event === press) event.preventDefault();
  };
  window.addEventListener(type, cancel, true);
  element.dispatchEvent(press);
  window.removeEventListener(type, cancel, true);
}

/**
 * Loads the page's scripts right after its largest paint, so that none of their requests competes with it (the
 * build puts this call, with the page's script addresses, where the page's script tags were). Nothing a shopper does
 * before they have all run is lost: a press on a scripted control is held and pressed again once they have; a link
 * that opens another tab opens at once, and the scripts are shown the press afterwards (the shop's visit counts).
 */
export function loadAfterPaint(urls: string[], load: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url)): void {
  const held: HeldPress[] = [];
  const hold = (event: MouseEvent): void => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const control = event.type === 'click' ? target.closest(SCRIPTED_CONTROLS) : null;
    // A middle click opens any link in another tab; a plain click only those that say so.
    const link = event.type === 'click' ? target.closest(OTHER_TAB_LINKS) : event.button === 1 ? target.closest('a[href]') : null;
    const element = control ?? link;
    if (!(element instanceof HTMLElement)) return;
    // A script that has already run must not see the press now as well as afterwards: a menu would open, then close.
    event.stopImmediatePropagation();
    held.push({ element, type: event.type, button: event.button, control: element === control });
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('auxclick', hold, true);
  afterPaint(() => {
    void Promise.allSettled(urls.map(load)).then(() => {
      document.removeEventListener('click', hold, true);
      document.removeEventListener('auxclick', hold, true);
      for (const press of held.splice(0)) {
        if (press.control) press.element.click();
        else showPress(press);
      }
    });
  });
}
