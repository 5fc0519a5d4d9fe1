// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_EVENT, scrubProps, track, type AnalyticsEvent } from '../../src/lib/analytics';

afterEach(() => {
  delete window.__analytics;
  vi.restoreAllMocks();
});

describe('analytics', () => {
  it('drops personal data and tokens, keeps plain facts', () => {
    expect(
      scrubProps({ status: 500, kind: 'server', ok: false, email: 'a@b.c', access_token: 'x', userName: 'Thandi', address: 'x', nested: { a: 1 }, products: 3 }),
    ).toEqual({ status: 500, kind: 'server', ok: false, products: 3 });
  });

  it('keeps events in window.__analytics only when a test put an array there', () => {
    track('before', {}, 'none');
    expect(window.__analytics).toBeUndefined();
    window.__analytics = [];
    track('order_create_failed', { status: 500, password: 'secret' }, 'none');
    expect(window.__analytics).toEqual([expect.objectContaining({ event: 'order_create_failed', props: { status: 500 } })]);
  });

  it('dispatches a DOM event', () => {
    const seen: AnalyticsEvent[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent<AnalyticsEvent>).detail);
    window.addEventListener(ANALYTICS_EVENT, listener);
    track('order_created', { products: 2 }, 'none');
    window.removeEventListener(ANALYTICS_EVENT, listener);
    expect(seen.map((e) => e.event)).toEqual(['order_created']);
  });

  it('beacons to a same-origin path only, and logs for console', () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    track('a', {}, '/collect');
    track('b', {}, '//evil.example/collect');
    track('c', {}, 'https://evil.example/collect');
    track('d', {}, 'console');
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon).toHaveBeenCalledWith('/collect', expect.any(Blob));
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('never throws when the sink fails', () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: () => { throw new Error('blocked'); }, configurable: true });
    expect(() => track('a', {}, '/collect')).not.toThrow();
  });
});
