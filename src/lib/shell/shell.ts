import { recordVisit } from '../api/portals';
import { looksLikeToken } from '../api/token-storage';
import { dropDraftOfEndedSession } from '../draft-lifetime';
import { showAdverts } from './adverts';
import { afterPaint } from '../hydration/after-paint';
import { watchCarousels } from './carousel-loader';
import { followOtherTabs, signOut } from '../stores/session';
import { startOfflineSupport } from './pwa';
import { requireSession } from './require-session';
import { setSessionFlag } from './session-flag';
import { rememberShownPage } from './shown-pages';

function closeDisclosure(button: HTMLButtonElement): void {
  button.setAttribute('aria-expanded', 'false');
  const target = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (target && button.dataset.disclosure === 'dropdown') target.hidden = true;
}

function openDisclosures(): HTMLButtonElement[] {
  return [...document.querySelectorAll<HTMLButtonElement>('button[data-disclosure][aria-expanded="true"]')];
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const toggle = target.closest<HTMLButtonElement>('button[data-disclosure]');
  if (toggle) {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    for (const other of openDisclosures()) if (other !== toggle) closeDisclosure(other);
    toggle.setAttribute('aria-expanded', String(open));
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (panel && toggle.dataset.disclosure === 'dropdown') panel.hidden = !open;
    return;
  }
  for (const open of openDisclosures()) {
    const panel = document.getElementById(open.getAttribute('aria-controls') ?? '');
    if (open.dataset.disclosure === 'dropdown' && !panel?.contains(target)) closeDisclosure(open);
  }
  if (target.closest('[data-signout]')) {
    signOut();
    return;
  }
  visitFrom(target);
}

function visitFrom(target: Element): void {
  const shop = target.closest<HTMLAnchorElement>('a[data-portal-id]');
  if (shop) recordVisit(Number(shop.dataset.portalId));
}

function onKeydown(event: KeyboardEvent): void {
  if (event.key !== 'Escape') return;
  for (const open of openDisclosures()) {
    const panel = document.getElementById(open.getAttribute('aria-controls') ?? '');
    const hadFocus = panel?.contains(document.activeElement) === true;
    closeDisclosure(open);
    if (hadFocus) open.focus();
  }
}

function onStorage(event: StorageEvent): void {
  // Sign-in or sign-out in another tab: only localStorage changes arrive here.
  if (event.key !== 'access_token' && event.key !== null) return;
  let token: string | null = null;
  try {
    token = localStorage.getItem('access_token') || sessionStorage.getItem('access_token');
  } catch {
    // Blocked storage reads as signed out, as the head script does.
  }
  setSessionFlag(looksLikeToken(token) ? 'user' : 'guest');
}

// The header's menus and Log Out come disabled, visibly not ready, until this script can answer them (docs/hydration.md).
for (const control of document.querySelectorAll<HTMLButtonElement>('button[data-disclosure], button[data-signout]')) control.disabled = false;

// A shopper's order draft whose session ended while no order form was open goes before anyone else signs in here.
dropDraftOfEndedSession();

document.addEventListener('click', onClick);
document.addEventListener('auxclick', (event) => {
  if (event.button === 1 && event.target instanceof Element) visitFrom(event.target);
});
document.addEventListener('keydown', onKeydown);
window.addEventListener('storage', onStorage);

function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work);
  else setTimeout(work, 200);
}

function whenLoaded(work: () => void): void {
  if (document.readyState === 'complete') work();
  else window.addEventListener('load', work, { once: true });
}

// What only adds to a page that already reads fully (the adverts, the carousels) starts after its largest paint, so
// none of its requests competes with that paint; the adverts wait for the page's own images too (load).
afterPaint(() => {
  const adverts = document.querySelector<HTMLElement>('[data-adverts]');
  if (adverts) whenLoaded(() => void showAdverts(adverts));
  watchCarousels([...document.querySelectorAll<HTMLElement>('[data-carousel]')]);
});

// Sign-out in another tab (storage event or BroadcastChannel) ends this tab's session too.
whenIdle(() => followOtherTabs(() => undefined));

// A login-required page without an account island (Help, SPEC section 2) is marked by its layout.
if (document.querySelector('[data-require-session]')) requireSession();

// The service worker exists only in the production build. A first install precaches the site (about 1.3 MB), so it
// waits until the page has loaded and then been quiet for a while: on a phone's slow connection those downloads would
// otherwise compete with the page's own images and API calls. A page the worker already controls registers at load,
// which only checks for a new deploy. A worker that cannot register (private mode, a blocked script) leaves the site
// as it was: online only.
const FIRST_INSTALL_DELAY_MS = 4000;

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // A page shown before the worker took over never passed through it: it is noted, and handed to the worker once it is there.
  if (!navigator.serviceWorker.controller) rememberShownPage();
  const start = (): void => void startOfflineSupport().catch(() => undefined);
  const afterLoad = navigator.serviceWorker.controller ? start : (): void => void setTimeout(() => whenIdle(start), FIRST_INSTALL_DELAY_MS);
  whenLoaded(afterLoad);
}
