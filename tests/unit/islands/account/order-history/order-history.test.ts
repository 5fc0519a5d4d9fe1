import { describe, expect, it } from 'vitest';
import type { Order, Quote } from '../../../../../src/lib/api/orders';
import { formatRand } from '../../../../../src/lib/format';
import { QUOTE_VALID_MS } from '../../../../../src/lib/quote-clock';
import {
  AWAITING_QUOTE,
  PLACE_KEY,
  STATUS_GROUPS,
  groupLabel,
  groupOf,
  historyRow,
  historySearch,
  historyView,
  matchesSearch,
  noMatchMessage,
  payBy,
  placeIn,
  readHistoryQuery,
  withPlace,
} from '../../../../../src/islands/account/order-history/order-history';
import { anOrder } from '../../../order-fixture';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const quote = (total: number, quotedAt = '2026-11-22T08:00:00.000Z'): Quote => ({ feesCost: 0, serviceFeeCost: 0, subTotal: total, totalVat: 0, total, quotedAt });

// The demo's mix: two waiting, three on the way, one delivered, one returning (only under All).
const pending: Order[] = [
  anOrder({ id: 12, status: 'placed', portalName: 'Amazon' }),
  anOrder({ id: 13, status: 'processing', portalName: 'Takealot Global', quote: quote(900) }),
];
const past: Order[] = [
  anOrder({ id: 20, status: 'paid', portalName: 'Amazon' }),
  anOrder({ id: 21, status: 'goods purchased', portalName: 'eBay' }),
  anOrder({ id: 120, status: 'in transit', portalName: 'Nike' }),
  anOrder({ id: 22, status: 'delivered', portalName: 'Nike' }),
  anOrder({ id: 23, status: 'returning', portalName: 'eBay' }),
];

describe('status groups', () => {
  it('puts each status in its group; returns and unknown statuses only under All', () => {
    expect(['placed', 'processing'].map(groupOf)).toEqual(['waiting', 'waiting']);
    expect(['paid', 'goods purchased', 'in transit', 'arrived in SA'].map(groupOf)).toEqual(Array(4).fill('on-the-way'));
    expect(groupOf('delivered')).toBe('delivered');
    expect(groupOf(' Arrived in SA ')).toBe('on-the-way');
    expect([groupOf('returning'), groupOf('returned'), groupOf('lost')]).toEqual([undefined, undefined, undefined]);
  });

  it('offers All, Waiting for me, On the way and Delivered; no Cancelled, as no status says so', () => {
    expect(STATUS_GROUPS.map((g) => g.label)).toEqual(['All', 'Waiting for me', 'On the way', 'Delivered']);
    expect(groupLabel({ label: 'Waiting for me' }, 3)).toBe('Waiting for me (3)');
  });
});

describe('the query in the address', () => {
  it('reads ?q= and ?show=, an unknown group reading All', () => {
    expect(readHistoryQuery({})).toEqual({ q: '', show: 'all' });
    expect(readHistoryQuery({ q: 'nike', show: 'delivered' })).toEqual({ q: 'nike', show: 'delivered' });
    expect(readHistoryQuery({ show: 'cancelled' })).toEqual({ q: '', show: 'all' });
    expect(readHistoryQuery({ q: 'x'.repeat(300) }).q).toHaveLength(100);
  });

  it('writes only what differs from the plain list', () => {
    expect(historySearch({ q: '', show: 'all' })).toEqual({});
    expect(historySearch({ q: '  ', show: 'all' })).toEqual({});
    expect(historySearch({ q: 'new balance', show: 'on-the-way' })).toEqual({ q: 'new balance', show: 'on-the-way' });
  });
});

describe('search', () => {
  it('matches the order number from its first digits, written as 12, #12 or order 12', () => {
    const order = { id: 120, portalName: 'Nike' };
    for (const q of ['12', '120', '#12', 'Order 12', 'order120', ' 1 ']) expect(matchesSearch(order, q)).toBe(true);
    for (const q of ['20', '121', '#2']) expect(matchesSearch(order, q)).toBe(false);
  });

  it("matches words of the shop's name, in any case", () => {
    const order = { id: 5, portalName: 'Takealot Global' };
    expect(matchesSearch(order, 'global')).toBe(true);
    expect(matchesSearch(order, 'TAKEALOT G')).toBe(true);
    expect(matchesSearch(order, 'amazon')).toBe(false);
    expect(matchesSearch(order, '')).toBe(true);
  });
});

describe('the history view', () => {
  it('counts each group and shows both lists under All', () => {
    const view = historyView(pending, past, { q: '', show: 'all' });
    expect(view.counts).toEqual({ all: 7, waiting: 2, 'on-the-way': 3, delivered: 1 });
    expect(view.pending.map((o) => o.id)).toEqual([12, 13]);
    expect(view.past.map((o) => o.id)).toEqual([20, 21, 120, 22, 23]);
    expect([view.total, view.shown, view.showPending, view.showPast]).toEqual([7, 7, true, true]);
  });

  it('a group shows its orders and only the list they belong to', () => {
    const waiting = historyView(pending, past, { q: '', show: 'waiting' });
    expect([waiting.pending.length, waiting.past.length, waiting.showPending, waiting.showPast]).toEqual([2, 0, true, false]);
    const way = historyView(pending, past, { q: '', show: 'on-the-way' });
    expect(way.past.map((o) => o.id)).toEqual([20, 21, 120]);
    expect([way.showPending, way.showPast]).toEqual([false, true]);
    expect(historyView(pending, past, { q: '', show: 'delivered' }).past.map((o) => o.id)).toEqual([22]);
  });

  it('counts follow the search; a search with no match shows nothing of the total', () => {
    const nike = historyView(pending, past, { q: 'nike', show: 'all' });
    expect(nike.counts).toEqual({ all: 2, waiting: 0, 'on-the-way': 1, delivered: 1 });
    const none = historyView(pending, past, { q: 'zara', show: 'all' });
    expect([none.shown, none.total]).toEqual([0, 7]);
    expect(noMatchMessage(' zara ')).toBe('No orders match “zara”.');
    expect(noMatchMessage('')).toBe('No orders here yet.');
  });
});

describe('a row', () => {
  it('a placed order without a quote says Awaiting quote instead of R0, with the note of SPEC', () => {
    const row = historyRow(anOrder({ id: 12, status: 'placed', createdDate: '2026-11-20T09:00:00Z' }));
    expect(row).toMatchObject({ id: 12, title: 'Order 12', shop: 'Amazon', status: 'placed', tone: 'waiting', date: '20 Nov 2026' });
    expect(row.total).toBe(AWAITING_QUOTE);
    expect(row.action).toEqual({ kind: 'note', text: 'Order is placed' });
  });

  it('a processing order offers its Quote with its total; a paid one its Invoice with the total charged', () => {
    const processing = historyRow(anOrder({ id: 13, status: 'processing', quote: quote(1063.75) }));
    expect(processing.total).toBe(formatRand(1063.75));
    expect(processing.action).toEqual({ kind: 'quote', id: 13, label: 'Quote for order 13' });
    const paid = historyRow(anOrder({ id: 20, status: 'paid', quote: quote(900), totalCharged: 1200 }));
    expect([paid.status, paid.tone, paid.total]).toEqual(['Order Paid', 'on-the-way', formatRand(1200)]);
    expect(paid.action).toEqual({ kind: 'invoice', id: 20, label: 'Invoice for order 20' });
  });

  it('a closed order without any total keeps R0 (SPEC); a return reads as its own tone', () => {
    const row = historyRow(anOrder({ id: 23, status: 'returning' }));
    expect([row.total, row.tone]).toEqual(['R0', 'other']);
  });

  it('the quote says until when it may be paid, then that it expired; nothing without a time', () => {
    const issued = '2026-11-22T08:00:00.000Z';
    expect(payBy(quote(1, issued), NOW)).toEqual({ text: 'Pay by 24 Nov 2026, 10:00', expired: false });
    expect(payBy(quote(1, issued), Date.parse(issued) + QUOTE_VALID_MS)).toEqual({ text: 'This quote has expired.', expired: true });
    expect(payBy(quote(1, ''), NOW)).toBeUndefined();
    expect(payBy(null, NOW)).toBeUndefined();
  });
});

describe('the place kept for Back', () => {
  it('adds the place to the entry state, keeping its other keys, and reads it back', () => {
    const state = withPlace({ other: 1 }, { y: 840, id: 13 });
    expect(state).toEqual({ other: 1, [PLACE_KEY]: { y: 840, id: 13 } });
    expect(placeIn(state)).toEqual({ y: 840, id: 13 });
    expect(placeIn(withPlace(null, { y: 0, id: 1 }))).toEqual({ y: 0, id: 1 });
  });

  it('reads nothing from a state that holds no place or a broken one', () => {
    for (const state of [null, undefined, 'x', {}, { [PLACE_KEY]: 'x' }, { [PLACE_KEY]: { y: -1, id: 1 } }, { [PLACE_KEY]: { y: 1, id: 1.5 } }, { [PLACE_KEY]: { y: Number.NaN, id: 1 } }]) {
      expect(placeIn(state)).toBeUndefined();
    }
  });
});

describe('a row of an order shipping with others (issue 57)', () => {
  it('says what it ships with, and nothing for an order shipping alone', () => {
    expect(historyRow(anOrder({ id: 4, status: 'goods purchased', shipment: { id: 1, with: [14] } })).shipsWith).toBe('Ships with Order 14');
    expect(historyRow(anOrder({ id: 5, status: 'goods purchased' })).shipsWith).toBe('');
  });
});
