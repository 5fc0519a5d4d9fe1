import { FALLBACK_PUBLIC_URL, type SandboxContext } from './context';
import { declarationJson } from './customs-declarations';
import { nowIso } from './db';
import { FieldReader, HttpError, MAX_TEXT, notFound } from './http';
import { DEFAULT_COVERS, insuranceJson } from './insurance';
import { cents, OPEN_STATUSES } from './order-ops';
import { endAttempts } from './payments';
import { makePng } from './png';
import { notifyOrder } from './push';
import type { OrderRow, ProductRow } from './rows';
import { randText } from './serialize';
import { shippingOptionRows, shippingOptionsJson } from './shipping-options';
import { saveUpload } from './uploads';
import { requireReceived, warehousePhotosJson } from './warehouse-photos';

/** What the operator sets: a speed offered (or changed), or withdrawn with `withdraw`. */
export interface ShippingOptionInput {
  id: string;
  label?: string;
  price?: number;
  minDays?: number;
  maxDays?: number;
  withdraw?: boolean;
}

const CODE = /^[a-z][a-z0-9_-]{0,31}$/;
const MAX_DAYS = 60;

/** What the operator sets: the premium rule (a share of the insured value with a minimum) and what it covers, or `withdraw`. */
export interface InsuranceInput {
  ratePercent?: number;
  minimum?: number;
  covers?: string;
  withdraw?: boolean;
}

/** What the service declares to SARS for one product: description, value in rand per item, ISO 3166-1 alpha-2 country of origin. */
export interface DeclarationInput {
  description?: unknown;
  declared_value?: unknown;
  country_of_origin?: unknown;
}

function openOrder(ctx: SandboxContext, orderId: number, what: string): OrderRow {
  const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow | undefined;
  if (!order) throw notFound();
  if (order.order_type !== 'normal' || !OPEN_STATUSES.includes(order.status)) {
    throw new HttpError(422, `Order ${orderId} is ${order.status}; ${what} set on placed or processing orders`);
  }
  return order;
}

function days(value: number | undefined, label: string): number {
  if (value === undefined || !Number.isInteger(value) || value < 1 || value > MAX_DAYS) {
    throw new HttpError(422, `${label} must be a whole number of working days from 1 to ${MAX_DAYS}`);
  }
  return value;
}

/** Offers, changes or withdraws one shipping speed of an open normal order (operator action); answers the speeds now offered. */
export function setShippingOption(ctx: SandboxContext, orderId: number, input: ShippingOptionInput) {
  openOrder(ctx, orderId, 'shipping speeds are');
  if (!CODE.test(input.id)) throw new HttpError(422, 'id must be a short lower-case name such as express');
  if (input.withdraw) {
    const changed = ctx.db.prepare('UPDATE shipping_options SET withdrawn_at = ? WHERE order_id = ? AND code = ? AND withdrawn_at IS NULL').run(nowIso(), orderId, input.id).changes;
    if (changed === 0) throw new HttpError(422, `Order ${orderId} offers no shipping speed ${input.id}`);
  } else {
    const label = input.label?.trim() ?? '';
    if (label === '' || label.length > MAX_TEXT) throw new HttpError(422, `label must be 1 to ${MAX_TEXT} characters`);
    const priceCents = cents(input.price ?? Number.NaN, 'price');
    const min = days(input.minDays, 'min_days');
    const max = days(input.maxDays ?? min, 'max_days');
    if (max < min) throw new HttpError(422, 'max_days must be at least min_days');
    ctx.db
      .prepare(
        `INSERT INTO shipping_options (order_id, code, label, price_cents, min_days, max_days) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (order_id, code) DO UPDATE SET label = excluded.label, price_cents = excluded.price_cents,
           min_days = excluded.min_days, max_days = excluded.max_days, withdrawn_at = NULL`,
      )
      .run(orderId, input.id, label, priceCents, min, max);
  }
  endAttempts(ctx, orderId, 'the shipping speeds changed.');
  return { order_id: orderId, shipping_options: shippingOptionsJson(shippingOptionRows(ctx, orderId)) };
}

/** Offers (or changes, or withdraws) insurance on an open normal order (operator action); answers the offer as it now stands. */
export function setInsurance(ctx: SandboxContext, orderId: number, input: InsuranceInput) {
  openOrder(ctx, orderId, 'insurance is');
  if (input.withdraw) {
    ctx.db.prepare('UPDATE orders SET insurance_rate_bp = NULL, insurance_minimum_cents = NULL, insurance_covers = NULL WHERE id = ?').run(orderId);
  } else {
    const rate = input.ratePercent;
    if (rate === undefined || !Number.isFinite(rate) || rate <= 0 || rate > 100) throw new HttpError(422, 'rate_percent must be a share above 0 and at most 100');
    const minimumCents = cents(input.minimum ?? 0, 'minimum_premium');
    const covers = input.covers?.trim() || DEFAULT_COVERS;
    if (covers.length > MAX_TEXT) throw new HttpError(422, `covers must be at most ${MAX_TEXT} characters`);
    ctx.db
      .prepare('UPDATE orders SET insurance_rate_bp = ?, insurance_minimum_cents = ?, insurance_covers = ? WHERE id = ?')
      .run(Math.round(rate * 100), minimumCents, covers, orderId);
  }
  endAttempts(ctx, orderId, 'the insurance offer changed.');
  const updated = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow;
  const products = ctx.db.prepare('SELECT * FROM products WHERE order_id = ?').all(orderId) as ProductRow[];
  return { order_id: orderId, insurance: insuranceJson(updated, products) ?? null };
}

/**
 * Declares one quoted product of an open order (operator action): 422 with field errors for a blank description, a value
 * of zero or above the product's price, or an origin that is not a two-letter country code. Answers the declaration.
 */
export function setDeclaration(ctx: SandboxContext, productId: number, input: DeclarationInput) {
  const product = ctx.db.prepare('SELECT * FROM products WHERE id = ?').get(productId) as ProductRow | undefined;
  if (!product) throw notFound();
  const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(product.order_id) as OrderRow;
  if (order.order_type !== 'normal' || !OPEN_STATUSES.includes(order.status) || product.cost_cents === null) {
    throw new HttpError(422, `Product ${productId} is not on an open quoted order; declarations are made with the quote`);
  }
  const f = new FieldReader(input as Record<string, unknown>);
  const description = f.string('description', { required: true })?.trim();
  const value = typeof input.declared_value === 'number' ? input.declared_value : Number.NaN;
  const valueCents = Math.round(value * 100);
  if (!Number.isFinite(value)) f.add('declared_value', 'must be a number of rand');
  else if (valueCents <= 0) f.add('declared_value', 'must be more than R0: declare what the item cost');
  else if (valueCents > product.cost_cents) f.add('declared_value', `can't be more than the product's price (${randText(product.cost_cents)})`);
  const origin = f.string('country_of_origin', { required: true })?.trim().toUpperCase();
  if (origin !== undefined && !/^[A-Z]{2}$/.test(origin)) f.add('country_of_origin', 'must be a two-letter country code (ISO 3166-1), such as CN');
  f.check();
  ctx.db
    .prepare('UPDATE products SET declared_description = ?, declared_value_cents = ?, country_of_origin = ? WHERE id = ?')
    .run(description, valueCents, origin, productId);
  endAttempts(ctx, order.id, 'the customs declaration changed.');
  return { product_id: productId, declaration: declarationJson(ctx.db.prepare('SELECT * FROM products WHERE id = ?').get(productId) as ProductRow) };
}

/**
 * Adds a warehouse photo of one product of a received order (operator action; a generated PNG unless `bytes` are given),
 * answers the open photo requests and pushes `photos` to the shopper. Answers the order's photos.
 */
export function addWarehousePhoto(ctx: SandboxContext, orderId: number, productId: number, bytes?: Uint8Array) {
  const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow | undefined;
  if (!order) throw notFound();
  requireReceived(order);
  const products = ctx.db.prepare('SELECT * FROM products WHERE order_id = ? ORDER BY id').all(orderId) as ProductRow[];
  if (!products.some((p) => p.id === productId && p.deleted_at === null)) throw new HttpError(422, `Product ${productId} is not on order ${orderId}`);
  const file = saveUpload(ctx.uploadsDir, bytes ?? makePng(160, [120, 110, 100]), 'png');
  const now = nowIso();
  ctx.db.transaction(() => {
    ctx.db.prepare('INSERT INTO warehouse_photos (order_id, product_id, file, created_at) VALUES (?, ?, ?, ?)').run(orderId, productId, file, now);
    ctx.db.prepare('UPDATE photo_requests SET answered_at = ? WHERE order_id = ? AND answered_at IS NULL').run(now, orderId);
  })();
  notifyOrder(ctx, orderId, 'photos');
  return { order_id: orderId, warehouse_photos: warehousePhotosJson(ctx, ctx.publicUrl ?? FALLBACK_PUBLIC_URL, orderId, products) };
}
