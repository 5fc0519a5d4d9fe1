import { atom } from 'nanostores';
import type { ApiError } from '../api/errors';
import { completeReturnOrder, returnOrder, type Order } from '../api/orders';
import { listPortalsWithOrders } from '../api/portals';
import { accountMessages, type ReturnValues } from '../schemas/account';
import { listAllOrders, loadOrders } from './orders';
import { cachedResource } from './resource';
import { $accessToken } from './session';

const pending = cachedResource(() => listAllOrders({ type: 'return', status: 'returning' }));
const history = cachedResource(() => listAllOrders({ type: 'return', status: 'returned' }));
const portals = cachedResource(listPortalsWithOrders);

/** Returns waiting for the courier (status returning). */
export const $returnsPending = pending.$store;

/** Returns the courier has picked up (status returned). */
export const $returnHistory = history.$store;

/** The shops a return can be scheduled for: those the shopper has orders with (GET /portals/portals_with_orders). */
export const $returnPortals = portals.$store;

/** Delivered orders of the chosen portal, the items a return can be made of. */
export interface DeliveredOrders {
  portal: number;
  data: Order[] | undefined;
  loading: boolean;
  error: ApiError | undefined;
}

/** The delivered orders of the portal chosen in the return form. */
export const $deliveredOrders = atom<DeliveredOrders>({ portal: 0, data: undefined, loading: false, error: undefined });

/** Loads both return lists and the shops (again with `fresh`). */
export async function loadReturns(fresh = false): Promise<void> {
  await Promise.all([pending.load(fresh), history.load(fresh), portals.load(fresh)]);
}

/** Loads the delivered orders of one portal (GET /orders?type=normal&status=delivered&portal=). */
export async function loadDeliveredOrders(portal: number): Promise<void> {
  if (portal <= 0) {
    $deliveredOrders.set({ portal: 0, data: undefined, loading: false, error: undefined });
    return;
  }
  $deliveredOrders.set({ portal, data: undefined, loading: true, error: undefined });
  try {
    const answer = await listAllOrders({ type: 'normal', status: 'delivered', portal });
    // SPEC section 4 allows returns of delivered orders of the chosen portal only, even if a server ignores a filter.
    const data = answer.filter((o) => o.orderType === 'normal' && o.status === 'delivered' && o.portalId === portal);
    if ($deliveredOrders.get().portal === portal) $deliveredOrders.set({ portal, data, loading: false, error: undefined });
  } catch (error) {
    if ($deliveredOrders.get().portal === portal) $deliveredOrders.set({ portal, data: undefined, loading: false, error: error as ApiError });
  }
}

/** Schedules a return (multipart POST /orders/{id}/return_order), then reads the lists again. */
export async function scheduleReturn(values: ReturnValues): Promise<void> {
  if (!values.returnPhoto) throw new Error('Image is required.');
  await returnOrder(values.orderId, {
    productId: values.item,
    quantity: values.totalItems,
    reason: values.returnReason.trim(),
    photo: values.returnPhoto,
    fileName: values.returnPhoto.name || 'return-photo',
  });
  await Promise.all([pending.load(true), loadOrders(true)]);
}

/** Marks a returning order as picked up and refreshes both lists; rejects with the spec's failure text. */
export async function markPickedUp(orderId: number): Promise<void> {
  try {
    await completeReturnOrder(orderId);
  } catch {
    throw new Error(accountMessages.pickUpFailed);
  }
  await Promise.all([pending.load(true), history.load(true)]);
  void loadOrders(true);
}

$accessToken.listen((token) => {
  if (token === '') $deliveredOrders.set({ portal: 0, data: undefined, loading: false, error: undefined });
});
