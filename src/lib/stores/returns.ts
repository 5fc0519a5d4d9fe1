import { atom, computed } from 'nanostores';
import { ApiError } from '../api/errors';
import { completeReturnOrder, returnOrder, type Order } from '../api/orders';
import { listPortalsWithOrders, type Portal } from '../api/portals';
import { accountMessages } from '../account-messages';
import { imageExtension, reencodeImage } from '../image';
import { messages } from '../schemas/rules';
import { listAllOrders, ORDERS_KEY } from './orders';
import { createFetcherStore, createWriteStore } from './query';

const PENDING_KEY = `${ORDERS_KEY}?type=return&status=returning`;
const HISTORY_KEY = `${ORDERS_KEY}?type=return&status=returned`;

/** Returns waiting for the courier (status returning): `{ data, error, loading }`, asked again on every screen that shows them. */
export const $returnsPending = createFetcherStore<Order[]>(
  [PENDING_KEY],
  () => listAllOrders({ type: 'return', status: 'returning' }),
  {
    freshness: 'every-mount',
    scope: 'personal',
  },
);

/** Returns the courier has picked up (status returned). */
export const $returnHistory = createFetcherStore<Order[]>(
  [HISTORY_KEY],
  () => listAllOrders({ type: 'return', status: 'returned' }),
  {
    freshness: 'every-mount',
    scope: 'personal',
  },
);

/** The shops a return can be scheduled for: those the shopper has orders with (GET /portals/portals_with_orders). */
export const $returnPortals = createFetcherStore<Portal[]>(['portals?with-orders'], () => listPortalsWithOrders(), {
  freshness: 'every-mount',
  scope: 'personal',
});

/** The portal chosen in the return form; 0 while none is. */
const $returnPortal = atom(0);

/** The delivered orders of one portal, the items a return can be made of. */
export interface DeliveredOrders {
  portal: number;
  orders: Order[];
}

/** The delivered orders of the portal chosen in the return form (GET /orders?type=normal&status=delivered&portal=); idle while none is chosen. */
export const $deliveredOrders = createFetcherStore<DeliveredOrders>(
  [`${ORDERS_KEY}?type=normal&status=delivered&portal=`, computed($returnPortal, (portal) => (portal > 0 ? portal : null))],
  async (_path, portal) => {
    const id = Number(portal);
    const answer = await listAllOrders({ type: 'normal', status: 'delivered', portal: id });
    // SPEC section 4 allows returns of delivered orders of the chosen portal only, even if a server ignores a filter.
    return {
      portal: id,
      orders: answer.filter((o) => o.orderType === 'normal' && o.status === 'delivered' && o.portalId === id),
    };
  },
  { freshness: 'every-mount', scope: 'personal' },
);

/** Chooses the portal of the return form (0 for none); its delivered orders are read. */
export function chooseReturnPortal(portal: number): void {
  $returnPortal.set(portal);
}

/** What a return sends: the order, its item, how many, why, and the chosen photo (re-encoded before it leaves). */
export interface ReturnRequest {
  orderId: number;
  productId: number;
  quantity: number;
  reason: string;
  photo: File | null;
}

/**
 * Schedules a return (multipart POST /orders/{id}/return_order) with the photo re-encoded, then the order reads are asked again;
 * a photo that cannot be decoded is refused on its field with the SPEC image message.
 */
export const $scheduleReturn = createWriteStore<ReturnRequest>(
  async ({ orderId, photo: chosen, ...ret }) => {
    if (!chosen) throw new ApiError(messages.imageRequired, 'client');
    // The chosen file can carry EXIF, a phone photo's GPS position among it; only the re-encoded pixels leave the device.
    const photo = await reencodeImage(chosen);
    if (!photo) {
      // The form shows this where it shows the server's own refusal of the photo.
      throw new ApiError(messages.imageType, 'client', { errors: { return_photo: [messages.imageType] } });
    }
    return returnOrder(orderId, { ...ret, photo, fileName: `return-photo.${imageExtension(photo.type)}` });
  },
  [ORDERS_KEY],
);

/** Marks a returning order as picked up, then the order reads are asked again; fails with the spec's failure text. */
export const $markPickedUp = createWriteStore<number>(
  (orderId) => completeReturnOrder(orderId),
  [ORDERS_KEY],
  accountMessages.pickUpFailed,
);
