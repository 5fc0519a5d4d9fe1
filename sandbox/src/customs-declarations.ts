import type { SandboxContext } from './context';
import { FieldReader, HttpError, notFound } from './http';
import { OPEN_STATUSES } from './order-ops';
import type { OrderRow, ProductRow } from './serialize';

/** What the service declares to SARS for one product: description, value in rand per item, ISO 3166-1 alpha-2 country of origin. */
export interface DeclarationInput {
  description?: unknown;
  declared_value?: unknown;
  country_of_origin?: unknown;
}

const rand = (cents: number) => `R${(cents / 100).toFixed(2)}`;

/** A product's customs declaration in wire shape, or undefined when it has none. */
export function declarationJson(p: ProductRow) {
  if (p.declared_value_cents === null) return undefined;
  return { description: p.declared_description ?? '', declared_value: p.declared_value_cents / 100, country_of_origin: p.country_of_origin ?? '' };
}

/** Whether any live product of the order carries a declaration (the shopper must then confirm it to pay). */
export function hasDeclaration(products: ProductRow[]): boolean {
  return products.some((p) => p.deleted_at === null && p.declared_value_cents !== null);
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
  const cents = Math.round(value * 100);
  if (!Number.isFinite(value)) f.add('declared_value', 'must be a number of rand');
  else if (cents <= 0) f.add('declared_value', 'must be more than R0: declare what the item cost');
  else if (cents > product.cost_cents) f.add('declared_value', `can't be more than the product's price (${rand(product.cost_cents)})`);
  const origin = f.string('country_of_origin', { required: true })?.trim().toUpperCase();
  if (origin !== undefined && !/^[A-Z]{2}$/.test(origin)) f.add('country_of_origin', 'must be a two-letter country code (ISO 3166-1), such as CN');
  f.check();
  ctx.db
    .prepare('UPDATE products SET declared_description = ?, declared_value_cents = ?, country_of_origin = ? WHERE id = ?')
    .run(description, cents, origin, productId);
  return { product_id: productId, declaration: declarationJson(ctx.db.prepare('SELECT * FROM products WHERE id = ?').get(productId) as ProductRow) };
}
