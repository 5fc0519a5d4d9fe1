import { asAmount, asBool, asNullableInt, asNumber, asRecord, asRecords, asText, asWord, type WireRecord } from './decode';
import { IF_UNAVAILABLE_RULES, type IfUnavailable } from '../if-unavailable';
import {
  orderFromWire,
  productFromWire,
  quoteFromWire,
  type Checkout,
  type CustomsDeclaration,
  type Insurance,
  type Order,
  type OrderProduct,
  type OrderRecords,
  type Quote,
  type QuoteCredit,
  type ShippingOption,
} from './orders';

// Issue 44's additions to the quote, the products and the order (docs/api-contract.md, "A quote shoppers can trust").
// Each is sent only when the order has it: missing, null, empty or unreadable data is absent (undefined), and the
// quote is then today's. Only an order that has them loads these decoders (the order-detail store imports this module
// when `hasQuoteExtras` finds one of their keys), so the pages that read orders without them do not. Their shapes live
// in orders.ts beside the order that holds them, and orders.ts imports nothing from here: the views and stores that
// read them name them from this module.
export type { Checkout, CustomsDeclaration, Insurance, ShippingOption } from './orders';

/** The shopper's choices sent with a payment; each only when the quote offered it. */
export interface PaymentChoice {
  shippingOptionId?: string;
  insure?: boolean;
  /** The premium the shopper saw, sent with `insure: true`. */
  insurancePremium?: number;
  declarationConfirmed?: boolean;
  /** Spend the shopper's store credit on this payment (issue 56): sent only when the shopper ticked 'Use my credit'. */
  useCredit?: boolean;
}

/** The speeds still offered; an option without a readable id or price is dropped, and none at all is undefined. */
export function shippingOptionsFromWire(value: unknown): ShippingOption[] | undefined {
  const options: ShippingOption[] = [];
  for (const o of asRecords(value)) {
    const id = asText(o.id).trim();
    const price = asAmount(o.price);
    if (!id || price === null) continue;
    options.push({
      id,
      label: asText(o.label).trim() || id,
      price,
      minDays: asNullableInt(o.min_days),
      maxDays: asNullableInt(o.max_days),
    });
  }
  return options.length > 0 ? options : undefined;
}

/** The insurance offer; undefined without a readable premium. */
export function insuranceFromWire(value: unknown): Insurance | undefined {
  const i = asRecord(value);
  const premium = asAmount(i?.premium);
  if (!i || premium === null) return undefined;
  return {
    premium,
    ratePercent: asAmount(i.rate_percent),
    minimumPremium: asAmount(i.minimum_premium),
    insuredValue: asAmount(i.insured_value),
    covers: asText(i.covers).trim(),
  };
}

/** A product's customs declaration; undefined when absent or with nothing readable. */
export function declarationFromWire(value: unknown): CustomsDeclaration | undefined {
  const d = asRecord(value);
  if (!d) return undefined;
  const declaration = {
    description: asText(d.description).trim(),
    declaredValue: asNumber(d.declared_value, NaN),
    countryOfOrigin: asText(d.country_of_origin).trim().toUpperCase(),
  };
  const declaredValue = Number.isFinite(declaration.declaredValue) ? declaration.declaredValue : null;
  if (!declaration.description && declaredValue === null && !declaration.countryOfOrigin) return undefined;
  return { ...declaration, declaredValue };
}

/** A product's "if unavailable" rule; undefined without a rule. */
export function ifUnavailableFromWire(value: unknown): IfUnavailable | undefined {
  const u = asRecord(value);
  const rule = asWord(u?.rule, IF_UNAVAILABLE_RULES);
  return u && rule ? { rule, alternative: asText(u.alternative).trim() } : undefined;
}

/** The order's checkout; undefined without readable totals. */
export function checkoutFromWire(value: unknown): Checkout | undefined {
  const c = asRecord(value);
  const total = asAmount(c?.total);
  if (!c || total === null) return undefined;
  return {
    shippingOptionId: asText(c.shipping_option_id).trim(),
    shippingPrice: asNumber(c.shipping_price),
    insured: asBool(c.insured),
    insurancePremium: asAmount(c.insurance_premium),
    declarationConfirmedAt: asText(c.declaration_confirmed_at),
    subTotal: asNumber(c.sub_total),
    totalVat: asNumber(c.total_vat),
    total,
    ...creditPaid(c),
  };
}

// Issue 56: what store credit paid and what the card or PayFast charged, both only when credit was used.
function creditPaid(c: WireRecord): Pick<Checkout, 'creditUsed' | 'paidNow'> {
  const creditUsed = asAmount(c.credit_used);
  const paidNow = asAmount(c.paid_now);
  if (creditUsed === null || creditUsed <= 0) return {};
  return paidNow === null ? { creditUsed } : { creditUsed, paidNow };
}

/** The store credit on a quote (issue 56); undefined when absent, unreadable or not above R0. */
export function quoteCreditFromWire(value: unknown): QuoteCredit | undefined {
  const balance = asAmount(asRecord(value)?.balance);
  return balance !== null && balance > 0 ? { balance } : undefined;
}

/** A wire order with its checkout. */
export function orderWithExtras(o: WireRecord): Order {
  return { ...orderFromWire(o), checkout: checkoutFromWire(o.checkout) };
}

/** A wire product with its customs declaration and "if unavailable" rule. */
export function productWithExtras(p: WireRecord): OrderProduct {
  return { ...productFromWire(p), declaration: declarationFromWire(p.customs_declaration), ifUnavailable: ifUnavailableFromWire(p.if_unavailable) };
}

/** A wire quote (or cost summary) with its shipping speeds, insurance and the shopper's store credit; null stays null. */
export function quoteWithExtras(q: WireRecord | null): Quote | null {
  const quote = quoteFromWire(q);
  const credit = quoteCreditFromWire(q?.credit);
  return quote && { ...quote, shippingOptions: shippingOptionsFromWire(q?.shipping_options), insurance: insuranceFromWire(q?.insurance), ...(credit && { credit }) };
}

/** One order, its cost summary and its products read with all of the above. */
export function detailWithExtras({ order, quote, products }: OrderRecords): { order: Order; quote: Quote | null; products: OrderProduct[] } {
  return { order: orderWithExtras(order), quote: quoteWithExtras(quote), products: products.map(productWithExtras) };
}
