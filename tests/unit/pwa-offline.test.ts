// @vitest-environment jsdom
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isCacheablePage, isOtherPage, isSiteImage, manifest, OFFLINE_PAGE, PRECACHED_PAGES, pwaOptions } from '../../scripts/pwa.mjs';
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
    for (const href of ['http://127.0.0.1:4010/api/web/v1/orders', '/login/?next=/upload-orders/', '/my-invoice/7/', '/quote-payment/2/', '/order-uploaded/1/', '/auth/google/callback/?code=x']) {
      expect(isCacheablePage(route(href)), href).toBe(false);
    }
    expect(isCacheablePage(route('/how-it-works/', 'cors', ''))).toBe(false);
    // Those addresses still get the offline page when the network fails, but only same-origin navigations.
    expect(isOtherPage(route('/my-invoice/7/'))).toBe(true);
    expect(isOtherPage(route('http://127.0.0.1:4010/api/web/v1/orders'))).toBe(false);
    expect(isSiteImage(route('/shops/amazon.svg', 'no-cors', 'image'))).toBe(true);
    expect(isSiteImage(route('http://127.0.0.1:4010/uploads/screenshot.png', 'no-cors', 'image'))).toBe(false);
  });

  it('precaches pages that the build has, the offline page among them, and no single-page fallback', () => {
    expect(PRECACHED_PAGES).toContain(OFFLINE_PAGE.slice(1));
    for (const page of PRECACHED_PAGES) expect(existsSync(`src/pages/${page.replace(/(^|\/)index\.html$/, '') || 'index'}.astro`), page).toBe(true);
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
