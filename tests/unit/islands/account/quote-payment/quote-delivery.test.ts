// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../src/lib/api/errors';
import type { Order, Quote } from '../../../../../src/lib/api/orders';
import type { Delivery, PickupPoint } from '../../../../../src/lib/api/pickup';
import { pickupRefusal, POINT_REFUSED } from '../../../../../src/lib/stores/quote-choice';
import { closedPointWords, pointRefusal, quoteDeliveryView, type QuoteDeliveryInput } from '../../../../../src/islands/account/quote-payment/quote-delivery';
import { quotePageView } from '../../../../../src/islands/account/quote-payment/quote-page';

const locker: PickupPoint = {
  code: 'PUDO-JHB-0207', provider: 'pudo', kind: 'locker', name: 'Rosebank Mall Locker', address: '50 Bath Avenue', suburb: 'Rosebank',
  city: 'Johannesburg', postalCode: '2196', province: 'Gauteng', openingHours: 'Mon-Sun 09:00-21:00', latitude: -26.14, longitude: 28.04,
  boxSizes: ['S', 'M', 'L'], largestBox: 'L', maxWeightKg: 10, distanceKm: null, collectDays: 7, status: 'open',
};
const pin = 'We SMS you a PIN when your parcel is in the locker; collect it within 7 days.';
const at = (point: Partial<PickupPoint> = {}): Delivery => ({ method: 'pickup', pickupPoint: { ...locker, ...point }, collection: pin });
const byAddress: Pick<Order, 'status' | 'delivery'> = { status: 'processing' };
const byPoint = (point: Partial<PickupPoint> = {}, status = 'processing'): Pick<Order, 'status' | 'delivery'> => ({ status, delivery: at(point) });
const idle: QuoteDeliveryInput = { offered: true, another: false, payment: { loading: false } };
const heavy = 'Rosebank Mall Locker takes parcels up to 10 kg: choose a larger locker or a counter';
const refused = (message: string): QuoteDeliveryInput => ({ ...idle, payment: { loading: false, data: { status: 'refused', message, pickup: true } } });

describe('how the quote reaches the shopper', () => {
  it('a service without pickup points keeps today’s quote: no choice, the address', () => {
    for (const offered of [false, undefined]) {
      expect(quoteDeliveryView(byAddress, { ...idle, offered, picked: 'pickup' })).toEqual({ choice: false, method: 'address', searchOpen: false, offerAnother: false });
    }
  });

  it('an open order offers the choice; picking a pickup point opens the search, and back to the address closes it', () => {
    expect(quoteDeliveryView(byAddress, idle)).toMatchObject({ choice: true, method: 'address', searchOpen: false });
    expect(quoteDeliveryView(byAddress, { ...idle, picked: 'pickup' })).toMatchObject({ choice: true, method: 'pickup', searchOpen: true, offerAnother: false });
    expect(quoteDeliveryView(byPoint(), { ...idle, picked: 'address' })).toMatchObject({ method: 'address', searchOpen: false });
  });

  it('a pickup order shows its point with how collection works; another point only when asked for', () => {
    const view = quoteDeliveryView(byPoint(), idle);
    expect(view).toMatchObject({ method: 'pickup', searchOpen: false, offerAnother: true });
    expect(view.point).toMatchObject({ name: 'Rosebank Mall Locker', kind: 'PUDO locker', collection: pin, closed: '' });
    expect(quoteDeliveryView(byPoint(), { ...idle, another: true })).toMatchObject({ searchOpen: true, offerAnother: false });
  });

  it('a point that closed after it was chosen says so beside it and opens the search', () => {
    const view = quoteDeliveryView(byPoint({ status: 'closed' }), idle);
    expect(view.point?.closed).toBe('Rosebank Mall Locker has closed: choose another pickup point');
    expect(view).toMatchObject({ searchOpen: true, offerAnother: false });
    expect(closedPointWords('Sandton City Locker')).toBe('Sandton City Locker has closed: choose another pickup point');
  });

  it('Make Payment’s refusal of the point (too small for the parcel) is said the same way, in the service’s words', () => {
    const view = quoteDeliveryView(byPoint(), refused(heavy));
    expect(view.point?.closed).toBe(heavy);
    expect(view.searchOpen).toBe(true);
    expect(pointRefusal(refused(heavy).payment)).toBe(heavy);
    // Not the payment part's notice: the speed, insurance and credit choices stay as they are.
    const now = Date.parse('2026-11-02T10:00:00Z');
    const quote = { quotedAt: '2026-11-02T09:00:00Z' } as Quote;
    const page = quotePageView({ order: { ...byPoint(), id: 15 } as Order, quote, products: [] }, now, refused(heavy).payment);
    expect(page).toMatchObject({ canPay: true, returnNotice: undefined });
    expect(pointRefusal({ loading: false, data: { status: 'refused', message: 'That shipping speed is not offered any more' } })).toBeUndefined();
  });

  it('a paid order shows its point, no choice; a closed one asks the shopper to contact us', () => {
    const view = quoteDeliveryView(byPoint({ status: 'closed' }, 'paid'), idle);
    expect(view).toMatchObject({ choice: false, method: 'pickup', searchOpen: false, offerAnother: false });
    expect(view.point?.closed).toBe('Rosebank Mall Locker has closed: contact us about where to collect your parcel');
  });
});

describe('a payment refused for the pickup point', () => {
  const refusal = (errors: Record<string, unknown>, status = 422) => new ApiError('Unprocessable', 'client', { status, errors });

  it('reads the service’s words under pickup_point_code, or says what to do when they are not a sentence', () => {
    expect(pickupRefusal(refusal({ pickup_point_code: ['Rosebank Mall Locker has closed: choose another pickup point'] }))).toBe('Rosebank Mall Locker has closed: choose another pickup point');
    expect(pickupRefusal(refusal({ pickup_point_code: 'is closed' }))).toBe(POINT_REFUSED);
  });

  it('leaves any other failure alone', () => {
    expect(pickupRefusal(refusal({ shipping_option_id: ['gone'] }))).toBeUndefined();
    expect(pickupRefusal(refusal({ pickup_point_code: ['x'] }, 500))).toBeUndefined();
    expect(pickupRefusal(new Error('boom'))).toBeUndefined();
  });
});
