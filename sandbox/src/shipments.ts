import type { SandboxContext } from './context';
import { nowIso } from './db';
import { HttpError, isRecord, notFound } from './http';
import { deliveryDiscountCents } from './pickup';
import type { OrderRow } from './rows';

// Orders shipped together (issue 57, sandbox/README.md rule 18): a shopper's orders waiting at the warehouse (goods
// purchased, not left) for the same address or pickup point fly as one parcel. An order's freight alone is what its
// quote charges for freight (its products' delivery, less a pickup discount); together they cost the largest freight
// plus half of each other one. Each order at the warehouse says until when its storage is free.

/** Days an order's storage at the warehouse is free, from the day its goods were bought. */
export const FREE_STORAGE_DAYS = 30;
/** The share of each freight but the largest that a combined shipment still charges. */
export const TOGETHER_SHARE = 0.5;

const VAT_RATE = 0.15;

interface ShipmentRow {
  id: number;
  user_id: number;
  freight_alone_cents: number;
  freight_together_cents: number;
  created_at: string;
}

/** The day the order's free storage ends (YYYY-MM-DD): {@link FREE_STORAGE_DAYS} after it reached goods purchased; undefined unless it is at the warehouse. */
export function storageFreeUntil(ctx: SandboxContext, order: Pick<OrderRow, 'id' | 'order_type' | 'status'>): string | undefined {
  if (order.order_type !== 'normal' || order.status !== 'goods purchased') return undefined;
  const move = ctx.db
    .prepare("SELECT at FROM status_moves WHERE order_id = ? AND status = 'goods purchased' ORDER BY at DESC, id DESC LIMIT 1")
    .get(order.id) as { at: string } | undefined;
  if (!move) return undefined;
  return new Date(Date.parse(move.at.slice(0, 10)) + FREE_STORAGE_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** The order's `shipment`: its id and the other orders in it; undefined when it ships alone. */
export function orderShipmentJson(ctx: SandboxContext, order: Pick<OrderRow, 'id' | 'shipment_id'>) {
  if (order.shipment_id === null) return undefined;
  const others = ctx.db.prepare('SELECT id FROM orders WHERE shipment_id = ? AND id != ? ORDER BY id').all(order.shipment_id, order.id) as { id: number }[];
  return { id: order.shipment_id, with: others.map((o) => o.id) };
}

/** What the order's quote charges for freight, in cents before VAT: its live products' delivery, less its pickup discount. */
export function freightAloneCents(ctx: SandboxContext, order: Pick<OrderRow, 'id' | 'delivery_method'>): number {
  const { freight } = ctx.db
    .prepare('SELECT COALESCE(SUM(COALESCE(delivery_cents, 0) * quantity), 0) AS freight FROM products WHERE order_id = ? AND deleted_at IS NULL')
    .get(order.id) as { freight: number };
  return freight - deliveryDiscountCents(order, freight);
}

/** The freight of orders flown together: the largest alone plus {@link TOGETHER_SHARE} of each other (cents, rounded once). */
export function freightTogetherCents(alone: readonly number[]): number {
  const largest = Math.max(0, ...alone);
  const rest = alone.reduce((sum, cents) => sum + cents, 0) - largest;
  return largest + Math.round(rest * TOGETHER_SHARE);
}

// Where an order goes, as one key: its pickup point, else its address.
function destinationKey(order: OrderRow): string | undefined {
  if (order.delivery_method === 'pickup') return order.pickup_point_code ? `pickup:${order.pickup_point_code}` : undefined;
  return order.address_id === null ? undefined : `address:${order.address_id}`;
}

function destinationJson(order: OrderRow) {
  return order.delivery_method === 'pickup'
    ? { method: 'pickup', pickup_point_code: order.pickup_point_code }
    : { method: 'address', address_id: order.address_id };
}

// At the warehouse: goods purchased, not yet in transit.
const atWarehouse = (order: OrderRow): boolean => order.order_type === 'normal' && order.status === 'goods purchased';

/** `GET /shipments/candidates`: the user's orders at the warehouse not yet combined, in groups of two or more per destination, each with its freight alone and the group's together. */
export function shipmentCandidates(ctx: SandboxContext, userId: number) {
  const orders = (ctx.db
    .prepare("SELECT * FROM orders WHERE user_id = ? AND order_type = 'normal' AND status = 'goods purchased' AND shipment_id IS NULL ORDER BY id")
    .all(userId) as unknown as OrderRow[]);
  const groups = new Map<string, OrderRow[]>();
  for (const order of orders) {
    const key = destinationKey(order);
    if (key) groups.set(key, [...(groups.get(key) ?? []), order]);
  }
  return [...groups.values()]
    .filter((group) => group.length >= 2)
    .map((group) => {
      const alone = group.map((o) => freightAloneCents(ctx, o));
      return {
        destination: destinationJson(group[0] as OrderRow),
        orders: group.map((o, i) => ({ id: o.id, freight_alone: (alone[i] ?? 0) / 100, storage_free_until: storageFreeUntil(ctx, o) })),
        freight_together: freightTogetherCents(alone) / 100,
      };
    });
}

function shipmentJson(ctx: SandboxContext, row: ShipmentRow) {
  const ids = (ctx.db.prepare('SELECT id FROM orders WHERE shipment_id = ? ORDER BY id').all(row.id) as { id: number }[]).map((o) => o.id);
  const vat = Math.round(row.freight_together_cents * VAT_RATE);
  return {
    id: row.id,
    order_ids: ids,
    freight_alone_total: row.freight_alone_cents / 100,
    freight_together: row.freight_together_cents / 100,
    saving: (row.freight_alone_cents - row.freight_together_cents) / 100,
    quote: { sub_total: row.freight_together_cents / 100, total_vat: vat / 100, total: (row.freight_together_cents + vat) / 100 },
    created_at: row.created_at,
  };
}

const refuse = (message: string) => new HttpError(422, message, { order_ids: [message] });

/**
 * `POST /shipments { shipment: { order_ids } }`: combines two or more of the user's orders at the warehouse to one
 * destination, in one transaction. Another user's or an unknown order is 404; an order that left the warehouse (or is not
 * there yet, or already ships with others) or destinations that differ are 422 on `order_ids`.
 */
export function createShipment(ctx: SandboxContext, userId: number, body: Record<string, unknown>) {
  const params = isRecord(body.shipment) ? body.shipment : undefined;
  const given = Array.isArray(params?.order_ids) ? params.order_ids : undefined;
  const ids = given?.every((id) => Number.isSafeInteger(Number(id)) && Number(id) > 0) ? [...new Set(given.map(Number))] : undefined;
  if (!ids || ids.length < 2) throw refuse('Choose at least two orders to ship together');
  return ctx.db.transaction(() => {
    const orders = ids.map((id) => {
      const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ? AND user_id = ?').get(id, userId) as OrderRow | undefined;
      if (!order) throw notFound();
      return order;
    });
    for (const order of orders) {
      if (order.shipment_id !== null) throw refuse(`Order ${order.id} already ships with other orders`);
      if (!atWarehouse(order)) {
        const before = order.order_type === 'normal' && ['placed', 'processing', 'paid'].includes(order.status);
        throw refuse(before ? `Order ${order.id} is not at our warehouse yet: it can ship with others once its goods are bought` : `Order ${order.id} has left the warehouse: it can no longer ship with the others`);
      }
    }
    if (new Set(orders.map(destinationKey)).size !== 1) throw refuse('These orders go to different places: only orders to the same address or pickup point ship together');
    const alone = orders.map((o) => freightAloneCents(ctx, o));
    const id = ctx.db
      .prepare('INSERT INTO shipments (user_id, freight_alone_cents, freight_together_cents, created_at) VALUES (?, ?, ?, ?)')
      .run(userId, alone.reduce((sum, cents) => sum + cents, 0), freightTogetherCents(alone), nowIso()).lastInsertRowid;
    const join = ctx.db.prepare('UPDATE orders SET shipment_id = ? WHERE id = ?');
    for (const order of orders) join.run(id, order.id);
    return shipmentJson(ctx, ctx.db.prepare('SELECT * FROM shipments WHERE id = ?').get(id) as unknown as ShipmentRow);
  })();
}
