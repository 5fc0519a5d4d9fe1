import { atom } from 'nanostores';
import { ApiError, normaliseError } from '../api/errors';
import { createOrder } from '../api/orders';
import { track } from '../analytics';
import { screenshotFileName } from '../image';
import type { OrderFormValues } from '../schemas/order';
import { clearDraft } from './order-draft';
import { rememberPlacedOrder } from './placed-order';

/** True while an order is being placed. */
export const $placingOrder = atom(false);

let inFlight: Promise<{ id: number }> | undefined;

async function submit(values: OrderFormValues): Promise<{ id: number }> {
  const count = values.products.length;
  try {
    const { id } = await createOrder({
      portal: values.portal,
      addressId: values.addressId,
      products: values.products.map((p, i) => ({
        name: p.name.trim(),
        description: p.description.trim(),
        quantity: Number(p.quantity),
        comment: p.comment,
        screenshot: p.screenshot as Blob,
        fileName: screenshotFileName(i, p.screenshot?.type ?? ''),
      })),
    });
    track('order_created', { products: count });
    rememberPlacedOrder({ id, placedAt: new Date().toISOString() });
    await clearDraft();
    return { id };
  } catch (error) {
    const apiError = error instanceof ApiError ? error : normaliseError(error);
    // SPEC section 8: an order-creation failure is reported to analytics only.
    track('order_create_failed', { kind: apiError.kind, status: apiError.status ?? 0, products: count });
    throw apiError;
  }
}

/** Places the order once: a second call while one is under way gets the same promise. Rejects with an ApiError; the draft stays. */
export function placeOrder(values: OrderFormValues): Promise<{ id: number }> {
  if (!inFlight) {
    $placingOrder.set(true);
    inFlight = submit(values).finally(() => {
      inFlight = undefined;
      $placingOrder.set(false);
    });
  }
  return inFlight;
}
