// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Tracking } from '../../../../../src/lib/api/tracking';
import { trackingFromWire } from '../../../../../src/lib/api/tracking';
import { QUOTE_EXPIRED, QUOTE_VALID_MS } from '../../../../../src/lib/quote-clock';
import {
  courierLink,
  courierOf,
  deliveryOf,
  lateNotice,
  mayHaveReturns,
  NEXT_STEP,
  nextStep,
  paperOf,
  QUOTE_COMING,
  reachOf,
  returnsOf,
  STEP_STATUSES,
  timelineOf,
  windowWords,
} from '../../../../../src/islands/account/order/order-page';
import { anOrder } from '../../../order-fixture';

const NOW = Date.parse('2026-12-10T10:00:00.000Z');
const HOSTS = ['thecourierguy.co.za', 'portal.thecourierguy.co.za', 'www.dhl.com'];

const tracking = (fields: Partial<Tracking>): Tracking => ({ history: [], events: [], ...fields });
const window = (from: string, to: string, fields: Partial<NonNullable<Tracking['expected']>> = {}) => ({
  from, to, reason: '', previous: null, movedAt: '', late: false, ...fields,
});

describe('the timeline', () => {
  const inTransit = anOrder({
    status: 'in transit',
    tracking: tracking({
      history: [
        { status: 'placed', at: '2026-11-20T07:00:00.000Z' },
        { status: 'processing', at: '2026-11-20T09:15:00.000Z' },
        { status: 'paid', at: '2026-11-21T12:30:00.000Z' },
        { status: 'goods purchased', at: '2026-11-23T08:00:00.000Z' },
        { status: 'in transit', at: '2026-11-27T06:45:00.000Z' },
      ],
      events: [
        { id: 1, status: 'goods purchased', kind: 'weighed', text: 'Weighed at the warehouse: 2.4 kg', at: '2026-11-24T10:00:00.000Z' },
        { id: 2, status: 'in transit', kind: 'left_warehouse', text: 'Left the warehouse', at: '2026-11-27T07:00:00.000Z' },
        { id: 3, status: '', kind: '', text: 'Scanned in Frankfurt', at: '' },
      ],
    }),
  });

  it('marks the steps before the status done, the status current and the rest not reached, in the seven steps of the bar', () => {
    const { rows } = timelineOf(inTransit);
    expect(rows.map((r) => r.status)).toEqual([...STEP_STATUSES]);
    expect(rows.map((r) => r.label)).toEqual(['Order Placed', 'Processing Order', 'Order Paid', 'Goods Purchased', 'In Transit', 'Arrived in SA', 'Delivered']);
    expect(rows.map((r) => r.state)).toEqual(['done', 'done', 'done', 'done', 'current', 'next', 'next']);
  });

  it('dates each reached step in en-ZA, South African time, and leaves the steps not reached without a date', () => {
    const { rows } = timelineOf(inTransit);
    expect(rows[2]).toMatchObject({ at: '2026-11-21T12:30:00.000Z', when: '21 Nov 2026, 14:30' });
    expect(rows[4]?.when).toBe('27 Nov 2026, 08:45');
    expect(rows.slice(5).map((r) => r.when)).toEqual(['', '']);
  });

  it('never dates a step not reached, even when the history has it (after a move back)', () => {
    const movedBack = { ...inTransit, status: 'paid' };
    expect(timelineOf(movedBack).rows.map((r) => (r.when ? 'dated' : ''))).toEqual(['dated', 'dated', 'dated', '', '', '', '']);
  });

  it('puts each event under its step with its time, and one of no known step under the current step without a time', () => {
    const { rows } = timelineOf(inTransit);
    expect(rows[3]?.events).toEqual([{ id: 1, text: 'Weighed at the warehouse: 2.4 kg', at: '2026-11-24T10:00:00.000Z', when: '24 Nov 2026, 12:00' }]);
    expect(rows[4]?.events.map((e) => [e.text, e.when])).toEqual([
      ['Left the warehouse', '27 Nov 2026, 09:00'],
      ['Scanned in Frankfurt', ''],
    ]);
    expect(rows.filter((r, i) => i !== 3 && i !== 4).every((r) => r.events.length === 0)).toBe(true);
  });

  it('says what happens next for the status', () => {
    expect(timelineOf(anOrder({ status: 'paid' })).next).toBe('Next: we buy your items.');
    expect(timelineOf(inTransit).next).toBe(NEXT_STEP['in transit']);
    expect(nextStep('placed')).toBe('Next: we check your items and send you a quote.');
    expect(nextStep('delivered')).toBe('Delivered. Something not right? You can book a return.');
    expect(nextStep('lost in space')).toBe('');
    for (const status of STEP_STATUSES) expect(nextStep(status), status).not.toBe('');
  });

  it('without tracking data: the same steps and states, no dates and no events', () => {
    const { rows } = timelineOf(anOrder({ status: 'goods purchased' }));
    expect(rows.map((r) => r.state)).toEqual(['done', 'done', 'done', 'current', 'next', 'next', 'next']);
    expect(rows.every((r) => r.when === '' && r.events.length === 0)).toBe(true);
  });

  it('a delivered order has every step done but the last, which is current; a return has every step done and none current', () => {
    expect(timelineOf(anOrder({ status: 'delivered' })).rows.map((r) => r.state)).toEqual(['done', 'done', 'done', 'done', 'done', 'done', 'current']);
    expect(timelineOf(anOrder({ status: 'return' })).rows.every((r) => r.state === 'done')).toBe(true);
  });

  it('leaves out a date the service sent that cannot be read (read at the boundary), never "Invalid Date"', () => {
    const read = trackingFromWire({
      status_history: [{ status: 'placed', at: 'yesterday' }, { status: 'processing', at: '2026-11-20T09:15:00Z' }],
      tracking_events: [{ id: 4, status: 'processing', kind: 'received', occurred_at: 'soon' }],
    });
    const { rows } = timelineOf(anOrder({ status: 'processing', tracking: read }));
    expect(rows[0]?.when).toBe('');
    expect(rows[1]?.when).toBe('20 Nov 2026, 11:15');
    expect(rows[1]?.events).toEqual([{ id: 4, text: 'Received at our warehouse', at: '', when: '' }]);
    expect(JSON.stringify(rows)).not.toContain('Invalid');
  });
});

describe('the expected delivery', () => {
  it('says a window in one month, across months, across years, and one day', () => {
    expect(windowWords({ from: '2026-12-01', to: '2026-12-04' })).toBe('between 1 and 4 December');
    expect(windowWords({ from: '2026-11-28', to: '2026-12-03' })).toBe('between 28 November and 3 December');
    expect(windowWords({ from: '2026-12-30', to: '2027-01-04' })).toBe('between 30 December 2026 and 4 January 2027');
    expect(windowWords({ from: '2026-12-02', to: '2026-12-02' })).toBe('on 2 December');
  });

  it('after payment: the window; nothing when the service sent none', () => {
    const paid = anOrder({ status: 'paid', tracking: tracking({ expected: window('2026-12-11', '2026-12-14') }) });
    expect(deliveryOf(paid, NOW)).toEqual({ expected: 'Expected between 11 and 14 December', reason: '', previous: '', late: '' });
    expect(deliveryOf(anOrder({ status: 'paid' }), NOW)).toBeUndefined();
    expect(deliveryOf(anOrder({ status: 'paid', tracking: tracking({}) }), NOW)).toBeUndefined();
  });

  it('a moved window: the new one, why, and the one it replaced', () => {
    const moved = window('2026-12-15', '2026-12-18', { reason: 'Held for a customs inspection', previous: { from: '2026-12-11', to: '2026-12-14' } });
    expect(deliveryOf(anOrder({ status: 'arrived in SA', tracking: tracking({ expected: moved }) }), NOW)).toEqual({
      expected: 'Expected between 15 and 18 December',
      reason: 'Held for a customs inspection',
      previous: 'Before, it was expected between 11 and 14 December.',
      late: '',
    });
  });

  it('says late when the service says the window passed', () => {
    const late = window('2026-12-04', '2026-12-08', { late: true });
    expect(lateNotice(late, 'in transit', NOW)).toBe(
      'This order is running late: it was expected by 8 December. We will tell you the new date as soon as we have it.',
    );
    expect(deliveryOf(anOrder({ status: 'in transit', tracking: tracking({ expected: late }) }), NOW)?.late).toBe(lateNotice(late, 'in transit', NOW));
    expect(lateNotice({ ...late, late: false }, 'in transit', NOW)).toBe('');
  });

  it('says late with the new date when the service moved a window that had passed; not when the old one had not passed, nor once delivered', () => {
    const movedAfter = window('2026-12-15', '2026-12-18', { reason: 'Held for a customs inspection', previous: { from: '2026-12-04', to: '2026-12-08' } });
    expect(lateNotice(movedAfter, 'arrived in SA', NOW)).toBe(
      'This order is running late: it was expected by 8 December. It is now expected between 15 and 18 December.',
    );
    expect(lateNotice(movedAfter, 'delivered', NOW)).toBe('');
    const movedBefore = { ...movedAfter, previous: { from: '2026-12-09', to: '2026-12-10' } };
    expect(lateNotice(movedBefore, 'arrived in SA', NOW)).toBe('');
  });
});

describe('the courier', () => {
  it('links an https tracking page on an allowed host', () => {
    const url = 'https://portal.thecourierguy.co.za/track?waybill=TCG4820193746';
    expect(courierLink(url, HOSTS)).toBe(url);
    expect(courierLink('https://WWW.DHL.COM/za-en/track?id=1', HOSTS)).toBe('https://www.dhl.com/za-en/track?id=1');
  });

  it('shows as text (no link) a page not https, on another host, with credentials, or not a URL', () => {
    for (const url of [
      'http://portal.thecourierguy.co.za/track',
      'https://evil.example/track',
      'https://thecourierguy.co.za.evil.example/track',
      'https://portal.thecourierguy.co.za:8443/track',
      'https://user:pw@portal.thecourierguy.co.za/track',
      'javascript:alert(1)',
      'not a url',
      '',
    ]) {
      expect(courierLink(url, HOSTS), url).toBe('');
    }
  });

  it('gives the name, the waybill and the decided link; nothing without a courier', () => {
    expect(courierOf({ name: 'The Courier Guy', waybill: 'TCG1', trackingUrl: 'https://evil.example/' }, HOSTS)).toEqual({ name: 'The Courier Guy', waybill: 'TCG1', href: '' });
    expect(courierOf({ name: 'DHL', waybill: 'D1', trackingUrl: 'https://www.dhl.com/t' }, HOSTS)?.href).toBe('https://www.dhl.com/t');
    expect(courierOf(undefined, HOSTS)).toBeUndefined();
  });
});

describe('what belongs to the order', () => {
  it('a quoted order links its quote with the time to pay by; a placed one says the quote is coming', () => {
    const quotedAt = new Date(NOW - 2 * 3_600_000).toISOString();
    const quote = { feesCost: 0, serviceFeeCost: 0, subTotal: 0, totalVat: 0, total: 100, quotedAt };
    const paper = paperOf(anOrder({ id: 12, status: 'processing', quote }), NOW);
    expect(paper).toEqual({ kind: 'quote', href: '/quote-payment/12/', label: 'Quote for order 12', payBy: 'Pay by 12 Dec 2026, 10:00 (46 hours 0 minutes left).' });
    const expired = paperOf(anOrder({ id: 12, status: 'processing', quote: { ...quote, quotedAt: new Date(NOW - QUOTE_VALID_MS - 1).toISOString() } }), NOW);
    expect(expired).toMatchObject({ kind: 'quote', payBy: QUOTE_EXPIRED });
    expect(paperOf(anOrder({ status: 'placed' }), NOW)).toEqual({ kind: 'none', text: QUOTE_COMING });
  });

  it('a paid order and every later one links its invoice', () => {
    for (const status of ['paid', 'goods purchased', 'in transit', 'arrived in SA', 'delivered']) {
      expect(paperOf(anOrder({ id: 7, status }), NOW), status).toEqual({ kind: 'invoice', href: '/my-invoice/7/', label: 'Invoice for order 7' });
    }
  });

  it('lists the returns whose parent is the order, with their status, and only a delivered normal order reads them', () => {
    const orders = [
      anOrder({ id: 30, orderType: 'return', status: 'returned', parentOrderId: 7 }),
      anOrder({ id: 21, orderType: 'return', status: 'returning', parentOrderId: 7 }),
      anOrder({ id: 22, orderType: 'return', status: 'returning', parentOrderId: 8 }),
      anOrder({ id: 7, status: 'delivered' }),
    ];
    expect(returnsOf(orders, 7)).toEqual([
      { id: 21, text: 'Return 21: returning' },
      { id: 30, text: 'Return 30: returned' },
    ]);
    expect(returnsOf(orders, 9)).toEqual([]);
    expect(mayHaveReturns(anOrder({ status: 'delivered' }))).toBe(true);
    expect(mayHaveReturns(anOrder({ status: 'in transit' }))).toBe(false);
    expect(mayHaveReturns(anOrder({ status: 'returned', orderType: 'return' }))).toBe(false);
  });
});

describe('how it reaches the shopper (issue 57)', () => {
  const point = {
    code: 'PUDO-JHB-0207', provider: 'pudo', kind: 'locker', name: 'Rosebank Mall Locker', address: '50 Bath Avenue', suburb: 'Rosebank',
    city: 'Johannesburg', postalCode: '2196', province: 'Gauteng', openingHours: 'Mon-Sun 09:00-21:00', latitude: null, longitude: null,
    boxSizes: ['S', 'M', 'L'], largestBox: 'L', maxWeightKg: 10, distanceKm: null, collectDays: 7, status: 'closed',
  };
  const delivery = { method: 'pickup' as const, pickupPoint: point, collection: 'We SMS you a PIN when your parcel is in the locker; collect it within 7 days.' };

  it('an order at the warehouse: what it ships with and until when its storage is free', () => {
    expect(reachOf(anOrder({ status: 'goods purchased', shipment: { id: 1, with: [14] }, storageFreeUntil: '2026-12-20' }))).toEqual({
      shipsWith: 'Ships with Order 14',
      storage: 'Storage free until 20 December',
    });
  });

  it('a pickup order: its point, a closed one asking for another on the quote while the order is open', () => {
    const reach = reachOf(anOrder({ status: 'processing', delivery }));
    expect(reach?.point?.name).toBe('Rosebank Mall Locker');
    expect(reach?.point?.collection).toBe(delivery.collection);
    expect(reach?.point?.closed).toBe('Rosebank Mall Locker has closed: choose another pickup point on the quote');
    expect(reachOf(anOrder({ status: 'paid', delivery }))?.point?.closed).toBe('Rosebank Mall Locker has closed: contact us about where to collect your parcel');
  });

  it('an address order shipping alone, or a service without issue 57: nothing', () => {
    expect(reachOf(anOrder({ status: 'goods purchased' }))).toBeUndefined();
  });
});
