import type { FetcherStore } from '@nanostores/query';
import { atom } from 'nanostores';
import { ApiError } from '../api/errors';
import { getOrder } from '../api/orders';
import { placedOrderKey, type PlacedOrder } from './orders';
import { createFetcherStore } from './query';

/** The read of a placed order for the order-uploaded page (`{ data, error, loading }`); an order just placed here is known without asking. */
export function placedOrderStore(id: number): FetcherStore<PlacedOrder> {
  // An id that cannot be an order's asks nothing: a null key part pauses the read.
  const [prefix, , suffix] = placedOrderKey(id);
  return createFetcherStore<PlacedOrder>(
    [prefix, id > 0 ? id : atom(null), suffix],
    async () => {
      const order = await getOrder(id);
      return { id: order.id, placedAt: order.createdDate };
    },
    { freshness: 'until-changed', scope: 'personal' },
  );
}

/** True when a read failed because the API does not know the order (a timeout or a server error can be retried instead). */
export function isUnknownOrder(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
