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

/** Registers the Workbox service worker (scripts/pwa.mjs) and offers 'A new version is available' with Reload once a new deploy's worker waits. */
export async function startOfflineSupport(): Promise<void> {
  const { serviceWorker } = navigator;
  const registration = await serviceWorker.register('/sw.js', { scope: '/' });
  // Only an update waits while another worker is active; the first install activates at once.
  if (registration.waiting && registration.active) offerReload(() => activate(registration.waiting as ServiceWorker));
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && registration.active) offerReload(() => activate(worker));
    });
  });
  // The pages shown before this worker took over go into its cache now, so they too open offline.
  void serviceWorker.ready.then(cacheShownPages).catch(() => undefined);
  // Another tab took the update: this page's code is the old deploy's, so it offers the reload too.
  serviceWorker.addEventListener('controllerchange', () => offerReload(() => window.location.reload()));
  window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}
