// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/lib/api/errors';
import type { PickupPoint, PickupSearch } from '../../../../../src/lib/api/pickup';
import { orderDestination, orderSchema, deliveryMessages, type OrderFormValues } from '../../../../../src/lib/schemas/order';
import type { WriteOutcome } from '../../../../../src/lib/stores/write-store';
import {
  SEARCH_MESSAGES,
  chosenPointWords,
  createPickupFinder,
  deliveryShown,
  distanceWords,
  isBusy,
  locateWith,
  pointRow,
  pointRows,
  showsDeliveryChoice,
  withDelivery,
  withPoint,
  type FinderDeps,
} from '../../../../../src/islands/account/shared/delivery-choice';

const point = (fields: Partial<PickupPoint> = {}): PickupPoint => ({
  code: 'PUDO-JHB-0142',
  provider: 'pudo',
  kind: 'locker',
  name: 'Sandton City Locker',
  address: '83 Rivonia Road',
  suburb: 'Sandhurst',
  city: 'Sandton',
  postalCode: '2196',
  province: 'Gauteng',
  openingHours: 'Mon-Sun 06:00-22:00',
  latitude: -26.1076,
  longitude: 28.0567,
  boxSizes: ['S', 'M', 'L'],
  largestBox: 'L',
  maxWeightKg: 10,
  distanceKm: 1.2,
  collectDays: 7,
  status: 'open',
  ...fields,
});

const counter = point({
  code: 'PARGO-JHB-0007',
  provider: 'pargo',
  kind: 'counter',
  name: 'Clicks Rosebank',
  address: '50 Bath Avenue',
  suburb: 'Rosebank',
  city: 'Johannesburg',
  postalCode: '2196',
  openingHours: 'Mon-Sat 08:00-19:00',
  boxSizes: [],
  largestBox: '',
  maxWeightKg: 15,
  distanceKm: 4.75,
});

const values = (fields: Partial<OrderFormValues> = {}): OrderFormValues => ({
  portal: 3,
  addressId: 0,
  agreed: true,
  products: [{ key: 'a', name: 'Product 1', description: 'https://shop.example/item', quantity: 1, comment: '', screenshot: new Blob([new Uint8Array(60_000)], { type: 'image/webp' }), ifUnavailable: 'ask_me', alternative: '' }],
  ...fields,
});

async function errorsOf(value: unknown): Promise<string[]> {
  try {
    await orderSchema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

type Outcome = WriteOutcome<PickupPoint[] | undefined> | undefined;

function finder(answer: (search: PickupSearch) => Promise<Outcome>, fields: Partial<FinderDeps> = {}) {
  const search = vi.fn(answer);
  const deps: FinderDeps = { search, online: () => true, locate: () => Promise.resolve({ lat: -26.1, lng: 28.05 }), ...fields };
  return { search, finder: createPickupFinder(deps) };
}

describe('the list rows', () => {
  it('say a locker in words: name, kind, address, hours, largest box with its weight, distance with a decimal comma', () => {
    expect(pointRow(point())).toEqual({
      code: 'PUDO-JHB-0142',
      name: 'Sandton City Locker',
      kind: 'PUDO locker',
      address: '83 Rivonia Road, Sandhurst, Sandton 2196',
      hours: 'Open Mon-Sun 06:00-22:00',
      box: 'Largest box L, parcels up to 10 kg',
      distance: '1,2 km away',
      closed: false,
    });
  });

  it('give a counter no box, only its weight limit', () => {
    expect(pointRow(counter)).toMatchObject({ kind: 'Pargo counter', box: 'Parcels up to 15 kg', distance: '4,8 km away' });
  });

  it('leave out what the service did not send, and mark a closed point', () => {
    const row = pointRow(point({ openingHours: '', maxWeightKg: null, largestBox: '', distanceKm: null, name: '', status: 'closed', provider: 'other' }));
    expect(row).toMatchObject({ name: 'PUDO-JHB-0142', kind: 'other locker', hours: '', box: '', distance: '', closed: true });
  });

  it('write distances as South Africans do', () => {
    expect(distanceWords(0.04)).toBe('0,0 km');
    expect(distanceWords(12)).toBe('12,0 km');
    expect(distanceWords(1234.56).replace(/[\u00a0\u202f]/g, ' ')).toBe('1 234,6 km');
    expect(distanceWords(null)).toBe('');
    expect(distanceWords(-1)).toBe('');
  });

  it('are nearest first, a point without a distance last', () => {
    const far = point({ code: 'FAR', distanceKm: 30 });
    const unknown = point({ code: 'UNKNOWN', distanceKm: null });
    expect(pointRows([far, unknown, counter, point()]).map((r) => r.code)).toEqual(['PUDO-JHB-0142', 'PARGO-JHB-0007', 'FAR', 'UNKNOWN']);
  });
});

describe('the search', () => {
  it('lists what the service found under the place typed, tidied, nearest first', async () => {
    const { search, finder: f } = finder(async () => ({ data: [counter, point()] }));
    const running = f.search('  Sandton   City ');
    expect(f.$state.get()).toEqual({ kind: 'searching', message: "Searching for pickup points near 'Sandton City'…" });
    expect(isBusy(f.$state.get())).toBe(true);
    await running;
    expect(search).toHaveBeenCalledWith({ q: 'Sandton City' });
    const state = f.$state.get();
    expect(state.kind === 'results' && state.heading).toBe("Pickup points near 'Sandton City', nearest first");
    expect(state.kind === 'results' && state.rows.map((r) => r.name)).toEqual(['Sandton City Locker', 'Clicks Rosebank']);
    expect(isBusy(state)).toBe(false);
  });

  it('says so when nothing is near the place typed', async () => {
    const { finder: f } = finder(async () => ({ data: [] }));
    await f.search('xyz');
    expect(f.$state.get()).toEqual({ kind: 'none', message: "No pickup points near 'xyz'. Try a nearby suburb or a postal code." });
  });

  it('asks for something to search before sending', async () => {
    const { search, finder: f } = finder(async () => ({ data: [] }));
    await f.search('   ');
    expect(f.$state.get()).toEqual({ kind: 'empty', message: SEARCH_MESSAGES.empty });
    expect(search).not.toHaveBeenCalled();
  });

  it('offline, says so and sends nothing', async () => {
    const { search, finder: f } = finder(async () => ({ data: [] }), { online: () => false });
    await f.search('Sandton');
    expect(f.$state.get()).toEqual({ kind: 'offline', message: SEARCH_MESSAGES.offline });
    await f.nearMe();
    expect(f.$state.get().kind).toBe('offline');
    expect(search).not.toHaveBeenCalled();
  });

  it('a request that got no answer reads as offline; a server failure says its message', async () => {
    const lost = finder(async () => ({ error: new ApiError('Server is probably offline', 'offline') }));
    await lost.finder.search('Sandton');
    expect(lost.finder.$state.get().kind).toBe('offline');
    const broken = finder(async () => ({ error: new ApiError('Internal Server Error', 'server', { status: 500 }) }));
    await broken.finder.search('Sandton');
    expect(broken.finder.$state.get()).toEqual({ kind: 'failed', message: 'We could not search for pickup points (Internal Server Error). Please try again.' });
  });

  it('a service without pickup points makes the finder absent', async () => {
    const { finder: f } = finder(async () => ({ data: undefined }));
    await f.search('Sandton');
    expect(f.$state.get()).toEqual({ kind: 'absent', message: SEARCH_MESSAGES.absent });
  });

  it('a press while a search is on its way sends nothing; a search the store did not send changes nothing', async () => {
    let resolve: (outcome: Outcome) => void = () => undefined;
    const { search, finder: f } = finder(() => new Promise<Outcome>((r) => (resolve = r)));
    const first = f.search('Sandton');
    await f.search('Rosebank');
    await f.nearMe();
    resolve({ data: [point()] });
    await first;
    expect(search).toHaveBeenCalledTimes(1);
    expect(f.$state.get().kind).toBe('results');
    const idle = finder(async () => undefined);
    await idle.finder.search('Sandton');
    expect(idle.finder.$state.get()).toEqual({ kind: 'idle' });
  });
});

describe('Near me', () => {
  it('asks for the location only when pressed, then searches by it', async () => {
    const locate = vi.fn(() => Promise.resolve({ lat: -26.1, lng: 28.05 }));
    const { search, finder: f } = finder(async () => ({ data: [point()] }), { locate });
    expect(locate).not.toHaveBeenCalled();
    const running = f.nearMe();
    expect(f.$state.get()).toEqual({ kind: 'locating', message: SEARCH_MESSAGES.locating });
    await running;
    expect(locate).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith({ lat: -26.1, lng: 28.05 });
    const state = f.$state.get();
    expect(state.kind === 'results' && state.heading).toBe('Pickup points near you, nearest first');
  });

  it('says so in words when the location is refused or unavailable, and searches nothing', async () => {
    const { search, finder: f } = finder(async () => ({ data: [] }), { locate: () => Promise.reject(new Error('User denied Geolocation')) });
    await f.nearMe();
    expect(f.$state.get()).toEqual({ kind: 'location-refused', message: 'We could not get your location: type your suburb, town or postal code instead' });
    expect(search).not.toHaveBeenCalled();
  });

  it('says when nothing is near the shopper', async () => {
    const { finder: f } = finder(async () => ({ data: [] }));
    await f.nearMe();
    expect(f.$state.get()).toEqual({ kind: 'none', message: 'No pickup points near you. Try a suburb, town or postal code.' });
  });

  it('reads the browser once, without high accuracy; no geolocation or a refusal rejects', async () => {
    const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((success) => success({ coords: { latitude: -33.9, longitude: 18.4 } } as GeolocationPosition));
    await expect(locateWith({ getCurrentPosition })).resolves.toEqual({ lat: -33.9, lng: 18.4 });
    expect(getCurrentPosition.mock.calls[0]?.[2]).toMatchObject({ enableHighAccuracy: false });
    await expect(locateWith(undefined)).rejects.toThrow();
    await expect(locateWith({ getCurrentPosition: (_ok, refuse) => refuse?.({ code: 1, message: 'denied' } as GeolocationPositionError) })).rejects.toThrow('denied');
  });
});

describe('the choice and what the form sends', () => {
  it('shows the choice once the service has pickup points, or while unknown for a draft that chose pickup', () => {
    expect(showsDeliveryChoice(true, { delivery: 'address' })).toBe(true);
    expect(showsDeliveryChoice(false, { delivery: 'pickup' })).toBe(false);
    expect(showsDeliveryChoice(undefined, { delivery: 'address' })).toBe(false);
    expect(showsDeliveryChoice(undefined, { delivery: 'pickup' })).toBe(true);
    expect(deliveryShown(false, { delivery: 'pickup' })).toBe('address');
    expect(deliveryShown(true, { delivery: 'pickup' })).toBe('pickup');
    expect(deliveryShown(true, {})).toBe('address');
  });

  it('keeps the address and the point across switches, and sends only the one chosen', () => {
    const both = withPoint(values({ addressId: 5 }), pointRow(point()));
    expect(chosenPointWords(both)).toBe('Collect at Sandton City Locker');
    const pickup = withDelivery(both, 'pickup');
    expect(orderDestination(pickup)).toEqual({ pickupPointCode: 'PUDO-JHB-0142' });
    const back = withDelivery(pickup, 'address');
    expect(back).toMatchObject({ addressId: 5, pickupPointCode: 'PUDO-JHB-0142', pickupPointName: 'Sandton City Locker' });
    expect(orderDestination(back)).toEqual({ addressId: 5 });
    expect(orderDestination(values({ addressId: 5 }))).toEqual({ addressId: 5 });
    expect(chosenPointWords(values())).toBe('');
    expect(chosenPointWords({ pickupPointCode: 'PARGO-1', pickupPointName: '' })).toBe('Collect at PARGO-1');
  });

  it('needs a point for pickup and an address only for delivery to an address', async () => {
    expect(await errorsOf(values({ delivery: 'pickup', pickupPointCode: '' }))).toEqual([deliveryMessages.pickupPoint]);
    expect(deliveryMessages.pickupPoint).toBe('Choose a pickup point');
    expect(await errorsOf(values({ delivery: 'pickup', pickupPointCode: 'PUDO-JHB-0142' }))).toEqual([]);
    expect(await errorsOf(values({ delivery: 'address', pickupPointCode: 'PUDO-JHB-0142' }))).toEqual(['Address required']);
    expect(await errorsOf(values({ delivery: 'address', addressId: 5 }))).toEqual([]);
  });
});
