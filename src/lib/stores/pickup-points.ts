import { isApiError } from '../api/errors';
import { searchPickupPoints, type PickupPoint, type PickupSearch } from '../api/pickup';
import { createFetcherStore, createWriteStore } from './query';

/**
 * Whether the service has pickup points (issue 57): a search at 0, 0 (the sea: no point is near, so the answer is
 * small), once per session. False when it answers 404 or 405 (the order form is then today's); true for a list or any
 * other answer of the route (a service that refuses such a search, 422, has the route). A request that got no answer
 * is an error: not known yet.
 */
export const $pickupPointsOffered = createFetcherStore<boolean>(
  ['pickup_points?offered'],
  async () => {
    try {
      return (await searchPickupPoints({ lat: 0, lng: 0 })) !== undefined;
    } catch (error) {
      if (isApiError(error) && error.status !== undefined) return true;
      throw error;
    }
  },
  { freshness: 'until-changed', scope: 'personal' },
);

/**
 * Searches pickup points near a suburb, town or postal code as typed, or near a place's coordinates (GET
 * /pickup_points), nearest first; resolves with undefined when the service has no pickup points. A write-style action:
 * the shopper presses Search, one search at a time, and nothing is cached (a point may close at any time).
 */
export const $pickupSearch = createWriteStore<PickupSearch, PickupPoint[] | undefined>((search) => searchPickupPoints(search), []);
