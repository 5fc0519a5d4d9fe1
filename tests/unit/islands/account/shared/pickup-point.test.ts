// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Delivery, PickupPoint } from '../../../../../src/lib/api/pickup';
import { closedWords, pickupPointView } from '../../../../../src/islands/account/shared/pickup-point';
import { numbersInWords, shipsWithText, storageText } from '../../../../../src/islands/account/shared/order-shipping';

const locker: PickupPoint = {
  code: 'PUDO-JHB-0207', provider: 'pudo', kind: 'locker', name: 'Rosebank Mall Locker', address: '50 Bath Avenue', suburb: 'Rosebank',
  city: 'Johannesburg', postalCode: '2196', province: 'Gauteng', openingHours: 'Mon-Sun 09:00-21:00', latitude: -26.14, longitude: 28.04,
  boxSizes: ['S', 'M', 'L'], largestBox: 'L', maxWeightKg: 10, distanceKm: null, collectDays: 7, status: 'open',
};
const pin = 'We SMS you a PIN when your parcel is in the locker; collect it within 7 days.';
const at = (point: Partial<PickupPoint>, collection = pin): Delivery => ({ method: 'pickup', pickupPoint: { ...locker, ...point }, collection });

describe('a pickup order’s point', () => {
  it('a locker: name, kind, address on one line, hours, its largest box with the weight, and how collection works', () => {
    expect(pickupPointView(at({}), true)).toEqual({
      name: 'Rosebank Mall Locker',
      kind: 'PUDO locker',
      address: '50 Bath Avenue, Rosebank, Johannesburg 2196',
      hours: 'Mon-Sun 09:00-21:00',
      largestBox: 'L, parcels up to 10 kg',
      collection: pin,
      closed: '',
    });
  });

  it('a counter has no box; a point without a name reads as its code; a kind the client does not know is a pickup point', () => {
    const counter = pickupPointView(at({ provider: 'pargo', kind: 'counter', name: '', largestBox: '', boxSizes: [], maxWeightKg: 15 }, ''), false);
    expect(counter).toMatchObject({ name: 'PUDO-JHB-0207', kind: 'Pargo counter', largestBox: '', collection: '' });
    expect(pickupPointView(at({ provider: 'fastway', kind: 'kiosk' }), true).kind).toBe('fastway pickup point');
  });

  it('a closed point says so: choose another on the quote while the order is open, ask us once paid', () => {
    expect(pickupPointView(at({ status: 'closed' }), true).closed).toBe('Rosebank Mall Locker has closed: choose another pickup point on the quote');
    expect(closedWords('Rosebank Mall Locker', false)).toBe('Rosebank Mall Locker has closed: contact us about where to collect your parcel');
  });
});

describe('an order at the warehouse', () => {
  it('says what it ships with', () => {
    expect(shipsWithText({ id: 1, with: [14] })).toBe('Ships with Order 14');
    expect(shipsWithText({ id: 1, with: [9, 14] })).toBe('Ships with Orders 9 and 14');
    expect(shipsWithText({ id: 1, with: [] })).toBe('');
    expect(shipsWithText(undefined)).toBe('');
    expect(numbersInWords([4, 9, 14])).toBe('4, 9 and 14');
  });

  it('says until when its storage is free, and nothing without a day', () => {
    expect(storageText('2026-12-20')).toBe('Storage free until 20 December');
    expect(storageText(undefined)).toBe('');
    expect(storageText('2026-02-31')).toBe('');
  });
});
