import { atom, type ReadableAtom } from 'nanostores';
import { isApiError } from '../../../lib/api/errors';
import type { PickupPoint, PickupSearch } from '../../../lib/api/pickup';
import { errorMessage } from '../../../lib/error-message';
import type { DeliveryMethod, OrderFormValues } from '../../../lib/schemas/order';
import type { WriteOutcome } from '../../../lib/stores/write-store';
import { kindWords, weightWords } from './pickup-point';

/** The radio group's name and the words of its two choices (issue 57). */
export const DELIVERY_WORDS = {
  heading: 'How it reaches you',
  addressHeading: 'Delivery address',
  address: 'Deliver to one of my addresses',
  pickup: 'Collect at a pickup point (a locker or a counter)',
  searchLabel: 'Suburb, town or postal code',
  search: 'Search',
  nearMe: 'Near me',
  nearMeHint: 'Near me asks your browser for your location once, when you press it; it is used for this search only.',
  noPoint: 'No pickup point chosen yet: search for one below.',
} as const;

/** What the search says (strings the tests assert). */
export const SEARCH_MESSAGES = {
  empty: 'Type a suburb, town or postal code, or press Near me',
  none: (query: string) => `No pickup points near '${query}'. Try a nearby suburb or a postal code.`,
  noneNearYou: 'No pickup points near you. Try a suburb, town or postal code.',
  offline: 'You are offline, so we could not search. What you typed is kept: search again once you are back online.',
  failed: (reason: string) => `We could not search for pickup points (${reason}). Please try again.`,
  locationRefused: 'We could not get your location: type your suburb, town or postal code instead',
  searching: (query: string) => `Searching for pickup points near '${query}'…`,
  searchingNearYou: 'Searching for pickup points near you…',
  locating: 'Finding where you are…',
  results: (query: string) => `Pickup points near '${query}', nearest first`,
  resultsNearYou: 'Pickup points near you, nearest first',
  absent: 'Pickup points are not available: we deliver to one of your addresses.',
} as const;

/** One point of the list in the shopper's words. */
export interface PointRow {
  code: string;
  name: string;
  /** 'PUDO locker', 'Pargo counter'. */
  kind: string;
  /** Street, suburb, city and postal code on one line. */
  address: string;
  /** 'Open Mon-Sun 06:00-22:00'; '' when the service sent no hours. */
  hours: string;
  /** A locker's largest box and the heaviest parcel ('Largest box L, parcels up to 10 kg'); a counter's limit; '' unknown. */
  box: string;
  /** '1,2 km away'; '' outside a search. */
  distance: string;
  /** A closed point is listed but cannot be chosen. */
  closed: boolean;
}

const decimal = (value: number): string => value.toLocaleString('en-ZA', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A distance as South Africans write it: one decimal, a decimal comma ('1,2 km'). */
export function distanceWords(km: number | null): string {
  return km === null || !Number.isFinite(km) || km < 0 ? '' : `${decimal(km)} km`;
}

function boxWords(point: PickupPoint): string {
  const weight = weightWords(point);
  if (point.kind === 'locker' && point.largestBox) return [`Largest box ${point.largestBox}`, weight].filter(Boolean).join(', ');
  return weight ? weight.charAt(0).toUpperCase() + weight.slice(1) : '';
}

/** A point as the list shows it. */
export function pointRow(point: PickupPoint): PointRow {
  const distance = distanceWords(point.distanceKm);
  return {
    code: point.code,
    name: point.name || point.code,
    kind: kindWords(point),
    address: [point.address, point.suburb, [point.city, point.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    hours: point.openingHours ? `Open ${point.openingHours}` : '',
    box: boxWords(point),
    distance: distance ? `${distance} away` : '',
    closed: point.status === 'closed',
  };
}

/** Points nearest first (the service sorts them; a point without a distance goes last), as rows. */
export function pointRows(points: readonly PickupPoint[]): PointRow[] {
  const far = (p: PickupPoint): number => p.distanceKm ?? Number.POSITIVE_INFINITY;
  return [...points].sort((a, b) => far(a) - far(b)).map(pointRow);
}

/** Where a search is: nothing yet, on its way, a list, none, or what went wrong; `absent` once the service said it has no pickup points. */
export type PickupSearchState =
  | { kind: 'idle' }
  | { kind: 'empty'; message: string }
  | { kind: 'searching'; message: string }
  | { kind: 'locating'; message: string }
  | { kind: 'results'; heading: string; rows: PointRow[] }
  | { kind: 'none'; message: string }
  | { kind: 'offline'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'location-refused'; message: string }
  | { kind: 'absent'; message: string };

/** A place's coordinates, as the search takes them. */
export interface Place {
  lat: number;
  lng: number;
}

/** What the finder needs from the page: the search write, the connection and the browser's location. */
export interface FinderDeps {
  search: (search: PickupSearch) => Promise<WriteOutcome<PickupPoint[] | undefined> | undefined>;
  online: () => boolean;
  /** Rejects when the location is refused or unavailable. */
  locate: () => Promise<Place>;
}

/** The pickup point search of one form: its state, a search by what was typed, and Near me. */
export interface PickupFinder {
  $state: ReadableAtom<PickupSearchState>;
  search: (typed: string) => Promise<void>;
  nearMe: () => Promise<void>;
}

/** True while a search or a location is on its way (Search and Near me wait). */
export function isBusy(state: PickupSearchState): boolean {
  return state.kind === 'searching' || state.kind === 'locating';
}

/** Makes the search of one form; nothing is asked until the shopper presses Search or Near me. */
export function createPickupFinder(deps: FinderDeps): PickupFinder {
  const $state = atom<PickupSearchState>({ kind: 'idle' });
  const offline = (): PickupSearchState => ({ kind: 'offline', message: SEARCH_MESSAGES.offline });

  const run = async (search: PickupSearch, query: string | undefined): Promise<void> => {
    if (!deps.online()) {
      $state.set(offline());
      return;
    }
    $state.set({ kind: 'searching', message: query === undefined ? SEARCH_MESSAGES.searchingNearYou : SEARCH_MESSAGES.searching(query) });
    const outcome = await deps.search(search);
    // Undefined: a search of another form was on its way and nothing was sent; the shopper may press again.
    if (!outcome) {
      $state.set({ kind: 'idle' });
    } else if ('error' in outcome) {
      const failure = outcome.error;
      $state.set(isApiError(failure) && failure.kind === 'offline' ? offline() : { kind: 'failed', message: SEARCH_MESSAGES.failed(errorMessage(failure)) });
    } else if (outcome.data === undefined) {
      $state.set({ kind: 'absent', message: SEARCH_MESSAGES.absent });
    } else if (outcome.data.length === 0) {
      $state.set({ kind: 'none', message: query === undefined ? SEARCH_MESSAGES.noneNearYou : SEARCH_MESSAGES.none(query) });
    } else {
      $state.set({ kind: 'results', heading: query === undefined ? SEARCH_MESSAGES.resultsNearYou : SEARCH_MESSAGES.results(query), rows: pointRows(outcome.data) });
    }
  };

  return {
    $state,
    search: async (typed) => {
      if (isBusy($state.get())) return;
      const query = typed.trim().replace(/\s+/g, ' ');
      if (!query) {
        $state.set({ kind: 'empty', message: SEARCH_MESSAGES.empty });
        return;
      }
      await run({ q: query }, query);
    },
    nearMe: async () => {
      if (isBusy($state.get())) return;
      // Offline, the location would be asked for nothing.
      if (!deps.online()) {
        $state.set(offline());
        return;
      }
      $state.set({ kind: 'locating', message: SEARCH_MESSAGES.locating });
      let place: Place;
      try {
        place = await deps.locate();
      } catch {
        $state.set({ kind: 'location-refused', message: SEARCH_MESSAGES.locationRefused });
        return;
      }
      await run(place, undefined);
    },
  };
}

/** The browser's location, asked once (no watch, no high accuracy); rejects when there is no geolocation, it is refused, or it takes too long. */
export function locateWith(geolocation: Pick<Geolocation, 'getCurrentPosition'> | undefined, timeoutMs = 15_000): Promise<Place> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error('no geolocation'));
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      (error) => reject(new Error(error.message)),
      { enableHighAccuracy: false, maximumAge: 300_000, timeout: timeoutMs },
    );
  });
}

/** The form's values after a choice of how the order reaches the shopper; the other choice (address or point) is kept for a switch back. */
export function withDelivery<V extends OrderFormValues>(values: V, delivery: DeliveryMethod): V {
  return { ...values, delivery };
}

/** The form's values after a point is chosen: its code and name (the name shows after a reload, without a search). */
export function withPoint<V extends OrderFormValues>(values: V, row: Pick<PointRow, 'code' | 'name'>): V {
  return { ...values, pickupPointCode: row.code, pickupPointName: row.name };
}

/** The chosen point's line on the form ('Collect at Sandton City Locker'); '' without one. */
export function chosenPointWords(values: Pick<OrderFormValues, 'pickupPointCode' | 'pickupPointName'>): string {
  const code = values.pickupPointCode?.trim() ?? '';
  return code ? `Collect at ${values.pickupPointName?.trim() || code}` : '';
}

/**
 * Whether the form offers the choice: once the service said it has pickup points (`offered` true); while that is not
 * known yet (undefined: loading, or no answer), only when the draft already chose pickup, so the form does not jump.
 */
export function showsDeliveryChoice(offered: boolean | undefined, values: Pick<OrderFormValues, 'delivery'>): boolean {
  return offered === true || (offered === undefined && values.delivery === 'pickup');
}

/** The delivery the form uses: pickup only where the choice shows. */
export function deliveryShown(offered: boolean | undefined, values: Pick<OrderFormValues, 'delivery'>): DeliveryMethod {
  return showsDeliveryChoice(offered, values) && values.delivery === 'pickup' ? 'pickup' : 'address';
}
