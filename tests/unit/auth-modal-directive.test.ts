// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ISLAND_READY } from '../../src/lib/hydration/ready';
import { FLASH_KEY } from '../../src/lib/flash';
import modal from '../../src/lib/hydration/modal';

const DIALOG = `<dialog open class="modal" aria-labelledby="title"><div class="modal__panel">
  <div class="modal__header"><h2 id="title" class="modal__title" tabindex="-1">Log In</h2>
    <form method="dialog"><button class="modal__close" aria-label="Close">x</button></form></div>
  <form><input name="username" data-autofocus><input name="password"><input type="checkbox" name="remember">
    <button type="button">Show password</button><button type="submit">Sign In</button></form>
</div></dialog>`;

function page(path: string, withDialog = true, background?: string): { el: HTMLElement; header: HTMLElement } {
  history.replaceState(background ? { modalBackground: `${location.origin}${background}` } : null, '', path);
  const header = document.createElement('header');
  header.innerHTML = '<a href="/login/" data-modal>Login</a>';
  const el = document.createElement('astro-island');
  if (withDialog) el.innerHTML = DIALOG;
  document.body.append(header, el);
  return { el, header };
}

function loader() {
  const hydrate = vi.fn(async () => undefined);
  const load = vi.fn(async () => hydrate);
  return { load, hydrate };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const get = <T extends Element>(el: Element, selector: string) => el.querySelector(selector) as T;

beforeEach(() => {
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => cb(0), 0));
});

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('client:modal on a deep-linked modal route', () => {
  it('shows the server-rendered dialog as modal at once, focus in its first field, and waits for the first key press', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const { el } = page('/login/');
    const { load, hydrate } = loader();
    modal(load, { name: 'modal', value: '' }, el);
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(get<HTMLDialogElement>(el, 'dialog').open).toBe(true);
    expect(document.activeElement).toBe(get(el, 'input[name="username"]'));
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('prefills the remembered e-mail and ticks Keep me signed in before React arrives', () => {
    localStorage.setItem('remembered_username', 'thandi@example.com');
    const { el } = page('/login/');
    modal(loader().load, { name: 'modal', value: '' }, el);
    expect(get<HTMLInputElement>(el, 'input[name="username"]').value).toBe('thandi@example.com');
    expect(get<HTMLInputElement>(el, 'input[name="remember"]').checked).toBe(true);
  });

  it('hydrates at once for a notice in the URL or a pending flash message', async () => {
    for (const setUp of [() => page('/login/?reset=successful'), () => (sessionStorage.setItem(FLASH_KEY, '[]'), page('/login/'))]) {
      const { el } = setUp();
      const { load } = loader();
      modal(load, { name: 'modal', value: '' }, el);
      await flush();
      expect(load).toHaveBeenCalledTimes(1);
      document.body.replaceChildren();
      sessionStorage.clear();
    }
  });

  it('holds a submit, never sends it natively, and replays it once the island says it is ready', async () => {
    const { el } = page('/login/');
    const form = get<HTMLFormElement>(el, 'form:not([method])');
    const replay = vi.spyOn(form, 'requestSubmit').mockImplementation(() => undefined);
    const reached = vi.fn();
    form.addEventListener('submit', reached);
    modal(loader().load, { name: 'modal', value: '' }, el);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(reached).not.toHaveBeenCalled();
    await flush();
    expect(replay).not.toHaveBeenCalled();
    form.dispatchEvent(new CustomEvent(ISLAND_READY, { bubbles: true }));
    await flush();
    expect(replay).toHaveBeenCalledTimes(1);
    const later = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('lets the close form through: the dialog closes natively and the page goes back to the one behind', async () => {
    const { el } = page('/login/', true, '/portals/');
    const back = vi.spyOn(history, 'back').mockImplementation(() => undefined);
    modal(loader().load, { name: 'modal', value: '' }, el);
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: get<HTMLElement>(el, '.modal__close') });
    get(el, 'form[method="dialog"]').dispatchEvent(submit);
    await flush();
    expect(get<HTMLDialogElement>(el, 'dialog').open).toBe(false);
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('before the island is ready, Escape and a press on the backdrop close the dialog and go back to the page behind', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(375);
    const back = vi.spyOn(history, 'back').mockImplementation(() => undefined);
    const escape = page('/login/', true, '/portals/').el;
    modal(loader().load, { name: 'modal', value: '' }, escape);
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    await flush();
    expect(get<HTMLDialogElement>(escape, 'dialog').open).toBe(false);
    expect(back).toHaveBeenCalledTimes(1);
    document.body.replaceChildren();

    const backdrop = page('/login/', true, '/portals/').el;
    modal(loader().load, { name: 'modal', value: '' }, backdrop);
    const dialog = get<HTMLDialogElement>(backdrop, 'dialog');
    get(backdrop, '.modal__panel').dispatchEvent(new MouseEvent('mousedown', { bubbles: true, clientX: 100 }));
    await flush();
    expect(dialog.open).toBe(true);
    dialog.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, clientX: 4 }));
    await flush();
    expect(dialog.open).toBe(false);
    expect(back).toHaveBeenCalledTimes(2);
  });

  it('holds a press on one of its buttons until ready, then replays it once', async () => {
    const { el } = page('/login/');
    const toggle = get<HTMLButtonElement>(el, 'button[type="button"]');
    const clicks = vi.fn();
    toggle.addEventListener('click', clicks);
    modal(loader().load, { name: 'modal', value: '' }, el);
    toggle.click();
    expect(clicks).not.toHaveBeenCalled();
    el.dispatchEvent(new CustomEvent(ISLAND_READY, { bubbles: true }));
    await flush();
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab and Shift+Tab going round the dialog until the island is ready, then leaves them to it', async () => {
    // jsdom lays nothing out: every element on the page counts as shown, as the dialog's fields are in a browser.
    const shown = vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
      return this.isConnected ? this.parentElement : null;
    });
    const { el } = page('/login/');
    const slow = vi.fn(() => new Promise<() => Promise<void>>(() => undefined));
    modal(slow, { name: 'modal', value: '' }, el);
    const close = get<HTMLButtonElement>(el, 'button[aria-label="Close"]');
    const signIn = get<HTMLButtonElement>(el, 'button[type="submit"]');
    const press = (shiftKey: boolean): KeyboardEvent => {
      const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
      document.activeElement?.dispatchEvent(event);
      return event;
    };
    signIn.focus();
    expect(press(false).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(close);
    expect(press(true).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(signIn);
    get<HTMLInputElement>(el, 'input[name="password"]').focus();
    expect(press(false).defaultPrevented).toBe(false);
    expect(slow).toHaveBeenCalledTimes(1);
    el.dispatchEvent(new CustomEvent(ISLAND_READY, { bubbles: true }));
    signIn.focus();
    expect(press(false).defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(signIn);
    shown.mockRestore();
  });

  it('leaves a link to another dialog to the browser, which loads that dialog\'s page', () => {
    const { el } = page('/login/');
    const link = Object.assign(document.createElement('a'), { href: '/forgot-password/', textContent: 'Forgot Password?' });
    link.dataset.modal = '';
    get(el, 'form:not([method])').append(link);
    modal(loader().load, { name: 'modal', value: '' }, el);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.addEventListener('click', (event) => event.preventDefault());
    const seen = vi.fn();
    document.addEventListener('click', (event) => seen(event.defaultPrevented), { capture: true, once: true });
    link.dispatchEvent(click);
    expect(seen).toHaveBeenCalledWith(false);
    expect(location.pathname).toBe('/login/');
  });
});

describe('client:modal on an ordinary page', () => {
  it('hydrates on the first click on a modal link and moves to its URL', async () => {
    const { el, header } = page('/portals/', false);
    const { load } = loader();
    modal(load, { name: 'modal', value: '' }, el);
    await flush();
    expect(load).not.toHaveBeenCalled();
    get<HTMLAnchorElement>(header, 'a').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(location.pathname).toBe('/login/');
  });
});
