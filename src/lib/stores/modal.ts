import { atom } from 'nanostores';
import { queueFlash, type Flash } from '../flash';
import { BACKGROUND_KEY, modalBackground, modalRouteOf, safeNextPath, type ModalRoute } from '../modal-routes';

/** The modal route in the address bar and its query string. */
export interface ModalLocation {
  route: ModalRoute | undefined;
  search: string;
}

function readLocation(): ModalLocation {
  if (typeof window === 'undefined') return { route: undefined, search: '' };
  return { route: modalRouteOf(window.location.pathname), search: window.location.search };
}

/** The open modal, following the address bar. */
export const $modal = atom<ModalLocation>(readLocation());

/** Re-reads the address bar after a history change. */
export function syncModal(): void {
  const next = readLocation();
  const current = $modal.get();
  if (next.route !== current.route || next.search !== current.search) $modal.set(next);
}

/** Opens a modal URL: pushed over the current page, or in place of an open modal (same background). */
export function openModal(url: string): void {
  const target = new URL(url, window.location.href);
  if (target.origin !== window.location.origin || !modalRouteOf(target.pathname)) return;
  if ($modal.get().route) {
    window.history.replaceState(window.history.state, '', target.href);
  } else {
    window.history.pushState({ [BACKGROUND_KEY]: window.location.href }, '', target.href);
  }
  syncModal();
}

/** Closes the modal towards `to` (default: the page behind it): history.back() when that page is the one we came from, else a full load (`/` when none). Toasts travel as flash messages. */
export function leaveModal(to?: string, flashes: Flash[] = []): void {
  for (const flash of flashes) queueFlash(flash);
  const target = to === undefined ? undefined : safeNextPath(to);
  const background = modalBackground();
  if (background) {
    const url = new URL(background);
    if (target === undefined || `${url.pathname}${url.search}` === target) {
      window.history.back();
      return;
    }
  }
  window.location.assign(target ?? '/');
}
