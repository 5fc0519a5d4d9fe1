// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api/errors';
import { DRAFT_KEY } from '../../src/lib/draft-lifetime';
import type { OrderFormValues } from '../../src/lib/schemas/order';

const idb = new Map<string, unknown>();
const idbFailure = { set: undefined as Error | undefined };

vi.mock('idb-keyval', () => ({
  createStore: () => async () => undefined,
  get: async (key: string) => idb.get(key),
  set: async (key: string, value: unknown) => {
    if (idbFailure.set) throw idbFailure.set;
    idb.set(key, value);
  },
  del: async (key: string) => {
    idb.delete(key);
  },
  keys: async () => [...idb.keys()],
}));

const createOrder = vi.fn();
const getOrder = vi.fn();
vi.mock('../../src/lib/api/orders', () => ({ createOrder: (...args: unknown[]) => createOrder(...args), getOrder: (...args: unknown[]) => getOrder(...args) }));

const draft = await import('../../src/lib/stores/order-draft');
const { DRAFT_VERSION, $draftSaveFailed, clearDraft, defaultValues, isDraftBlank, loadDraft, newProduct, openDraft, parseDraft, saveDraft } = draft;
const { $placeOrder } = await import('../../src/lib/stores/place-order');
const { placedOrderStore } = await import('../../src/lib/stores/placed-order');
const { storeTokens, clearTokens } = await import('../../src/lib/stores/session');
const { invalidatePersonal } = await import('../../src/lib/stores/query');
const { adoptRenewal, readSessionUser, rememberSessionUser, storeRenewedTokens } = await import('../../src/lib/api/token-storage');

const shot = (size = 60_000) => new Blob([new Uint8Array(size)], { type: 'image/webp' });

function filled(): OrderFormValues {
  const first = { ...newProduct(), description: 'https://shop.example/a', comment: 'blue', quantity: 2 as const, screenshot: shot() };
  const second = { ...newProduct([first]), description: 'https://shop.example/b' };
  return { portal: 2, addressId: 5, agreed: true, products: [first, second] };
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', {});
  localStorage.clear();
  idb.clear();
  idbFailure.set = undefined;
  $draftSaveFailed.set(false);
  createOrder.mockReset();
  window.__analytics = [];
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete window.__analytics;
});

describe('defaults', () => {
  it('start with one product named Product 1, quantity 1', () => {
    const values = defaultValues();
    expect(values).toMatchObject({ portal: 0, addressId: 0, agreed: false, products: [{ name: 'Product 1', quantity: 1, description: '', comment: '', screenshot: null }] });
    expect(isDraftBlank(values)).toBe(true);
  });

  it('number new products after the highest so far', () => {
    expect(newProduct([{ name: 'Product 1' }, { name: 'Product 3' }]).name).toBe('Product 4');
    expect(newProduct([{ name: 'Product 1' }]).name).toBe('Product 2');
  });
});

describe('save and restore', () => {
  it('restores values from localStorage and screenshots from IndexedDB', async () => {
    const values = filled();
    await saveDraft(values);
    const stored = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '{}');
    expect(stored.version).toBe(DRAFT_VERSION);
    expect(JSON.stringify(stored)).not.toContain('screenshot":{');
    const restored = await loadDraft(null);
    expect(restored.portal).toBe(2);
    expect(restored.products.map((p) => p.name)).toEqual(['Product 1', 'Product 2']);
    expect(restored.products[0]?.screenshot).toBe(values.products[0]?.screenshot);
    expect(restored.products[1]?.screenshot).toBeNull();
    expect(isDraftBlank(restored)).toBe(false);
  });

  it('removes the screenshot of a deleted block', async () => {
    const values = filled();
    await saveDraft(values);
    expect(idb.size).toBe(1);
    await saveDraft({ ...values, products: values.products.slice(1) });
    expect(idb.size).toBe(0);
  });

  it.each([
    ['corrupted JSON', `{"version":${DRAFT_VERSION},"values":`],
    ['an old version', JSON.stringify({ version: 0, values: { portal: 1, addressId: 0, agreed: false, products: [] } })],
    ['a future version', JSON.stringify({ version: 99, values: {} })],
    ['a wrong shape', JSON.stringify({ version: DRAFT_VERSION, owner: null, values: { portal: 'x', addressId: 0, agreed: false, products: [{}] } })],
    ['no products', JSON.stringify({ version: DRAFT_VERSION, owner: null, values: { portal: 1, addressId: 0, agreed: false, products: [] } })],
    ['an owner that is no user id', JSON.stringify({ version: DRAFT_VERSION, owner: 'thandi', values: { portal: 1, addressId: 0, agreed: false, products: [{ key: 'k1', name: 'Product 1', description: '', quantity: 1, comment: '', hasScreenshot: false }] } })],
    ['a draft of version 1, which had no owner', JSON.stringify({ version: 1, values: { portal: 1, addressId: 0, agreed: false, products: [{ key: 'k1', name: 'Product 1', description: '', quantity: 1, comment: '', hasScreenshot: false }] } })],
    ['a bare array', '[1,2,3]'],
  ])('resets cleanly from %s', async (_label, raw) => {
    localStorage.setItem(DRAFT_KEY, raw);
    idb.set('orphan', shot());
    const values = await loadDraft(null);
    expect(values).toMatchObject({ portal: 0, addressId: 0, agreed: false, products: [{ name: 'Product 1', quantity: 1 }] });
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(idb.size).toBe(0);
  });

  it('offline, is shown only to its known owner (the shopper this session last read); an unknown viewer gets an empty form, and the draft goes', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    storeTokens('access-o', 'refresh-o', true);
    invalidatePersonal('');
    const saveAs = async (id: number) => {
      await loadDraft(id);
      await saveDraft(filled());
    };
    await saveAs(7);
    rememberSessionUser(7);
    expect((await openDraft()).portal).toBe(2);
    rememberSessionUser(8);
    expect(isDraftBlank(await openDraft())).toBe(true);
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();

    await saveAs(7);
    clearTokens();
    storeTokens('access-p', 'refresh-p', true);
    expect(isDraftBlank(await openDraft())).toBe(true);
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(idb.size).toBe(0);
  });

  it("knows the session's shopper across a token renewal, and never for tokens put in place without reading the shopper", () => {
    storeTokens('access-r1', 'refresh-r1', true);
    rememberSessionUser(7);
    storeRenewedTokens('refresh-r1', 'access-r2', 'refresh-r2');
    expect(readSessionUser()).toBe(7);
    localStorage.setItem('refresh_token', 'refresh-of-another-session');
    expect(readSessionUser()).toBeNull();
    clearTokens();
    expect(localStorage.getItem('session_user')).toBeNull();
  });

  it("knows the shopper of a tab that adopts another tab's renewal, and of no tab holding another pair", () => {
    storeTokens('access-t1', 'refresh-t1', false);
    rememberSessionUser(9);
    expect(adoptRenewal({ type: 'renewed', previous: 'refresh-t1', access: 'access-t2', refresh: 'refresh-t2' })).toBe(true);
    expect(sessionStorage.getItem('refresh_token')).toBe('refresh-t2');
    expect(readSessionUser()).toBe(9);
    adoptRenewal({ type: 'renewed', previous: 'refresh-of-another-tab', access: 'access-x', refresh: 'refresh-x' });
    expect(readSessionUser()).toBe(9);
    sessionStorage.setItem('session_user', '9:someone-elses');
    adoptRenewal({ type: 'renewed', previous: 'refresh-t2', access: 'access-t3', refresh: 'refresh-t3' });
    expect(readSessionUser()).toBeNull();
  });

  it('keeps each product\'s "if unavailable" rule and alternative; a draft saved before them gets ask me and none', async () => {
    await loadDraft(7);
    const values = filled();
    values.products[0] = { ...values.products[0]!, ifUnavailable: 'buy_alternative', alternative: 'UK 7.5' };
    values.products[1] = { ...values.products[1]!, ifUnavailable: 'cancel_item' };
    await saveDraft(values);
    expect((await loadDraft(7)).products.map((p) => [p.ifUnavailable, p.alternative])).toEqual([
      ['buy_alternative', 'UK 7.5'],
      ['cancel_item', ''],
    ]);
    const old = { key: 'k1', name: 'Product 1', description: '', quantity: 1, comment: '', hasScreenshot: false };
    const raw = (product: object) => JSON.stringify({ version: DRAFT_VERSION, owner: 7, values: { portal: 1, addressId: 0, agreed: false, products: [product] } });
    expect(parseDraft(raw(old))?.products[0]).toMatchObject({ ifUnavailable: 'ask_me', alternative: '' });
    expect(parseDraft(raw({ ...old, ifUnavailable: 'steal_it', alternative: 7 }))?.products[0]).toMatchObject({ ifUnavailable: 'ask_me', alternative: '' });
    expect(isDraftBlank({ ...defaultValues(), products: [{ ...newProduct(), ifUnavailable: 'cancel_item' }] })).toBe(false);
    expect(isDraftBlank({ ...defaultValues(), products: [{ ...newProduct(), alternative: 'Red' }] })).toBe(false);
  });

  it('keeps the delivery choice and the chosen pickup point; a draft saved before them, or with a bad choice, delivers to an address (issue 57)', async () => {
    await loadDraft(7);
    await saveDraft({ ...filled(), delivery: 'pickup', pickupPointCode: 'PUDO-JHB-0142', pickupPointName: 'Sandton City Locker' });
    expect(await loadDraft(7)).toMatchObject({ addressId: 5, delivery: 'pickup', pickupPointCode: 'PUDO-JHB-0142', pickupPointName: 'Sandton City Locker' });
    const product = { key: 'k1', name: 'Product 1', description: '', quantity: 1, comment: '', hasScreenshot: false };
    const raw = (fields: object) => JSON.stringify({ version: DRAFT_VERSION, owner: 7, values: { portal: 1, addressId: 3, agreed: false, products: [product], ...fields } });
    expect(parseDraft(raw({}))).toMatchObject({ delivery: 'address', pickupPointCode: '', pickupPointName: '' });
    expect(parseDraft(raw({ delivery: 'drone', pickupPointCode: 42, pickupPointName: 'x' }))).toMatchObject({ delivery: 'address', pickupPointCode: '', pickupPointName: '' });
    expect(defaultValues()).toMatchObject({ delivery: 'address', pickupPointCode: '', pickupPointName: '' });
  });

  it('parses a good stored draft', () => {
    const raw = JSON.stringify({ version: DRAFT_VERSION, owner: 7, values: { portal: 1, addressId: 0, agreed: false, products: [{ key: 'k1', name: 'Product 1', description: '', quantity: 1, comment: '', hasScreenshot: false }] } });
    expect(parseDraft(raw)).toMatchObject({ owner: 7, products: [{ key: 'k1' }] });
  });

  it("is restored for its owner, and a visitor's for whoever comes next; another shopper's is deleted, never shown", async () => {
    await loadDraft(7);
    const values = filled();
    await saveDraft(values);
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '{}').owner).toBe(7);
    expect((await loadDraft(7)).products[0]?.screenshot).toBe(values.products[0]?.screenshot);
    const other = await loadDraft(8);
    expect(isDraftBlank(other)).toBe(true);
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(idb.size).toBe(0);
    expect((await loadDraft(7)).portal).toBe(0);

    await loadDraft(null);
    await saveDraft(filled());
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '{}').owner).toBeNull();
    expect((await loadDraft(9)).portal).toBe(2);
  });

  it('records whether the session was Keep me signed in, and marks the browser session of one that was not', async () => {
    document.cookie = 'draft_session=; Max-Age=0; Path=/';
    storeTokens('access-a', 'refresh-a', true);
    await loadDraft(7);
    await saveDraft(filled());
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '{}')).toMatchObject({ owner: 7, remembered: true });
    expect(document.cookie).not.toContain('draft_session=1');

    clearTokens();
    localStorage.removeItem('remember_me');
    storeTokens('access-b', 'refresh-b', false);
    await loadDraft(7);
    await saveDraft(filled());
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '{}')).toMatchObject({ owner: 7, remembered: false });
    expect(document.cookie).toContain('draft_session=1');
  });

  it("a shopper's session that ends while the form is open takes the draft with it; a visitor's stays", async () => {
    storeTokens('access-a', 'refresh-a', true);
    await loadDraft(7);
    await saveDraft(filled());
    clearTokens();
    await vi.waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toBeNull());
    await vi.waitFor(() => expect(idb.size).toBe(0));

    await loadDraft(null);
    await saveDraft(filled());
    storeTokens('access-b', 'refresh-b', true);
    clearTokens();
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();
  });

  it('survives a localStorage quota error: no throw, one flag', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await expect(saveDraft(filled())).resolves.toBeUndefined();
    expect($draftSaveFailed.get()).toBe(true);
  });

  it('survives an IndexedDB quota error', async () => {
    idbFailure.set = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    await expect(saveDraft(filled())).resolves.toBeUndefined();
    expect($draftSaveFailed.get()).toBe(true);
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();
  });

  it('clears everything', async () => {
    await saveDraft(filled());
    await clearDraft();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(idb.size).toBe(0);
  });
});

describe('placing an order', () => {
  it('places one order for a double submit and clears the draft', async () => {
    storeTokens('access', 'refresh', false);
    let resolve: (value: { id: number }) => void = () => undefined;
    createOrder.mockReturnValue(new Promise((r) => (resolve = r)));
    const values = filled();
    await saveDraft(values);
    const first = $placeOrder.mutate(values);
    const second = $placeOrder.mutate(values);
    expect($placeOrder.get().loading).toBe(true);
    resolve({ id: 42 });
    expect(await first).toEqual({ data: 42 });
    expect(await second).toBeUndefined();
    expect($placeOrder.get()).toEqual({ loading: false, data: 42 });
    expect(createOrder).toHaveBeenCalledTimes(1);
    expect(createOrder.mock.calls[0]?.[0]).toMatchObject({
      portal: 2,
      addressId: 5,
      products: [{ name: 'Product 1', quantity: 2, fileName: 'screenshot-1.webp' }, { name: 'Product 2', quantity: 1 }],
    });
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    // The order-uploaded page shows the order just placed without asking the API.
    expect(await placedOrderStore(42).fetch()).toMatchObject({ data: { id: 42 } });
    expect(getOrder).not.toHaveBeenCalled();
    expect(window.__analytics?.map((e) => e.event)).toEqual(['order_created']);
  });

  it('keeps the draft and tells analytics only when it fails', async () => {
    createOrder.mockRejectedValue(new ApiError('Injected fault 500', 'server', { status: 500 }));
    const values = filled();
    await saveDraft(values);
    await expect($placeOrder.mutate(values)).resolves.toMatchObject({ error: { status: 500, message: 'Injected fault 500' } });
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();
    expect(window.__analytics).toEqual([expect.objectContaining({ event: 'order_create_failed', props: { kind: 'server', status: 500, products: 2 } })]);
    expect($placeOrder.get().loading).toBe(false);
  });
});
