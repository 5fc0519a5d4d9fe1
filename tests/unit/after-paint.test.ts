// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAfterPaint, PAINT_REPORT_WAIT_MS } from '../../src/lib/shell/after-paint';
import painted from '../../src/lib/shell/painted-directive';

// A stand-in for the browser's PerformanceObserver that lets the test say when the largest paint is reported.
function fakeObserver(entryTypes = ['largest-contentful-paint']): { report: () => void } {
  let callback = (): void => undefined;
  class Observer {
    static supportedEntryTypes = entryTypes;
    constructor(cb: () => void) {
      callback = cb;
    }
    observe(): void {}
    disconnect(): void {
      callback = () => undefined;
    }
  }
  vi.stubGlobal('PerformanceObserver', Observer);
  return { report: () => callback() };
}

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML =
    '<button type="button" id="menu">Menu</button><astro-island><button type="button" id="island">Send</button></astro-island>' +
    '<a id="shop" href="#shop-page" target="_blank">Shop</a>';
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('loadAfterPaint', () => {
  it("fetches the page's scripts only once the largest paint is reported, all of them", async () => {
    const { report } = fakeObserver();
    const load = vi.fn(async (url: string) => url);
    loadAfterPaint(['/_astro/a.js', '/_astro/b.js'], load);
    await vi.advanceTimersByTimeAsync(100);
    expect(load).not.toHaveBeenCalled();
    report();
    await vi.advanceTimersByTimeAsync(1);
    expect(load.mock.calls.map(([url]) => url)).toEqual(['/_astro/a.js', '/_astro/b.js']);
  });

  it('presses a menu button again once the scripts have run, when it was pressed before they arrived', async () => {
    const { report } = fakeObserver();
    const menu = document.getElementById('menu') as HTMLButtonElement;
    const presses: string[] = [];
    const load = vi.fn(async () => {
      // What the page script does when it runs: it starts listening.
      document.addEventListener('click', (event) => presses.push((event.target as Element).id));
    });
    loadAfterPaint(['/_astro/shell.js'], load);
    menu.click();
    expect(presses).toEqual([]);
    report();
    await vi.advanceTimersByTimeAsync(1);
    expect(presses).toEqual(['menu']);
    menu.click();
    expect(presses).toEqual(['menu', 'menu']);
  });

  it('a press made when one script has run and another is still on its way reaches the page once', async () => {
    const { report } = fakeObserver();
    const menu = document.getElementById('menu') as HTMLButtonElement;
    const presses: string[] = [];
    let arrive = (): void => undefined;
    const load = vi.fn(async (url: string) => {
      if (url.endsWith('shell.js')) document.addEventListener('click', (event) => presses.push((event.target as Element).id));
      else await new Promise<void>((resolve) => (arrive = resolve));
    });
    loadAfterPaint(['/_astro/shell.js', '/_astro/page.js'], load);
    report();
    await vi.advanceTimersByTimeAsync(1);
    menu.click();
    expect(presses).toEqual([]);
    arrive();
    await vi.advanceTimersByTimeAsync(1);
    expect(presses).toEqual(['menu']);
  });

  it('shows the scripts a link opened in another tab once they have run, without following it again', async () => {
    const { report } = fakeObserver();
    const shop = document.getElementById('shop') as HTMLAnchorElement;
    const seen: { id: string; followed: boolean }[] = [];
    const watch = (event: MouseEvent): void => {
      seen.push({ id: (event.target as Element).id, followed: !event.defaultPrevented });
    };
    loadAfterPaint(['/_astro/shell.js'], async () => document.addEventListener('click', watch));
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    shop.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(false);
    report();
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([{ id: 'shop', followed: false }]);
    document.removeEventListener('click', watch);
  });

  it("does not press an island's button again: the island answers its own presses", async () => {
    const { report } = fakeObserver();
    const island = document.getElementById('island') as HTMLButtonElement;
    const pressed = vi.fn();
    island.addEventListener('click', pressed);
    loadAfterPaint(['/_astro/shell.js'], async () => undefined);
    island.click();
    report();
    await vi.advanceTimersByTimeAsync(1);
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('loads at once in a hidden tab, which paints nothing', () => {
    fakeObserver();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const load = vi.fn(async () => undefined);
    loadAfterPaint(['/_astro/a.js'], load);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

function loader() {
  const hydrate = vi.fn(async () => undefined);
  const load = vi.fn(async () => hydrate);
  return { load, hydrate };
}

const el = document.createElement('astro-island');

describe('client:painted', () => {
  it('loads the island only after the browser reports the largest paint', async () => {
    const { report } = fakeObserver(['largest-contentful-paint']);
    const { load, hydrate } = loader();
    painted(load, { name: 'painted', value: '' }, el);
    await vi.advanceTimersByTimeAsync(PAINT_REPORT_WAIT_MS / 2);
    expect(load).not.toHaveBeenCalled();
    report();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PAINT_REPORT_WAIT_MS);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads the island anyway when no report comes in time', async () => {
    fakeObserver(['largest-contentful-paint']);
    const { load } = loader();
    painted(load, { name: 'painted', value: '' }, el);
    await vi.advanceTimersByTimeAsync(PAINT_REPORT_WAIT_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('without the report, loads after the next frame', async () => {
    fakeObserver([]);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const { load } = loader();
    painted(load, { name: 'painted', value: '' }, el);
    await vi.advanceTimersByTimeAsync(PAINT_REPORT_WAIT_MS);
    expect(load).not.toHaveBeenCalled();
    frames.forEach((frame) => frame(0));
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
