import { describe, expect, it, vi } from 'vitest';
import { PUSH_SCRIPT_TEXT } from '../../scripts/pwa.mjs';

const ORIGIN = 'https://shopper.example';

type Listener = (event: Record<string, unknown>) => void;

/** Runs src/worker/sw-push.js as the build writes it in a stand-in worker scope: its listeners, and what it asked of the worker's APIs. */
function worker(windows: { url: string; focus: () => Promise<unknown> }[] = []) {
  const listeners = new Map<string, Listener>();
  const showNotification = vi.fn(() => Promise.resolve());
  const subscribe = vi.fn(() => Promise.resolve({}));
  const openWindow = vi.fn(() => Promise.resolve(null));
  const scope = {
    location: new URL(`${ORIGIN}/sw.js`),
    registration: { showNotification, pushManager: { subscribe } },
    clients: { matchAll: vi.fn(() => Promise.resolve(windows)), openWindow },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  new Function('self', PUSH_SCRIPT_TEXT)(scope);
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, event: Record<string, unknown>): Promise<void> => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { listeners, dispatch, showNotification, subscribe, openWindow };
}

/** A push event whose data is this JSON value (or this raw text). */
function push(data: unknown): Record<string, unknown> {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return { data: { json: () => JSON.parse(text) as unknown } };
}

const QUOTE = {
  kind: 'quote',
  order_id: 12,
  shop: 'Amazon',
  total: 1234567.89,
  valid_until: '2026-11-28T13:00:00Z',
  status: 'processing',
};

describe("a push message becomes a notification made of the order's fields", () => {
  it('listens for push, notificationclick and pushsubscriptionchange', () => {
    expect([...worker().listeners.keys()].sort()).toEqual(['notificationclick', 'push', 'pushsubscriptionchange']);
  });

  it('the quote is ready: order, shop, total in rand and until when it is valid; a tap opens the quote', async () => {
    const w = worker();
    await w.dispatch('push', push(QUOTE));
    expect(w.showNotification).toHaveBeenCalledTimes(1);
    const [title, options] = w.showNotification.mock.calls[0] as unknown as [
      string,
      { body: string; tag: string; data: { url: string } },
    ];
    expect(title).toBe('Your quote is ready');
    expect(options.body.replace(/\s/g, ' ')).toBe('Order 12 - Amazon: R1 234 567,89, valid until 28 Nov 2026, 15:00.');
    expect(options.tag).toBe('order-12');
    expect(options.data.url).toBe('/quote-payment/12/');
  });

  it('without the details the shopper may choose (the default), a locked phone shows only the order and what happened', async () => {
    const brief = { kind: 'quote', order_id: 12, valid_until: QUOTE.valid_until, status: 'processing' };
    const bodies: string[] = [];
    for (const data of [brief, { ...brief, kind: 'expiry' }, { ...brief, kind: 'status', status: 'paid' }]) {
      const w = worker();
      await w.dispatch('push', push(data));
      const [, options] = w.showNotification.mock.calls[0] as unknown as [string, { body: string }];
      bodies.push(options.body.replace(/\s/g, ' '));
    }
    expect(bodies).toEqual([
      'Your quote for order 12 is ready, valid until 28 Nov 2026, 15:00.',
      'Order 12: pay before 28 Nov 2026, 15:00 to keep this quote.',
      'Order 12.',
    ]);
  });

  it('the reminder before the quote expires says what to pay and by when', async () => {
    const w = worker();
    await w.dispatch('push', push({ ...QUOTE, kind: 'expiry', total: 480 }));
    const [title, options] = w.showNotification.mock.calls[0] as unknown as [string, { body: string; data: { url: string } }];
    expect(title).toBe('Your quote expires soon');
    expect(options.body.replace(/\s/g, ' ')).toBe('Order 12 - Amazon: pay R480,00 before 28 Nov 2026, 15:00 to keep this quote.');
    expect(options.data.url).toBe('/quote-payment/12/');
  });

  it.each([
    ['paid', 'Payment received'],
    ['in transit', 'Your order is on its way'],
    ['arrived in SA', 'Your order has arrived in South Africa'],
    ['delivered', 'Your order has been delivered'],
  ])('the order moves to %s: "%s", and a tap opens its tracking', async (status, expected) => {
    const w = worker();
    await w.dispatch('push', push({ ...QUOTE, kind: 'status', status }));
    const [title, options] = w.showNotification.mock.calls[0] as unknown as [string, { body: string; data: { url: string } }];
    expect(title).toBe(expected);
    expect(options.body).toBe('Order 12 - Amazon.');
    expect(options.data.url).toBe('/track-order/?order=12');
  });

  it('warehouse photos arrived: says so, and a tap opens the order\'s tracking where the photos are', async () => {
    for (const [data, body] of [
      [{ ...QUOTE, kind: 'photos' }, 'Order 12 - Amazon: see the photos of your items.'],
      [{ kind: 'photos', order_id: 12 }, 'Order 12: see the photos of your items.'],
    ] as const) {
      const w = worker();
      await w.dispatch('push', push(data));
      const [title, options] = w.showNotification.mock.calls[0] as unknown as [string, { body: string; data: { url: string } }];
      expect(title).toBe('Warehouse photos arrived');
      expect(options.body).toBe(body);
      expect(options.data.url).toBe('/track-order/?order=12');
    }
  });

  it('store credit added: the amount only when the shopper chose details, and a tap opens the credit page', async () => {
    for (const [data, body] of [
      [{ kind: 'credit', amount: 978.75, balance: 1203.5 }, 'R978,75 is in your store credit.'],
      [{ kind: 'credit' }, 'Money is back in your store credit.'],
      [{ kind: 'credit', amount: -5 }, 'Money is back in your store credit.'],
    ] as const) {
      const w = worker();
      await w.dispatch('push', push(data));
      const [title, options] = w.showNotification.mock.calls[0] as unknown as [string, { body: string; tag: string; data: { url: string } }];
      expect(title).toBe('Store credit added');
      expect(options.body.replace(/\s/g, ' ')).toBe(body);
      expect(options).toMatchObject({ tag: 'credit', data: { url: '/my-credit/' } });
      await w.dispatch('notificationclick', { notification: { close: vi.fn(), data: options.data } });
      expect(w.openWindow).toHaveBeenCalledWith(`${ORIGIN}/my-credit/`);
    }
  });

  it("an order running late: says so with the new date when the service moved it, and a tap opens the order's page", async () => {
    for (const [data, body] of [
      [{ kind: 'late', order_id: 6, status: 'arrived in SA', expected_to: '2026-11-20', new_from: '2026-12-01', new_to: '2026-12-04' }, 'Order 6: now expected by 04 Dec 2026.'],
      [{ kind: 'late', order_id: 6, status: 'arrived in SA', expected_to: '2026-11-20', shop: 'REI' }, 'Order 6 - REI: it was expected by 20 Nov 2026.'],
      [{ kind: 'late', order_id: 6, expected_to: '2026-02-30', new_to: 'soon' }, 'Order 6: see where it is.'],
    ] as const) {
      const w = worker();
      await w.dispatch('push', push(data));
      const [title, options] = w.showNotification.mock.calls[0] as unknown as [string, { body: string; tag: string; data: { url: string } }];
      expect(title).toBe('Order 6 is running late');
      expect(options.body).toBe(body);
      expect(options.tag).toBe('order-6');
      expect(options.data.url).toBe('/my-orders/6/');
    }
    const w = worker();
    await w.dispatch('notificationclick', { notification: { close: () => undefined, data: { url: '/my-orders/6/' } } });
    expect(w.openWindow).toHaveBeenCalledWith(`${ORIGIN}/my-orders/6/`);
  });

  it('an unreadable or unknown message still says there is news, and opens the order history', async () => {
    for (const data of ['not json', { kind: 'quote', order_id: -1 }, { kind: 'status', order_id: 3, status: 'lost' }, { kind: 'photos', order_id: 0 }, { kind: 'late', order_id: 'x' }, null]) {
      const w = worker();
      await w.dispatch('push', data === null ? { data: null } : push(data));
      const [title, options] = w.showNotification.mock.calls[0] as unknown as [string, { data: { url: string } }];
      expect(title, JSON.stringify(data)).toBe('News about your order');
      expect(options.data.url).toBe('/my-orders-history/');
    }
  });

  it('text is cut to its length and never made into markup or a link', async () => {
    const w = worker();
    await w.dispatch('push', push({ ...QUOTE, shop: `<img src=x onerror=alert(1)>${'x'.repeat(100)}`, order_id: 7 }));
    const [, options] = w.showNotification.mock.calls[0] as unknown as [string, { body: string; data: { url: string } }];
    expect(options.body).toContain('Order 7 - <img src=x onerror=alert(1)>');
    expect(options.body.length).toBeLessThan(140);
    expect(options.data.url).toBe('/quote-payment/7/');
  });
});

describe('a tap on a notification', () => {
  const tap = (url: unknown) => ({ notification: { data: { url }, close: vi.fn() } });

  it("opens the notification's page in a new window when no tab shows it", async () => {
    const w = worker([{ url: `${ORIGIN}/upload-orders/`, focus: vi.fn() }]);
    await w.dispatch('notificationclick', tap('/quote-payment/12/'));
    expect(w.openWindow).toHaveBeenCalledWith(`${ORIGIN}/quote-payment/12/`);
  });

  it('brings forward a tab already on that page instead of opening another', async () => {
    const focus = vi.fn(() => Promise.resolve());
    const w = worker([{ url: `${ORIGIN}/track-order/?order=12`, focus }]);
    await w.dispatch('notificationclick', tap('/track-order/?order=12'));
    expect(focus).toHaveBeenCalledTimes(1);
    expect(w.openWindow).not.toHaveBeenCalled();
  });

  it.each([
    'https://evil.example/quote-payment/12/',
    '//evil.example/',
    'javascript:alert(1)',
    '/quote-payment/12/../../admin/',
    '/quote-payment/x/',
    42,
    undefined,
  ])('opens only our own pages: %s becomes the order history', async (url) => {
    const w = worker();
    await w.dispatch('notificationclick', tap(url));
    expect(w.openWindow).toHaveBeenCalledWith(`${ORIGIN}/my-orders-history/`);
  });
});

describe('a subscription the push service renewed', () => {
  it('is subscribed again with the same key', async () => {
    const w = worker();
    await w.dispatch('pushsubscriptionchange', {
      oldSubscription: { options: { applicationServerKey: new Uint8Array([4, 1, 2]).buffer } },
    });
    expect(w.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: expect.any(ArrayBuffer) as unknown });
  });

  it('is left alone when the browser gives no old subscription to take the key from', async () => {
    const w = worker();
    await w.dispatch('pushsubscriptionchange', { oldSubscription: null });
    expect(w.subscribe).not.toHaveBeenCalled();
  });
});
