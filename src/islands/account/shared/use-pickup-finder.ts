import { useMemo } from 'react';
import { $online } from '../../../lib/stores/network';
import { $pickupSearch } from '../../../lib/stores/pickup-points';
import { createPickupFinder, locateWith, type PickupFinder } from './delivery-choice';

/** The pickup search of one screen: the service's search, the connection, and the browser's location asked for only on Near me. */
export function usePickupFinder(): PickupFinder {
  return useMemo(
    () =>
      createPickupFinder({
        search: (search) => $pickupSearch.mutate(search),
        online: () => $online.get(),
        locate: () => locateWith('geolocation' in navigator ? navigator.geolocation : undefined),
      }),
    [],
  );
}
