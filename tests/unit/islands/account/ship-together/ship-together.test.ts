// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../src/lib/api/errors';
import type { Delivery, PickupPoint, ShipmentCandidateGroup } from '../../../../../src/lib/api/pickup';
import {
  destinationWords,
  groupViews,
  initialPicks,
  NO_GROUPS_TEXT,
  NOT_AVAILABLE_TEXT,
  PICK_TWO_TEXT,
  pickSummary,
  refusalText,
  shipmentView,
  shippingTogether,
  togglePick,
} from '../../../../../src/islands/account/ship-together/ship-together';
import { anOrder } from '../../../order-fixture';

const work = { id: 3, name: 'Work', address: '3 Dock Road, V&A Waterfront', townCity: 'Cape Town', province: 'Western Cape', postalCode: '8001' };
const point: PickupPoint = {
  code: 'PUDO-JHB-0207', provider: 'pudo', kind: 'locker', name: 'Rosebank Mall Locker', address: '50 Bath Avenue', suburb: 'Rosebank',
  city: 'Johannesburg', postalCode: '2196', province: 'Gauteng', openingHours: 'Mon-Sun 09:00-21:00', latitude: null, longitude: null,
  boxSizes: ['S', 'M', 'L'], largestBox: 'L', maxWeightKg: 10, distanceKm: null, collectDays: 7, status: 'open',
};
const delivery: Delivery = { method: 'pickup', pickupPoint: point, collection: 'We SMS you a PIN.' };

// The demo shopper's two orders at the warehouse for Work: R60 and R260 alone, R290 together.
const demo: ShipmentCandidateGroup = {
  destination: { method: 'address', addressId: 3 },
  orders: [
    { id: 4, freightAlone: 60, storageFreeUntil: '2026-12-20' },
    { id: 14, freightAlone: 260, storageFreeUntil: '2026-12-24' },
  ],
  freightAloneTotal: 320,
  freightTogether: 290,
  saving: 30,
};
const three: ShipmentCandidateGroup = {
  destination: { method: 'pickup', pickupPointCode: 'PUDO-JHB-0207' },
  orders: [
    { id: 21, freightAlone: 30.1, storageFreeUntil: '' },
    { id: 22, freightAlone: 30.2, storageFreeUntil: '' },
    { id: 23, freightAlone: 90, storageFreeUntil: '' },
  ],
  freightAloneTotal: 150.3,
  freightTogether: 120.15,
  saving: 30.15,
};
const orders = [
  anOrder({ id: 4, portalName: 'Sephora', address: work }),
  anOrder({ id: 14, portalName: 'ASOS', address: work }),
  anOrder({ id: 21, portalName: 'Nike', delivery }),
];

describe('the groups', () => {
  it('names the destination in words: the address with its name, or the point by name', () => {
    expect(destinationWords(demo.destination, orders)).toBe('Work: 3 Dock Road, V&A Waterfront, Cape Town, Western Cape, 8001');
    expect(destinationWords(three.destination, orders)).toBe('Rosebank Mall Locker');
    // Before the orders are read (or an order the list does not have), the words still say what it is.
    expect(destinationWords(demo.destination, [])).toBe('Your address');
    expect(destinationWords(three.destination, [])).toBe('Pickup point PUDO-JHB-0207');
  });

  it('lists each order with its shop, its freight alone in rand and until when its storage is free', () => {
    const [view] = groupViews([demo], orders);
    expect(view?.key).toBe('address:3');
    expect(view?.rows).toEqual([
      { id: 4, title: 'Order 4 - Sephora', freightAlone: 'R60,00', storage: 'Storage free until 20 December' },
      { id: 14, title: 'Order 14 - ASOS', freightAlone: 'R260,00', storage: 'Storage free until 24 December' },
    ]);
    expect(groupViews([three], [])[0]?.rows[0]).toEqual({ id: 21, title: 'Order 21', freightAlone: 'R30,10', storage: '' });
  });

  it('starts with every order picked, and picks and unpicks one', () => {
    expect(initialPicks([demo, three])).toEqual([4, 14, 21, 22, 23]);
    expect(togglePick([4, 14], 14, false)).toEqual([4]);
    expect(togglePick([4], 14, true)).toEqual([4, 14]);
    expect(togglePick([4, 14], 14, true)).toEqual([4, 14]);
  });

  it('says when the service cannot combine, and when nothing waits to combine', () => {
    expect(NOT_AVAILABLE_TEXT).toBe('Shipping together is not available: each order flies to you on its own.');
    expect(NO_GROUPS_TEXT).toContain('No orders can ship together right now.');
  });
});

describe('what the picked orders cost, before confirming', () => {
  it('the whole group: each alone summed, the service’s figure together and the saving, and the question', () => {
    const summary = pickSummary(demo, [4, 14], 'Work');
    expect(summary).toEqual({
      ids: [4, 14],
      aloneTotal: 'R320,00',
      together: 'R290,00',
      saving: 'R30,00',
      note: '',
      canConfirm: true,
      question: 'Ship orders 4 and 14 together to Work? They fly as one parcel for R290,00 instead of R320,00.',
    });
  });

  it('sums alone in cents, so no remainder shows', () => {
    expect(pickSummary(three, [21, 22], 'X').aloneTotal).toBe('R60,30');
  });

  it('part of a group: no figure together of its own; the exact one comes with the confirmation, beside the whole group’s', () => {
    const summary = pickSummary(three, [21, 23, 4], 'Rosebank Mall Locker');
    expect(summary.ids).toEqual([21, 23]);
    expect(summary.aloneTotal).toBe('R120,10');
    expect(summary.together).toBe('');
    expect(summary.saving).toBe('');
    expect(summary.canConfirm).toBe(true);
    expect(summary.note).toBe(
      'The freight of orders 21 and 23 together comes with the confirmation: we price the parcel they make. All 3 orders of this group ship together for R120,15, saving R30,15.',
    );
    expect(summary.question).toBe(
      'Ship orders 21 and 23 together to Rosebank Mall Locker? They fly as one parcel; the freight together comes with the confirmation.',
    );
  });

  it('fewer than two picked (or a picked order that left the group): asks for two and cannot confirm', () => {
    for (const picks of [[4], [], [4, 99]]) {
      const summary = pickSummary(demo, picks, 'Work');
      expect(summary.canConfirm).toBe(false);
      expect(summary.note).toBe(PICK_TWO_TEXT);
      expect(summary.together).toBe('');
    }
    expect(PICK_TWO_TEXT).toBe('Choose at least two orders to ship together.');
  });
});

describe('the shipment', () => {
  it('says what each order ships with, the freight alone and together, the saving and its one quote', () => {
    const view = shipmentView({
      id: 1, orderIds: [4, 14], freightAloneTotal: 320, freightTogether: 290, saving: 30, quote: { subTotal: 290, totalVat: 43.5, total: 333.5 },
    });
    expect(view).toEqual({
      title: 'Orders 4 and 14 ship together',
      orders: ['Order 4: Ships with Order 14', 'Order 14: Ships with Order 4'],
      aloneTotal: 'R320,00',
      together: 'R290,00',
      saving: 'R30,00',
      subTotal: 'R290,00',
      vat: 'R43,50',
      total: 'R333,50',
    });
    expect(shipmentView({ id: 2, orderIds: [4, 9, 14], freightAloneTotal: 1, freightTogether: 1, saving: 0, quote: { subTotal: 1, totalVat: 0.15, total: 1.15 } }).orders[0]).toBe(
      'Order 4: Ships with Orders 9 and 14',
    );
  });

  it('lists the orders already shipping with others, from the order read', () => {
    const list = [
      anOrder({ id: 14, portalName: 'ASOS', shipment: { id: 1, with: [4] } }),
      anOrder({ id: 4, portalName: 'Sephora', shipment: { id: 1, with: [14] } }),
      anOrder({ id: 5 }),
    ];
    expect(shippingTogether(list)).toEqual([
      { id: 4, text: 'Order 4 - Sephora: Ships with Order 14' },
      { id: 14, text: 'Order 14 - ASOS: Ships with Order 4' },
    ]);
  });

  it('says a refusal in the service’s words', () => {
    const left = new ApiError('Unprocessable', 'client', {
      status: 422,
      errors: { order_ids: ['Order 9 has left the warehouse: it can no longer ship with the others'] },
    });
    expect(refusalText(left)).toBe('Order 9 has left the warehouse: it can no longer ship with the others');
    expect(refusalText(new ApiError('The order could not be found.', 'client', { status: 404 }))).toBe('The order could not be found.');
  });
});
