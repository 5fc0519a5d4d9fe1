// @vitest-environment jsdom
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isCacheablePage, isOtherPage, isSiteImage, manifest, OFFLINE_PAGE, PAGES_NEVER_KEPT, PRECACHED_PAGES, pwaOptions } from '../../scripts/pwa.mjs';
import { shellPages } from '../../src/lib/account-routes';
import { startOfflineSupport } from '../../src/lib/shell/pwa';
import { $online } from '../../src/lib/stores/network';

const SITE = 'http://localhost:3000';
const route = (href: string, mode = 'navigate', destination = 'document') => ({ request: { mode, destination }, url: new URL(href, SITE) });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the worker’s runtime routes', () => {
  it('keeps plain same-origin pages for offline use', () => {
    expect(self.location.origin).toBe(SITE);
    expect(isCacheablePage(route('/how-it-works/'))).toBe(true);
    expect(isCacheablePage(route('/about-us/'))).toBe(true);
  });

  it('never keeps the API (another origin), a query, an id or a sign-in code', () => {
    for (const href of ['http://127.0.0.1:4010/api/web/v1/orders', '/login/?next=/upload-orders/']) expect(isCacheablePage(route(href)), href).toBe(false);
    // Addresses with an id or a code are taken, before the page rule, by a rule that keeps nothing.
    for (const href of ['/my-invoice/7/', '/quote-payment/2/', '/order-uploaded/1/', '/auth/google/callback/?code=x', '/admin/']) {
      expect(PAGES_NEVER_KEPT.test(new URL(href, SITE).href), href).toBe(true);
    }
    for (const href of ['/how-it-works/', '/my-orders-history/', '/upload-orders/', 'http://127.0.0.1:4010/my-invoice/7/']) expect(PAGES_NEVER_KEPT.exec(new URL(href, SITE).href)?.index ?? -1, href).not.toBe(0);
    expect(PAGES_NEVER_KEPT.test(`${SITE}/how-it-works/`)).toBe(false);
    expect(pwaOptions.workbox?.runtimeCaching?.[0]).toMatchObject({ urlPattern: PAGES_NEVER_KEPT, handler: 'NetworkOnly' });
    expect(isCacheablePage(route('/how-it-works/', 'cors', ''))).toBe(false);
    // Those addresses still get the offline page when the network fails, but only same-origin navigations.
    expect(isOtherPage(route('/my-invoice/7/'))).toBe(true);
    expect(isOtherPage(route('http://127.0.0.1:4010/api/web/v1/orders'))).toBe(false);
    expect(isSiteImage(route('/shops/amazon.svg', 'no-cors', 'image'))).toBe(true);
    expect(isSiteImage(route('http://127.0.0.1:4010/uploads/screenshot.png', 'no-cors', 'image'))).toBe(false);
  });

  it('precaches pages that the build has, the offline page among them, and no single-page fallback', () => {
    expect(PRECACHED_PAGES).toContain(OFFLINE_PAGE.slice(1));
    const shells = new Set(shellPages().map(({ slug }) => `${slug}/index.html`));
    for (const page of PRECACHED_PAGES) expect(shells.has(page) || existsSync(`src/pages/${page.replace(/(^|\/)index\.html$/, '') || 'index'}.astro`), page).toBe(true);
    const { workbox } = pwaOptions;
    expect(workbox?.navigateFallback).toBeNull();
    expect((workbox?.globPatterns ?? []).join(' ')).not.toMatch(/\*\*\/\*\.html|videos|api/);
    expect((workbox?.runtimeCaching ?? []).map((r) => r.options?.cacheName).filter(Boolean)).toEqual(['pages', 'images']);
  });

  it('describes an installable app', () => {
    expect(pwaOptions.manifest).toBe(manifest);
    expect(manifest).toMatchObject({ short_name: 'Shopper', start_url: '/', display: 'standalone', theme_color: '#0b4f8a' });
    expect(manifest.icons.map((i) => i.src).every((src) => existsSync(`public${src}`))).toBe(true);
  });
});

describe('$online', () => {
  it('follows the browser’s online and offline events while watched', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const seen: boolean[] = [];
    const stop = $online.subscribe((value) => seen.push(value));
    onLine.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    stop();
    expect(seen).toEqual([true, false, true]);
  });
});

/** A stand-in service worker: an event target with a state and postMessage. */
function fakeWorker(state: string) {
  const worker = Object.assign(new EventTarget(), { state, postMessage: vi.fn() });
  return worker;
}

function fakeRegistration(parts: { active?: unknown; waiting?: unknown; installing?: unknown }) {
  return Object.assign(new EventTarget(), { active: null, waiting: null, installing: null, update: vi.fn(async () => undefined), ...parts });
}

function useServiceWorker(registration: ReturnType<typeof fakeRegistration>) {
  const container = Object.assign(new EventTarget(), { controller: null, ready: Promise.resolve(registration), register: vi.fn(async () => registration) });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return container;
}

const banner = () => document.querySelector('[data-update-banner]');

describe('the update prompt', () => {
  afterEach(() => {
    banner()?.remove();
  });

  it('stays away on the first install, which activates at once', async () => {
    const installing = fakeWorker('installing');
    const registration = fakeRegistration({ installing });
    const container = useServiceWorker(registration);
    await startOfflineSupport();
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    registration.dispatchEvent(new Event('updatefound'));
    installing.state = 'installed';
    installing.dispatchEvent(new Event('statechange'));
    expect(banner()).toBeNull();
  });

  it('offers A new version is available once a new worker waits, and Reload lets it take over', async () => {
    const active = fakeWorker('activated');
    const installing = fakeWorker('installing');
    const registration = fakeRegistration({ active, installing });
    useServiceWorker(registration);
    await startOfflineSupport();
    registration.dispatchEvent(new Event('updatefound'));
    installing.state = 'installed';
    installing.dispatchEvent(new Event('statechange'));
    expect(banner()?.getAttribute('role')).toBe('status');
    expect(banner()?.textContent).toContain('A new version is available.');
    const reload = banner()?.querySelector('button');
    expect(reload?.textContent).toBe('Reload');
    reload?.click();
    expect(installing.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload?.disabled).toBe(true);
  });
});
