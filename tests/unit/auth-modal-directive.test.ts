// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ISLAND_READY } from '../../src/lib/hydration/ready';
import { FLASH_KEY } from '../../src/lib/flash';
import modal from '../../src/lib/hydration/modal';

const DIALOG = `<div class="modal-backdrop"><div role="dialog" tabindex="-1">
  <button type="button" aria-label="Close">x</button>
  <form><input name="username" data-autofocus><input name="password"><input type="checkbox" name="remember"><button type="submit">Sign In</button></form>
</div></div>`;

function page(path: string, withDialog = true): { el: HTMLElement; header: HTMLElement } {
  history.replaceState(null, '', path);
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
  document.documentElement.classList.remove('has-modal');
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('client:modal on a deep-linked modal route', () => {
  it('waits for the first key press, with the page behind inert and focus in the first field', async () => {
    const { el, header } = page('/login/');
    const { load, hydrate } = loader();
    modal(load, { name: 'modal', value: '' }, el);
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(header.inert).toBe(true);
    expect(document.documentElement.classList.contains('has-modal')).toBe(true);
    expect(document.activeElement).toBe(get(el, 'input[name="username"]'));
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
    // React's Modal makes the page inert again on mount, and gives it back on close: the directive lets go first.
    expect(header.inert).toBe(false);
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
    const form = get<HTMLFormElement>(el, 'form');
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

  it('holds Escape and a click on Close until ready, then replays the last of them', async () => {
    const { el } = page('/login/');
    const close = get<HTMLButtonElement>(el, 'button[aria-label="Close"]');
    const escapes = vi.fn();
    document.addEventListener('keydown', (event) => event.key === 'Escape' && escapes());
    const clicks = vi.fn();
    close.addEventListener('click', clicks);
    modal(loader().load, { name: 'modal', value: '' }, el);
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(escapes).not.toHaveBeenCalled();
    close.click();
    expect(clicks).not.toHaveBeenCalled();
    el.dispatchEvent(new CustomEvent(ISLAND_READY, { bubbles: true }));
    await flush();
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(escapes).not.toHaveBeenCalled();
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

  it("moves to another dialog in place, keeping the dialog's history entry and its background", async () => {
    const { el } = page('/login/');
    const link = Object.assign(document.createElement('a'), { href: '/forgot-password/', textContent: 'Forgot Password?' });
    link.dataset.modal = '';
    get(el, '[role="dialog"]').append(link);
    const entries = history.length;
    const { load } = loader();
    modal(load, { name: 'modal', value: '' }, el);
    get<HTMLAnchorElement>(el, 'a[data-modal]').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(location.pathname).toBe('/forgot-password/');
    expect(history.length).toBe(entries);
    expect(history.state).toBeNull();
  });
});

describe('client:modal on an ordinary page', () => {
  it('hydrates on the first click on a modal link and moves to its URL', async () => {
    const { el, header } = page('/portals/', false);
    const { load } = loader();
    modal(load, { name: 'modal', value: '' }, el);
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(header.inert).toBeFalsy();
    get<HTMLAnchorElement>(header, 'a').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(location.pathname).toBe('/login/');
  });
});
