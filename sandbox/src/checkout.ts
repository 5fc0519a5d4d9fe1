import type { SandboxContext } from './context';
import { hasDeclaration } from './customs-declarations';
import { nowIso } from './db';
import { FieldReader } from './http';
import { premiumCents } from './insurance';
import type { OrderRow } from './rows';
import { orderProducts, quoteFor, randText } from './serialize';
import { shippingOptionRows } from './shipping-options';

/** What the shopper chose with a payment, checked against the quote as it stands now, and the total that follows. */
export interface Checkout {
  shippingOption: string | null;
  shippingCents: number;
  /** Null when the shopper did not insure. */
  insuranceCents: number | null;
  declarationConfirmed: boolean;
  subTotalCents: number;
}

function moneyCents(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : undefined;
}

/**
 * Reads the payment's choices (`shipping_option_id`, `insure` with the `insurance_premium` the shopper saw,
 * `declaration_confirmed`) and refuses with 422 field errors what no longer matches the quote: an unknown or withdrawn
 * speed, a premium that changed, an unconfirmed declaration. Returns undefined for an order with none of these, which
 * pays exactly as before.
 */
export function readCheckout(ctx: SandboxContext, order: OrderRow, params: Record<string, unknown>): Checkout | undefined {
  const products = orderProducts(ctx, order.id);
  const options = shippingOptionRows(ctx, order.id);
  const offered = options.filter((o) => o.withdrawn_at === null);
  const premium = premiumCents(order, products);
  const declared = hasDeclaration(products);
  const f = new FieldReader(params);

  const chosenId = f.string('shipping_option_id')?.trim() || undefined;
  const chosen = options.find((o) => o.code === chosenId);
  if (chosenId !== undefined && !chosen) f.add('shipping_option_id', 'is not a shipping speed of this quote');
  else if (chosen?.withdrawn_at) f.add('shipping_option_id', `${chosen.label} is no longer offered: choose another shipping speed`);
  else if (chosenId === undefined && offered.length > 0) f.add('shipping_option_id', 'Choose a shipping speed');

  const insure = f.boolean('insure') ?? false;
  if (insure && premium === null) f.add('insure', 'Insurance is not offered for this order');
  if (insure && premium !== null) {
    const seen = moneyCents(params.insurance_premium);
    if (seen === undefined) f.add('insurance_premium', "can't be blank: send the premium the shopper saw");
    else if (seen !== premium) f.add('insurance_premium', `The insurance premium changed from ${randText(seen)} to ${randText(premium)}: check the new total`);
  }

  const confirmed = f.boolean('declaration_confirmed') ?? false;
  if (declared && !confirmed) f.add('declaration_confirmed', 'Confirm the customs declaration before paying');
  f.check();

  if (offered.length === 0 && !chosen && premium === null && !declared) return undefined;
  const base = quoteFor(order, products);
  const shippingCents = chosen?.price_cents ?? 0;
  const insuranceCents = insure ? premium : null;
  return {
    shippingOption: chosen?.code ?? null,
    shippingCents,
    insuranceCents,
    declarationConfirmed: confirmed,
    subTotalCents: Math.round((base?.sub_total ?? 0) * 100) + shippingCents + (insuranceCents ?? 0),
  };
}

/** Records the shopper's choices and the total they pay on the order. */
export function recordCheckout(ctx: SandboxContext, orderId: number, checkout: Checkout): void {
  ctx.db
    .prepare(
      `UPDATE orders SET checkout_shipping_option = ?, checkout_shipping_cents = ?, checkout_insurance_cents = ?,
         checkout_declaration_confirmed_at = ?, checkout_sub_total_cents = ? WHERE id = ?`,
    )
    .run(checkout.shippingOption, checkout.shippingCents, checkout.insuranceCents, checkout.declarationConfirmed ? nowIso() : null, checkout.subTotalCents, orderId);
}
