import { computed } from 'nanostores';
import { listOrders, type Order, type OrderFilter } from '../api/orders';
import { createFetcherStore, revalidatePersonal, setCachedData } from './query';

/** Orders per request when a whole list is paged in (the API's maximum). */
export const PAGE_SIZE = 100;

/** The key prefix of every order read (lists and single orders): a change to an order asks them again. */
export const ORDERS_KEY = 'orders';

const PENDING = ['placed', 'processing'];

/** Loads every page of an order list: the first page, then the rest side by side. */
export async function listAllOrders(filter: Omit<OrderFilter, 'page' | 'per'> = {}): Promise<Order[]> {
  const first = await listOrders({ ...filter, page: 1, per: PAGE_SIZE });
  const rest = Array.from({ length: Math.max(0, first.meta.totalPages - 1) }, (_, i) =>
    listOrders({ ...filter, page: i + 2, per: PAGE_SIZE }).then((page) => page.orders),
  );
  return [first.orders, ...(await Promise.all(rest))].flat();
}

/** Every order of the shopper (normal and return), newest first: `{ data, error, loading }`, asked again on every screen that shows it. */
export const $orders = createFetcherStore<Order[]>([`${ORDERS_KEY}?all`], () => listAllOrders(), {
  freshness: 'every-mount',
  scope: 'personal',
});

/** Normal orders still waiting for a quote or a payment (placed, processing). */
export const $pendingOrders = computed($orders, ({ data }) =>
  (data ?? []).filter((o) => o.orderType === 'normal' && PENDING.includes(o.status)),
);

/** Normal orders past payment: every other status except return. */
export const $pastOrders = computed($orders, ({ data }) =>
  (data ?? []).filter((o) => o.orderType === 'normal' && !PENDING.includes(o.status) && o.status !== 'return'),
);

/** Asks every order read again (after a payment, a return, an address change); screens keep the old answer meanwhile. */
export function refreshOrders(): void {
  revalidatePersonal(ORDERS_KEY);
}

/** The order the order-uploaded page shows: its id and when it was placed. */
export interface PlacedOrder {
  id: number;
  /** ISO time the order was placed. */
  placedAt: string;
}

/** The cache key of a placed order's read (src/lib/stores/placed-order.ts). */
export const placedOrderKey = (id: number): [string, number, string] => [`${ORDERS_KEY}/`, id, '/placed'];

// Here rather than beside the read, which only the order-uploaded page loads: the order form then needs no module of it.
/** Records an order this page just placed, so the order-uploaded page shows it without asking. */
export function rememberPlacedOrder(order: PlacedOrder): void {
  setCachedData(placedOrderKey(order.id), order);
}
