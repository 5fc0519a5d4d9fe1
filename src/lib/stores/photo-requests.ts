import { map } from 'nanostores';
import type { ApiError } from '../api/errors';
import type { Order } from '../api/orders';
import { requestMorePhotos } from '../api/photo-requests';
import { createWriteStore, type WriteStore } from './write-store';

/** What the "Ask for more photos" button has to say: nothing yet, or a note that is good news or a problem. */
export type PhotoRequestNotice = { tone: 'done' | 'problem'; text: string } | null;

/** The notes of "Ask for more photos" (strings the tests assert). */
export const photoRequestMessages = {
  sent: 'We have asked the warehouse for more photos. We will let you know when they are here.',
  open: 'You have already asked for more photos: the warehouse will add them soon.',
  unavailable: 'Asking for more photos is not possible yet. Please try again later, or contact us.',
  notReceived: 'Photos are taken once your items reach our warehouse: ask again then.',
  failed: 'Your request was not sent. Check your connection and press Ask for more photos again.',
} as const;

/** The note a request's outcome gives: 201 sent, 200 one already open, 404/405 not offered yet, 422 items not received, else not sent. */
export function photoRequestNotice(outcome: { created: boolean } | { error: Pick<ApiError, 'status'> }): NonNullable<PhotoRequestNotice> {
  if ('created' in outcome) return { tone: 'done', text: outcome.created ? photoRequestMessages.sent : photoRequestMessages.open };
  const { status } = outcome.error;
  if (status === 404 || status === 405) return { tone: 'problem', text: photoRequestMessages.unavailable };
  if (status === 422) return { tone: 'problem', text: photoRequestMessages.notReceived };
  return { tone: 'problem', text: photoRequestMessages.failed };
}

/** The note an order shows before any press: an unanswered request of the order is already open. */
export function openRequestNotice(order: Pick<Order, 'photoRequests'>): PhotoRequestNotice {
  return (order.photoRequests ?? []).some((r) => r.answeredAt === null) ? { tone: 'done', text: photoRequestMessages.open } : null;
}

const writes = new Map<number, WriteStore<void, { created: boolean }>>();

/** "Ask for more photos" of one order (POST /orders/{id}/photo_requests): one press at a time per order; its outcome is the order's note ({@link photoRequestNotice}). */
export function photoRequestStore(orderId: number): WriteStore<void, { created: boolean }> {
  let store = writes.get(orderId);
  if (!store) {
    store = createWriteStore<void, { created: boolean }>(() => requestMorePhotos(orderId), []);
    writes.set(orderId, store);
  }
  return store;
}

/** Per order, the note of the last press on this page. */
export const $photoRequests = map<Record<number, NonNullable<PhotoRequestNotice>>>({});

/** Sends "Ask for more photos" for an order (nothing while one is on its way) and keeps the note its answer gives. */
export async function askForMorePhotos(orderId: number): Promise<void> {
  const outcome = await photoRequestStore(orderId).mutate();
  if (outcome) $photoRequests.setKey(orderId, photoRequestNotice('data' in outcome ? outcome.data : outcome));
}
