import { describe, expect, it } from 'vitest';
import { readOne } from '../../src/lib/api/decode';
import { orderFromWire } from '../../src/lib/api/orders';
import {
  courierFromWire,
  dayFromWire,
  expectedDeliveryFromWire,
  instantFromWire,
  statusHistoryFromWire,
  trackingEventsFromWire,
  trackingFromWire,
} from '../../src/lib/api/tracking';

// Issue 55's keys as the sandbox sends them (docs/api-contract.md, "Following an order to the door"): the same in both
// dialects, ids as numbers or text (a plain Rails API may send either).
const wireOrder = {
  id: 14,
  status: 'in transit',
  created_at: '2026-11-18T08:00:00.000Z',
  status_history: [
    { status: 'placed', at: '2026-11-18T08:00:00.000Z' },
    { status: 'processing', at: '2026-11-18T12:00:00.000Z' },
    { status: 'Paid ', at: '2026-11-19T09:15:00+02:00' },
    { status: 'in transit', at: '2026-11-24T10:00:00.000Z' },
  ],
  tracking_events: [
    { id: 7, status: 'goods purchased', kind: 'weighed', description: 'Weighed at the warehouse: 2.4 kg', occurred_at: '2026-11-22T10:00:00.000Z' },
    { id: '8', status: 'in transit', kind: 'left_warehouse', description: 'Left the warehouse', occurred_at: '2026-11-24T10:00:00.000Z' },
  ],
  expected_delivery: {
    from: '2026-12-01', to: '2026-12-04', reason: 'Held for a customs inspection', previous: { from: '2026-11-27', to: '2026-12-02' },
    moved_at: '2026-11-26T07:30:00.000Z', late: false,
  },
  courier: { name: 'The Courier Guy', waybill: 'TCG4820193746', tracking_url: 'https://portal.thecourierguy.co.za/track/TCG4820193746' },
};

const tracking = {
  history: [
    { status: 'placed', at: '2026-11-18T08:00:00.000Z' },
    { status: 'processing', at: '2026-11-18T12:00:00.000Z' },
    { status: 'paid', at: '2026-11-19T07:15:00.000Z' },
    { status: 'in transit', at: '2026-11-24T10:00:00.000Z' },
  ],
  events: [
    { id: 7, status: 'goods purchased', kind: 'weighed', text: 'Weighed at the warehouse: 2.4 kg', at: '2026-11-22T10:00:00.000Z' },
    { id: 8, status: 'in transit', kind: 'left_warehouse', text: 'Left the warehouse', at: '2026-11-24T10:00:00.000Z' },
  ],
  expected: {
    from: '2026-12-01', to: '2026-12-04', reason: 'Held for a customs inspection', previous: { from: '2026-11-27', to: '2026-12-02' },
    movedAt: '2026-11-26T07:30:00.000Z', late: false,
  },
  courier: { name: 'The Courier Guy', waybill: 'TCG4820193746', trackingUrl: 'https://portal.thecourierguy.co.za/track/TCG4820193746' },
};

describe("an order's way to the door (decoding issue 55)", () => {
  it.each([
    ['spec dialect (bare)', wireOrder],
    ['envelope ({ data })', { data: wireOrder }],
    ['named ({ order })', { order: wireOrder }],
  ])('reads history, events, window and courier of the %s', (_, body) => {
    expect(orderFromWire(readOne(body, 'order')).tracking).toEqual(tracking);
  });

  it('a window not moved reads empty reason, no previous and no moment; late as sent, "true" too', () => {
    expect(expectedDeliveryFromWire({ from: '2026-12-01', to: '2026-12-04', reason: null, previous: null, moved_at: null, late: 'true' })).toEqual({
      from: '2026-12-01', to: '2026-12-04', reason: '', previous: null, movedAt: '', late: true,
    });
  });

  it("an order without any of the four keys has no tracking (today's order)", () => {
    const order = orderFromWire({ id: 3, status: 'paid', created_at: '2026-11-18T08:00:00.000Z' });
    expect(order.tracking).toBeUndefined();
    expect(trackingFromWire({ status_history: null, tracking_events: null, expected_delivery: null, courier: null })).toBeUndefined();
  });

  it('one key alone is tracking, the others empty', () => {
    expect(trackingFromWire({ courier: { name: 'PUDO', waybill: 'PUDO1' } })).toEqual({
      history: [], events: [], expected: undefined, courier: { name: 'PUDO', waybill: 'PUDO1', trackingUrl: '' },
    });
  });

  it('junk of every kind is dropped and never throws', () => {
    const junk = [undefined, null, 42, 'soon', true, [], {}, [null, 3, 'x', []], { from: {}, to: [] }];
    for (const value of junk) {
      expect(() => trackingFromWire({ status_history: value, tracking_events: value, expected_delivery: value, courier: value })).not.toThrow();
      expect(trackingFromWire({ status_history: value, tracking_events: value, expected_delivery: value, courier: value })).toBeUndefined();
    }
  });

  it('leaves out a history entry without a readable date or status, never "Invalid Date"', () => {
    expect(statusHistoryFromWire([
      { status: 'placed', at: 'yesterday' },
      { status: 'paid', at: '2026-13-45T99:00:00Z' },
      { status: 'paid' },
      { at: '2026-11-19T09:15:00.000Z' },
      { status: 'delivered', at: 1764000000000 },
      { status: 'in transit', at: '2026-11-24T10:00:00Z', extra: 'ignored' },
    ])).toEqual([{ status: 'in transit', at: '2026-11-24T10:00:00.000Z' }]);
  });

  it('keeps an event without a readable date as text with no date, words from its kind when it sent none, drops one with no words', () => {
    expect(trackingEventsFromWire([
      { id: 1, status: 'in transit', kind: 'landed', description: 'Landed at O. R. Tambo International', occurred_at: 'not a date' },
      { id: 2, status: 'arrived in SA', kind: 'cleared_customs' },
      { id: 3, status: 'in transit', kind: 'mystery' },
      { id: 4, status: { no: 1 }, kind: 7, description: ['x'] },
    ])).toEqual([
      { id: 1, status: 'in transit', kind: 'landed', text: 'Landed at O. R. Tambo International', at: '' },
      { id: 2, status: 'arrived in SA', kind: 'cleared_customs', text: 'Cleared SA customs', at: '' },
    ]);
  });

  it('reads a window from real days only: one readable day stands for both ends, reversed ends are put in order', () => {
    expect(dayFromWire('2026-02-30')).toBe('');
    expect(dayFromWire('2026-12-01T00:00:00Z')).toBe('2026-12-01');
    expect(dayFromWire('12/01/2026')).toBe('');
    expect(expectedDeliveryFromWire({ from: 'soon', to: '2026-12-04' })).toMatchObject({ from: '2026-12-04', to: '2026-12-04', previous: null });
    expect(expectedDeliveryFromWire({ from: '2026-12-04', to: '2026-12-01' })).toMatchObject({ from: '2026-12-01', to: '2026-12-04' });
    expect(expectedDeliveryFromWire({ from: 'soon', to: 'later', reason: 'Customs' })).toBeUndefined();
    expect(expectedDeliveryFromWire({ from: '2026-12-01', to: '2026-12-04', previous: { from: 'x' }, moved_at: 'x' })).toMatchObject({ previous: null, movedAt: '' });
  });

  it('reads a courier with a name or a waybill, keeping its link as sent (the view checks it)', () => {
    expect(courierFromWire({ name: ' The Courier Guy ', waybill: 4820193746, tracking_url: 'javascript:alert(1)' })).toEqual({
      name: 'The Courier Guy', waybill: '4820193746', trackingUrl: 'javascript:alert(1)',
    });
    expect(courierFromWire({ tracking_url: 'https://pudo.co.za/' })).toBeUndefined();
  });

  it('reads a moment only from text with a date in it', () => {
    expect(instantFromWire('2026-11-19T09:15:00+02:00')).toBe('2026-11-19T07:15:00.000Z');
    expect(instantFromWire(0)).toBe('');
    expect(instantFromWire('Invalid Date')).toBe('');
  });
});
