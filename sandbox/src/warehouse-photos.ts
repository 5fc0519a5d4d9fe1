import type { SandboxContext } from './context';
import { nowIso } from './db';
import { FieldReader, HttpError, isRecord } from './http';
import type { OrderRow, ProductRow } from './rows';
import { uploadUrl } from './uploads';

/** Statuses in which an order's items have reached the warehouse, so photos can be taken and asked for. */
const RECEIVED_STATUSES: readonly string[] = ['goods purchased', 'in transit', 'arrived in SA', 'delivered'];

interface PhotoRow {
  id: number;
  order_id: number;
  product_id: number;
  file: string;
  created_at: string;
}

interface PhotoRequestRow {
  id: number;
  order_id: number;
  message: string;
  created_at: string;
  answered_at: string | null;
}

/** The order's warehouse photos in wire shape: a signed, expiring link (the owner's only), the product and its name as alt text. */
export function warehousePhotosJson(ctx: SandboxContext, origin: string, orderId: number, products: ProductRow[]) {
  const rows = ctx.db.prepare('SELECT * FROM warehouse_photos WHERE order_id = ? ORDER BY id').all(orderId) as PhotoRow[];
  return rows.map((r) => ({
    id: r.id,
    product_id: r.product_id,
    url: uploadUrl(ctx, origin, r.file),
    alt: products.find((p) => p.id === r.product_id)?.name ?? '',
    taken_at: r.created_at,
  }));
}

const requestJson = (r: PhotoRequestRow) => ({ id: r.id, order_id: r.order_id, message: r.message, requested_at: r.created_at, answered_at: r.answered_at });

/** The shopper's requests for more photos of the order, oldest first, in wire shape. */
export function photoRequestsJson(ctx: SandboxContext, orderId: number) {
  return (ctx.db.prepare('SELECT * FROM photo_requests WHERE order_id = ? ORDER BY id').all(orderId) as PhotoRequestRow[]).map(requestJson);
}

/** Refuses (422) an order whose items have not reached the warehouse. */
export function requireReceived(order: OrderRow): void {
  if (order.order_type !== 'normal' || !RECEIVED_STATUSES.includes(order.status)) {
    throw new HttpError(422, 'Photos are taken once the items reach our warehouse');
  }
}

/**
 * Records the shopper's "Ask for more photos" (`{ photo_request: { message? } }`, both optional): 201 with the request, or
 * 200 with the open one when a request is still unanswered (a double press asks once).
 */
export function requestPhotos(ctx: SandboxContext, order: OrderRow, body: Record<string, unknown>) {
  requireReceived(order);
  const params = body.photo_request;
  if (params !== undefined && !isRecord(params)) throw new HttpError(400, 'param is missing or the value is empty: photo_request');
  const f = new FieldReader(params ?? {});
  const message = f.string('message')?.trim() ?? '';
  f.check();
  const open = ctx.db.prepare('SELECT * FROM photo_requests WHERE order_id = ? AND answered_at IS NULL ORDER BY id LIMIT 1').get(order.id) as PhotoRequestRow | undefined;
  if (open) return { created: false, request: requestJson(open) };
  const id = ctx.db.prepare('INSERT INTO photo_requests (order_id, message, created_at) VALUES (?, ?, ?)').run(order.id, message, nowIso()).lastInsertRowid;
  return { created: true, request: requestJson(ctx.db.prepare('SELECT * FROM photo_requests WHERE id = ?').get(id) as PhotoRequestRow) };
}
