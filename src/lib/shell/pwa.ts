import { cacheShownPages } from './shown-pages';

// An open page also looks for a new deploy now and then, not only at the next navigation.
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let reloading = false;

function offerReload(reload: () => void): void {
  if (reloading || document.querySelector('[data-update-banner]')) return;
  const banner = document.createElement('div');
  banner.className = 'update-banner';
  banner.dataset.updateBanner = '';
  banner.setAttribute('role', 'status');
  const text = document.createElement('p');
  text.textContent = 'A new version is available.';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button';
  button.textContent = 'Reload';
  button.addEventListener('click', () => {
    button.disabled = true;
    reloading = true;
    reload();
  });
  banner.append(text, button);
  document.body.append(banner);
}

// The new deploy's worker takes over (the Workbox worker's SKIP_WAITING message), then the page reloads under it.
function activate(waiting: ServiceWorker): void {
  waiting.addEventListener('statechange', () => {
    if (waiting.state === 'activated') window.location.reload();
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** True once a new build waits or another tab took it: this page's code is then the old deploy's. */
let outdated = false;
let addressAtClick = '';

/** Whether a click moved this page to another address without loading one, as the account area's router does (a sign-in modal's link is not a move). */
export function movedWithoutLoad(event: MouseEvent, addressAtClick: string, address = window.location.href): boolean {
  if (!event.defaultPrevented || address === addressAtClick) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  return link !== null && !link.hasAttribute('data-modal');
}

// Runs after every other click handler (window, bubbling). A page load brings the new build in by itself (the worker's
// public/sw-update.js); a move of the account area without one would go on with the old code, so it becomes a load.
// A click held back without a move (Cancel on the order form's leave question) leaves the page as it is.
function onClickDone(event: MouseEvent): void {
  if (outdated && movedWithoutLoad(event, addressAtClick)) window.location.reload();
}

function offerUpdate(waiting: ServiceWorker): void {
  outdated = true;
  offerReload(() => activate(waiting));
}

/**
 * Registers the Workbox service worker (scripts/pwa.mjs); once a new deploy's worker waits, offers 'A new version is
 * available' with Reload, and makes the account area's next move a page load, which brings the new build in.
 */
export async function startOfflineSupport(): Promise<void> {
  const { serviceWorker } = navigator;
  const registration = await serviceWorker.register('/sw.js', { scope: '/' });
  window.addEventListener('click', () => (addressAtClick = window.location.href), true);
  window.addEventListener('click', onClickDone);
  // Only an update waits while another worker is active; the first install activates at once.
  if (registration.waiting && registration.active) offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && registration.active) offerUpdate(worker);
    });
  });
  // The pages shown before this worker took over go into its cache now, so they too open offline.
  void serviceWorker.ready.then(cacheShownPages).catch(() => undefined);
  // Another tab took the update: this page's code is the old deploy's, so it offers the reload too.
  serviceWorker.addEventListener('controllerchange', () => {
    outdated = true;
    offerReload(() => window.location.reload());
  });
  window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}
