// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderFromWire } from '../../src/lib/api/orders';
import { readOne } from '../../src/lib/api/decode';
import { requestMorePhotos } from '../../src/lib/api/photo-requests';
import { isPhotoUrl, photoRequestsFromWire, warehousePhotosFromWire } from '../../src/lib/api/warehouse-photos';
import { config } from '../../src/lib/config';
import { $photoRequests, askForMorePhotos, openRequestNotice, photoRequestMessages, photoRequestNotice, photoRequestStore } from '../../src/lib/stores/photo-requests';
import { clearTokens, storeTokens } from '../../src/lib/stores/session';

const signed = (name: string) => `${config.apiHost}/uploads/${name}.png?expires=1800000000&signature=abc`;

// The seeded REI order as the sandbox sends it; money is text in the spec dialect, the photos' shape is the same in both.
const wireOrder = {
  id: 13,
  status: 'goods purchased',
  products: [
    { id: 41, name: 'Hiking boots', quantity: 1 },
    { id: 42, name: 'Merino socks', quantity: 2 },
  ],
  warehouse_photos: [
    { id: 3, product_id: 41, url: signed('a'), alt: 'Hiking boots', taken_at: '2026-11-28T11:00:00.000Z' },
    { id: 4, product_id: 42, url: signed('b'), alt: 'Merino socks', taken_at: '2026-11-28T11:00:00.000Z' },
  ],
  photo_requests: [{ id: 1, order_id: 13, message: '', requested_at: '2026-11-28T10:00:00.000Z', answered_at: '2026-11-28T11:00:00.000Z' }],
};

describe('warehouse photos on the order (decoding)', () => {
  it.each([
    ['spec dialect (bare)', wireOrder],
    ['envelope ({ data })', { data: wireOrder }],
  ])('reads the photos and requests of the %s', (_, body) => {
    const order = orderFromWire(readOne(body, 'order'));
    expect(order.warehousePhotos).toEqual([
      { id: 3, productId: 41, url: signed('a'), alt: 'Hiking boots' },
      { id: 4, productId: 42, url: signed('b'), alt: 'Merino socks' },
    ]);
    expect(order.photoRequests).toEqual([{ id: 1, answeredAt: '2026-11-28T11:00:00.000Z' }]);
  });

  it.each([undefined, null, '', 'photos', 42, {}, [null, 'x', 7]])('missing or garbled warehouse_photos (%j) is no photos', (value) => {
    const order = orderFromWire({ ...wireOrder, warehouse_photos: value, photo_requests: value });
    expect(order.warehousePhotos).toEqual([]);
    expect(order.photoRequests).toEqual([]);
  });

  it('drops a photo whose link is not http(s) on the service host, or has credentials; a missing alt is the product name', () => {
    const photos = warehousePhotosFromWire(
      [
        { id: 1, product_id: 42, url: signed('ok') },
        { id: 2, product_id: 41, url: 'javascript:alert(1)', alt: 'x' },
        { id: 3, product_id: 41, url: 'https://evil.example/uploads/a.png', alt: 'x' },
        { id: 4, product_id: 41, url: `data:image/png;base64,AAAA`, alt: 'x' },
        { id: 5, product_id: 41, url: signed('c').replace('://', '://user:pw@'), alt: 'x' },
        { id: 6, product_id: 41, url: '/uploads/relative.png', alt: 'x' },
        { id: 7, product_id: 99, url: signed('d'), alt: '  ' },
      ],
      wireOrder.products,
    );
    expect(photos.map((p) => [p.id, p.alt])).toEqual([
      [1, 'Merino socks'],
      [7, 'Photo of your item'],
    ]);
    expect(isPhotoUrl('https://api.example/uploads/a.png', 'https://api.example')).toBe(true);
    expect(isPhotoUrl('http://api.example:8080/uploads/a.png', 'https://api.example')).toBe(false);
  });

  it('reads an open request (answered_at null) and says it is already open', () => {
    const requests = photoRequestsFromWire([{ id: 2, message: 'The soles please', requested_at: '2026-11-28T12:00:00.000Z', answered_at: null }]);
    expect(requests).toEqual([{ id: 2, answeredAt: null }]);
    expect(openRequestNotice({ photoRequests: requests })).toEqual({ tone: 'done', text: photoRequestMessages.open });
    expect(openRequestNotice(orderFromWire(wireOrder))).toBeNull();
    expect(openRequestNotice({})).toBeNull();
  });
});

describe('"Ask for more photos"', () => {
  let answers: { status: number; body: unknown }[] = [];
  let sent: { url: string; method: string; body: unknown }[] = [];

  beforeEach(() => {
    storeTokens('access-1', 'refresh-1', false);
    $photoRequests.set({});
    sent = [];
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      sent.push({ url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
      const next = answers.shift() ?? { status: 500, body: { error: 'no answer set' } };
      return Promise.resolve(new Response(JSON.stringify(next.body), { status: next.status, headers: { 'Content-Type': 'application/json' } }));
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearTokens();
  });

  const request = { id: 5, order_id: 13, message: '', requested_at: '2026-11-28T12:00:00.000Z', answered_at: null };

  it.each([
    ['201, bare (spec dialect)', 201, request, true],
    ['201, envelope', 201, { data: request }, true],
    ['200 with the open one, envelope', 200, { data: request }, false],
    ['200 with the open one, bare', 200, request, false],
  ])('POST /orders/{id}/photo_requests: %s', async (_, status, body, created) => {
    answers = [{ status, body }];
    expect(await requestMorePhotos(13)).toEqual({ created });
    expect(sent[0]).toEqual({ url: `${config.apiBase}/orders/13/photo_requests`, method: 'POST', body: { photo_request: {} } });
  });

  it.each([
    [{ created: true }, 'done', photoRequestMessages.sent],
    [{ created: false }, 'done', photoRequestMessages.open],
    [{ error: { status: 404 } }, 'problem', photoRequestMessages.unavailable],
    [{ error: { status: 405 } }, 'problem', photoRequestMessages.unavailable],
    [{ error: { status: 422 } }, 'problem', photoRequestMessages.notReceived],
    [{ error: { status: 500 } }, 'problem', photoRequestMessages.failed],
    [{ error: {} }, 'problem', photoRequestMessages.failed],
  ] as const)('outcome %j says: %s', (outcome, tone, text) => {
    expect(photoRequestNotice(outcome)).toEqual({ tone, text });
  });

  it('a press confirms, a second press says one is already open; a refusal is said and the order keeps its own note', async () => {
    answers = [
      { status: 201, body: { data: request } },
      { status: 200, body: { data: request } },
      { status: 422, body: { error: 'Photos are taken once the items reach our warehouse' } },
      { status: 405, body: { error: 'Method Not Allowed' } },
    ];
    await askForMorePhotos(13);
    expect($photoRequests.get()[13]).toEqual({ tone: 'done', text: photoRequestMessages.sent });
    expect(photoRequestStore(13).get().loading).toBe(false);
    await askForMorePhotos(13);
    expect($photoRequests.get()[13]?.text).toBe(photoRequestMessages.open);
    await askForMorePhotos(7);
    expect($photoRequests.get()[7]).toEqual({ tone: 'problem', text: photoRequestMessages.notReceived });
    await askForMorePhotos(8);
    expect($photoRequests.get()[8]?.text).toBe(photoRequestMessages.unavailable);
    expect($photoRequests.get()[13]?.text).toBe(photoRequestMessages.open);
  });

  it('sends once while a request is on its way', async () => {
    answers = [{ status: 201, body: request }];
    const first = askForMorePhotos(13);
    expect(photoRequestStore(13).get().loading).toBe(true);
    await askForMorePhotos(13);
    await first;
    expect(sent).toHaveLength(1);
  });

  it('offline: says it was not sent and what to do', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await askForMorePhotos(13);
    expect($photoRequests.get()[13]).toEqual({ tone: 'problem', text: photoRequestMessages.failed });
  });
});
