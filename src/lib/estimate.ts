/** The currencies a shop may price in; one currency per estimate. */
export const SHOP_CURRENCIES = ['USD', 'GBP', 'EUR'] as const;

/** A shop currency code. */
export type ShopCurrency = (typeof SHOP_CURRENCIES)[number];

/** SPEC section 9: the minimum order value, in US dollars, of the products from one shop. */
export const MINIMUM_ORDER_USD = 100;

/** A US dollar amount as the rules write it: '$100' for whole dollars, '$12,50' with cents. */
export function formatUsd(amount: number): string {
  // Built on use, not at load: the account screens import this module for the minimum alone.
  return `$${Number.isInteger(amount) ? amount : new Intl.NumberFormat('en-ZA', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;
}

/** South African VAT rate on imports. */
export const VAT_RATE = 0.15;

/** SARS uplift for goods from outside the customs union: VAT is charged on customs value + 10 % of it + duty. */
const ATV_UPLIFT = 0.1;

/** One item line: its price in the shop's currency, how many, and its category's duty rate in percent. */
export interface EstimateItem {
  price: number;
  quantity: number;
  dutyPercent: number;
}

/** A shipping band: parcels up to `maxKg` cost `price` rand. */
export interface ShippingBand {
  maxKg: number;
  price: number;
}

/** Everything an estimate needs; rates are rand per one unit of the currency. */
export interface EstimateInput {
  currency: ShopCurrency;
  items: readonly EstimateItem[];
  /** Rand per unit of `currency`. */
  rate: number;
  /** Rand per US dollar, for the fee and the minimum; ignored when `currency` is USD (then `rate` is used). */
  usdRate: number;
  weightKg: number;
  bands: readonly ShippingBand[];
  feeUsd: number;
}

/** The estimate's lines in rand (cents exact); `shipping` is null for a parcel heavier than every band. */
export interface Estimate {
  customsValue: number;
  duty: number;
  vat: number;
  shipping: number | null;
  fee: number;
  total: number;
  /** The items' value in US dollars, compared with the minimum order value. */
  itemsUsd: number;
  belowMinimum: boolean;
}

// Rounds half up; going through 12 significant digits first absorbs binary noise (1.005 * 100 is 100.49999…).
const whole = (value: number): number => Math.round(Number(value.toPrecision(12)));

/** Whole cents of a non-negative rand amount, rounding half up. */
export function toCents(amount: number): number {
  return whole(amount * 100);
}

/** A rand amount rounded to the cent. */
export function roundCents(amount: number): number {
  return toCents(amount) / 100;
}

/** A typed amount ('49.99', '49,99', ' 1 299.50 ') as a number; 0 for empty text, undefined when it is not a non-negative number. */
export function parseAmount(text: string): number | undefined {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (cleaned === '') return 0;
  if (!/^\d*\.?\d*$/.test(cleaned) || cleaned === '.') return undefined;
  return Number(cleaned);
}

/** The cheapest band that carries `weightKg`, or undefined when the parcel is heavier than every band. */
export function shippingBandFor<B extends ShippingBand>(weightKg: number, bands: readonly B[]): B | undefined {
  return [...bands].sort((a, b) => a.maxKg - b.maxKg).find((band) => weightKg <= band.maxKg);
}

/**
 * Estimates one shop order in rand. Each line's customs value is its price × quantity × rate, and its
 * duty that value × its category's rate, both rounded to the cent; VAT is 15 % of (customs value +
 * 10 % of customs value + duty); the fee is converted at the US dollar rate.
 */
export function estimate(input: EstimateInput): Estimate {
  const usdRate = input.currency === 'USD' ? input.rate : input.usdRate;
  let customsCents = 0;
  let dutyCents = 0;
  let foreignTotal = 0;
  for (const item of input.items) {
    const lineCents = toCents(item.price * item.quantity * input.rate);
    customsCents += lineCents;
    dutyCents += whole((lineCents * item.dutyPercent) / 100);
    foreignTotal += item.price * item.quantity;
  }
  const vatCents = whole((customsCents * (1 + ATV_UPLIFT) + dutyCents) * VAT_RATE);
  const band = shippingBandFor(input.weightKg, input.bands);
  const shippingCents = band ? toCents(band.price) : null;
  const feeCents = toCents(input.feeUsd * usdRate);
  const totalCents = customsCents + dutyCents + vatCents + (shippingCents ?? 0) + feeCents;
  const itemsUsd = input.currency === 'USD' ? roundCents(foreignTotal) : usdRate > 0 ? roundCents(customsCents / 100 / usdRate) : 0;
  return {
    customsValue: customsCents / 100,
    duty: dutyCents / 100,
    vat: vatCents / 100,
    shipping: shippingCents === null ? null : shippingCents / 100,
    fee: feeCents / 100,
    total: totalCents / 100,
    itemsUsd,
    belowMinimum: itemsUsd < MINIMUM_ORDER_USD,
  };
}
