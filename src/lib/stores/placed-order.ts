import type { FetcherStore } from '@nanostores/query';
import { atom } from 'nanostores';
import { ApiError } from '../api/errors';
import { getOrder } from '../api/orders';
import { ORDERS_KEY } from './orders';
import { createFetcherStore, setCachedData } from './query';

/** The order the order-uploaded page shows: its id and when it was placed. */
export interface PlacedOrder {
  id: number;
  /** ISO time the order was placed. */
  placedAt: string;
}

const placedKey = (id: number): [string, number, string] => [`${ORDERS_KEY}/`, id, '/placed'];

/** The read of a placed order for the order-uploaded page (`{ data, error, loading }`); an order just placed here is known without asking. */
export function placedOrderStore(id: number): FetcherStore<PlacedOrder> {
  // An id that cannot be an order's asks nothing: a null key part pauses the read.
  const [prefix, , suffix] = placedKey(id);
  return createFetcherStore<PlacedOrder>(
    [prefix, id > 0 ? id : atom(null), suffix],
    async () => {
      const order = await getOrder(id);
      return { id: order.id, placedAt: order.createdDate };
    },
    { freshness: 'until-changed', scope: 'personal' },
  );
}

/** Records an order this page just placed, so the order-uploaded page shows it without asking. */
export function rememberPlacedOrder(order: PlacedOrder): void {
  setCachedData(placedKey(order.id), order);
}

/** True when a read failed because the API does not know the order (a timeout or a server error can be retried instead). */
export function isUnknownOrder(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
