import type { ClientDirective } from 'astro';
import { FLASH_KEY } from '../flash';
import { BACKGROUND_KEY, hasNoticeParam, modalBackground, modalLinkTarget, modalRouteOf } from '../modal-routes';
import { closeOnBackdrop, keepTabInside, showAsModal } from '../dialog';
import { rememberedUsername } from '../remembered-username';
import { ISLAND_READY } from './ready';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrates on the first click on an a[data-modal] link; on a deep-linked modal route, on the first
     * key, pointer or focus event; at once with a pending flash message or a notice in the URL.
     */
    'client:modal'?: boolean;
  }
}

function flashPending(): boolean {
  try {
    return sessionStorage.getItem(FLASH_KEY) !== null;
  } catch {
    return false;
  }
}

// The login form shows the remembered e-mail before React arrives, as it will after.
function prefill(dialog: HTMLElement): void {
  const username = dialog.querySelector('input[name="username"]');
  const remembered = rememberedUsername();
  if (!remembered || !(username instanceof HTMLInputElement) || username.value !== '') return;
  username.value = remembered;
  const remember = dialog.querySelector('input[name="remember"]');
  if (remember instanceof HTMLInputElement) remember.checked = true;
}

/**
 * client:modal: keeps React, formik and yup off public pages until a modal opens, and off a deep-linked modal page
 * until the shopper first touches it (issue 14: the sign-in dialog's JavaScript before the first key press). The
 * server-rendered `<dialog>` is made modal at once, so the browser gives it focus, Escape and an inert page behind;
 * until the island says it is ready, closing it leaves the page as the island would, a backdrop press closes it, Tab
 * goes round its controls, and a submit or a press on one of its buttons is held and replayed, never sent natively.
 */
const modalDirective: ClientDirective = (load, _options, el) => {
  const dialog = el.querySelector('dialog');
  const waiting = new AbortController();
  const hydrate = (): void => {
    if (waiting.signal.aborted) return;
    waiting.abort();
    void load().then((run) => run());
  };
  if (!dialog) {
    const open = (event: MouseEvent): void => {
      const url = modalLinkTarget(event);
      if (!url) return;
      event.preventDefault();
      history.pushState({ [BACKGROUND_KEY]: location.href }, '', url.href);
      hydrate();
    };
    document.addEventListener('click', open, { capture: true, signal: waiting.signal });
    if (flashPending()) hydrate();
    return;
  }

  // Until the island says it is ready (hydration is concurrent: only its own signal says its handlers are live).
  const unready = new AbortController();
  const until = <K extends keyof HTMLElementEventMap>(type: K, listener: (event: HTMLElementEventMap[K]) => void): void =>
    el.addEventListener(type, listener, { capture: true, signal: unready.signal });
  let held: (() => void) | undefined;
  // A held event stops here, so that a handler that went live just before the ready signal never sees it twice.
  const hold = (event: Event, replay: () => void): void => {
    event.preventDefault();
    event.stopImmediatePropagation();
    held = replay;
    hydrate();
  };
  until('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button?.type === 'button') hold(event, () => button.click());
  });
  until('submit', (event) => {
    const form = event.target;
    // The close button's form (method="dialog") closes the dialog natively.
    if (form instanceof HTMLFormElement && form.method !== 'dialog') hold(event, () => form.requestSubmit());
  });
  // Escape, the close button or the backdrop: back to the page behind (history.back), or home, as the island does.
  until('close', (event) => {
    if (event.target !== dialog || dialog.open) return;
    event.stopPropagation();
    if (modalBackground()) history.back();
    else location.assign('/');
  });
  until('mousedown', (event) => closeOnBackdrop(event, dialog));
  until('keydown', (event) => keepTabInside(event, dialog));
  el.addEventListener(
    ISLAND_READY,
    () => {
      unready.abort();
      if (held) requestAnimationFrame(held);
    },
    { once: true },
  );

  showAsModal(dialog);
  prefill(dialog);
  if (!modalRouteOf(location.pathname) || flashPending() || hasNoticeParam(location.search)) return hydrate();
  for (const type of ['pointerdown', 'touchstart', 'keydown']) {
    document.addEventListener(type, hydrate, { capture: true, passive: true, signal: waiting.signal });
  }
  el.addEventListener('focusin', hydrate, { signal: waiting.signal });
};

export default modalDirective;
