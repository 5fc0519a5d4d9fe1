// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import interact from '../../src/lib/hydration/interact';
import { ISLAND_READY } from '../../src/lib/hydration/ready';

function island(): { el: HTMLElement; form: HTMLFormElement; input: HTMLInputElement } {
  const el = document.createElement('astro-island');
  el.innerHTML = '<form><input name="email"><button type="submit">Send</button></form>';
  document.body.append(el);
  return { el, form: el.querySelector('form') as HTMLFormElement, input: el.querySelector('input') as HTMLInputElement };
}

function loader() {
  const hydrate = vi.fn(async () => undefined);
  const load = vi.fn(async () => hydrate);
  return { load, hydrate };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.replaceChildren();
});

describe('client:interact', () => {
  it('does not load the island until the visitor interacts with it', async () => {
    const { el, input } = island();
    const { load, hydrate } = loader();
    interact(load, { name: 'interact', value: '' }, el);
    await flush();
    expect(load).not.toHaveBeenCalled();
    document.body.dispatchEvent(new Event('focusin', { bubbles: true }));
    await flush();
    expect(load).not.toHaveBeenCalled();
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('hydrates at once when the island already holds focus', async () => {
    const { el, input } = island();
    input.focus();
    const { load } = loader();
    interact(load, { name: 'interact', value: '' }, el);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('holds a submit made before the island is ready and replays it once it says so', async () => {
    const { el, form } = island();
    const { load, hydrate } = loader();
    const replay = vi.spyOn(form, 'requestSubmit').mockImplementation(() => undefined);
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => cb(0), 0));
    interact(load, { name: 'interact', value: '' }, el);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await flush();
    await flush();
    expect(hydrate).toHaveBeenCalled();
    // Hydrated but not yet committed: a second submit is still held, and nothing is replayed yet.
    const early = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(replay).not.toHaveBeenCalled();
    form.dispatchEvent(new CustomEvent(ISLAND_READY, { bubbles: true }));
    await flush();
    expect(replay).toHaveBeenCalledTimes(1);
    const later = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    vi.unstubAllGlobals();
  });
});
