import type { ClientDirective } from 'astro';
import { FLASH_KEY } from '../flash';
import { BACKGROUND_KEY, hasNoticeParam, modalLinkTarget, modalRouteOf } from '../modal-routes';
import { focusInto, inertOutside, keepTabInside } from '../dialog';
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

const TRIGGERS = ['pointerdown', 'touchstart', 'keydown'] as const;

function flashPending(): boolean {
  try {
    return sessionStorage.getItem(FLASH_KEY) !== null;
  } catch {
    return false;
  }
}

// The server-rendered dialog behaves as one until React arrives: the page behind is inert, focus is in its
// first field, and the login form shows the remembered e-mail. Returns what undoes the inert page.
function prepare(el: HTMLElement, dialog: HTMLElement): () => void {
  const restoreOutside = inertOutside(el);
  document.documentElement.classList.add('has-modal');
  const username = dialog.querySelector('input[name="username"]');
  const remembered = rememberedUsername();
  if (remembered && username instanceof HTMLInputElement && username.value === '') {
    username.value = remembered;
    const remember = dialog.querySelector('input[name="remember"]');
    if (remember instanceof HTMLInputElement) remember.checked = true;
  }
  focusInto(dialog);
  return restoreOutside;
}

/**
 * client:modal: keeps React, formik and yup off public pages until a modal opens, and off a
 * deep-linked modal page until the shopper first touches it (issue 14: the sign-in dialog's
 * JavaScript before the first key press). Until the island says it is ready, a submit, a click on
 * one of the dialog's buttons, Escape and a press on the backdrop are held and replayed, so none
 * is lost and no form is ever sent natively; Tab and Shift+Tab go round the dialog's fields.
 */
const modalDirective: ClientDirective = (load, _options, el) => {
  const dialog = el.querySelector<HTMLElement>('[role="dialog"]');
  let started = false;
  let held: (() => void) | undefined;
  let restore = (): void => undefined;

  async function hydrate(): Promise<void> {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) document.removeEventListener(type, trigger, true);
    el.removeEventListener('focusin', trigger);
    if (!dialog) document.removeEventListener('click', onClick, true);
    const run = await load();
    restore();
    await run();
  }
  function trigger(): void {
    void hydrate();
  }

  const onClick = (event: MouseEvent): void => {
    const url = started ? undefined : modalLinkTarget(event);
    if (url) {
      event.preventDefault();
      // As the island does: from one dialog to another the entry is replaced and its background kept.
      if (dialog) history.replaceState(history.state, '', url.href);
      else history.pushState({ [BACKGROUND_KEY]: location.href }, '', url.href);
      void hydrate();
      return;
    }
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!dialog || !button || button.type !== 'button' || !dialog.contains(button)) return;
    // Held events stop here, so that a handler that went live just before the ready signal never sees them twice.
    event.stopPropagation();
    held = () => button.click();
    void hydrate();
  };
  const onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    event.stopImmediatePropagation();
    const form = event.target;
    if (form instanceof HTMLFormElement) held = () => form.requestSubmit();
    void hydrate();
  };
  const onKeydown = (event: KeyboardEvent): void => {
    // Until the island's own trap is live, Tab past the last field would leave the dialog.
    if (event.key === 'Tab' && dialog) {
      keepTabInside(event, dialog);
      return;
    }
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    held = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  };
  const onMousedown = (event: MouseEvent): void => {
    const backdrop = event.target;
    if (!(backdrop instanceof HTMLElement) || !backdrop.classList.contains('modal-backdrop')) return;
    event.stopPropagation();
    held = () => backdrop.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  };
  // Hydration is concurrent: only the island's own signal says its handlers are live.
  const ready = (): void => {
    document.removeEventListener('click', onClick, true);
    el.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('keydown', onKeydown, true);
    el.removeEventListener('mousedown', onMousedown, true);
    el.removeEventListener(ISLAND_READY, ready);
    const replay = held;
    if (replay) requestAnimationFrame(replay);
  };

  document.addEventListener('click', onClick, true);
  if (!dialog) {
    if (flashPending()) void hydrate();
    return;
  }
  el.addEventListener('submit', onSubmit, true);
  document.addEventListener('keydown', onKeydown, true);
  el.addEventListener('mousedown', onMousedown, true);
  el.addEventListener(ISLAND_READY, ready);
  restore = prepare(el, dialog);
  if (!modalRouteOf(location.pathname) || flashPending() || hasNoticeParam(location.search)) {
    void hydrate();
    return;
  }
  for (const type of TRIGGERS) document.addEventListener(type, trigger, { capture: true, passive: true });
  el.addEventListener('focusin', trigger);
};

export default modalDirective;
