import { computed } from 'nanostores';
import { listOrders, type Order, type OrderFilter } from '../api/orders';
import { cachedResource } from './resource';

/** Orders per request when a whole list is paged in (the API's maximum). */
export const PAGE_SIZE = 100;

const PENDING = ['placed', 'processing'];

/** Loads every page of an order list: the first page, then the rest side by side. */
export async function listAllOrders(filter: Omit<OrderFilter, 'page' | 'per'> = {}): Promise<Order[]> {
  const first = await listOrders({ ...filter, page: 1, per: PAGE_SIZE });
  const rest = Array.from({ length: Math.max(0, first.meta.totalPages - 1) }, (_, i) =>
    listOrders({ ...filter, page: i + 2, per: PAGE_SIZE }).then((page) => page.orders),
  );
  return [first.orders, ...(await Promise.all(rest))].flat();
}

const resource = cachedResource(() => listAllOrders());

/** Every order of the shopper (normal and return), newest first, with the loading flag and last error. */
export const $orders = resource.$store;

/** Normal orders still waiting for a quote or a payment (placed, processing). */
export const $pendingOrders = computed($orders, ({ data }) => (data ?? []).filter((o) => o.orderType === 'normal' && PENDING.includes(o.status)));

/** Normal orders past payment: every other status except return. */
export const $pastOrders = computed($orders, ({ data }) =>
  (data ?? []).filter((o) => o.orderType === 'normal' && !PENDING.includes(o.status) && o.status !== 'return'),
);

/** Loads the orders; with `fresh` it asks again while the cached list stays on screen. */
export function loadOrders(fresh = false): Promise<Order[] | undefined> {
  return resource.load(fresh);
}

/** Puts a changed order into the cached list (after a payment or an address change). */
export function replaceCachedOrder(order: Order): void {
  const list = $orders.get().data;
  if (list) resource.set(list.map((o) => (o.id === order.id ? order : o)));
}

/** The title of an order as the shopper reads it, e.g. "Order 12 - Amazon". */
export function orderTitle(order: Pick<Order, 'id' | 'portalName'>): string {
  return order.portalName ? `Order ${order.id} - ${order.portalName}` : `Order ${order.id}`;
}
