import { isApiError } from '../api/errors';
import type { OrderProduct, Quote } from '../api/orders';
import type { Insurance, PaymentChoice, ShippingOption } from '../api/quote-extras';
import { formatRand } from '../format';
import { QUOTE_EXPIRED } from '../quote-clock';
import { isDeclared, type CostExtras, type Totals } from './checkout';

// Issue 44 on the quote page: the shipping speed, the insurance and the customs declaration the shopper chooses and
// confirms, the total that follows, what must be done before paying and what the service's refusals say. A quote with
// none of this has no choice, no gate and today's payment body.

/** The shopper's choices on the quote: a shipping speed (undefined: the cheapest until they choose one), insure, the declaration confirmed. */
export interface QuoteChoice {
  shippingId?: string;
  insure: boolean;
  confirmed: boolean;
  /** 'Use my credit' ticked (issue 56): min(balance, total) comes off what is paid now. */
  useCredit?: boolean;
}

/** What the quote page asks before it takes a payment, in the service's own words. */
export const choiceMessages = {
  chooseSpeed: 'Choose a shipping speed',
  confirmDeclaration: 'Confirm the customs declaration before paying',
} as const;

/** What the quote page says of store credit when the service's words are not a sentence (issue 56). */
export const creditMessages = {
  changed: 'Your store credit changed since this quote was loaded: check what is left to pay',
} as const;

/** The quote part of a detail that the choice reads. */
type Offer = {
  quote: Pick<Quote, 'subTotal' | 'totalVat' | 'total' | 'shippingOptions' | 'insurance' | 'credit'> | null;
  products: Pick<OrderProduct, 'declaration'>[];
};

const cents = (rand: number): number => Math.round(rand * 100);

/** The totals with a shipping price and a premium on top of the quote's sub-total (docs/api-contract.md): VAT is 15 % of the new sub-total, rounded to the cent. */
export function totalsWith(subTotal: number, shippingPrice: number, premium: number): Totals {
  const sub = cents(subTotal) + cents(shippingPrice) + cents(premium);
  const vat = Math.round((sub * 15) / 100);
  return { subTotal: sub / 100, totalVat: vat / 100, total: (sub + vat) / 100 };
}

/** The speed chosen: the shopper's while it is still offered (none once withdrawn), the cheapest before they choose. */
export function chosenOption(
  options: readonly ShippingOption[] | undefined,
  shippingId: string | undefined,
): ShippingOption | undefined {
  if (!options?.length) return undefined;
  if (shippingId === undefined) return options.reduce((cheapest, o) => (o.price < cheapest.price ? o : cheapest));
  return options.find((o) => o.id === shippingId);
}

/** What store credit pays of a total (issue 56): min(balance, total) to the cent, and the rest to pay now. */
export interface CreditSplit {
  used: number;
  toPay: number;
}

/** Splits `total` between the credit `balance` and what is left to pay, in cents (no rounding drift: used + toPay is the total). */
export function creditSplit(total: number, balance: number): CreditSplit {
  const due = cents(total);
  const used = Math.min(Math.max(cents(balance), 0), due);
  return { used: used / 100, toPay: (due - used) / 100 };
}

/** The credit this choice spends on the quote's total with the choices; undefined unless the quote carries credit and 'Use my credit' is ticked. */
export function creditUse({ quote }: { quote: Pick<Quote, 'credit'> | null }, choice: QuoteChoice, total: number): CreditSplit | undefined {
  return choice.useCredit && quote?.credit ? creditSplit(total, quote.credit.balance) : undefined;
}

/**
 * The cost lines of the quote with this choice: shipping and insurance with the totals that follow, then (issue 56)
 * 'Store credit' taken off the total and 'To pay now' when the shopper uses their credit; undefined when the quote
 * offers none of them (today's summary).
 */
export function quoteCostExtras(offer: Pick<Offer, 'quote'>, choice: QuoteChoice): CostExtras | undefined {
  const { quote } = offer;
  if (!quote) return undefined;
  const chosen = speedAndInsurance(quote, choice);
  const totals = chosen?.totals ?? { subTotal: quote.subTotal, totalVat: quote.totalVat, total: quote.total };
  const credit = creditUse(offer, choice, totals.total);
  if (!credit) return chosen;
  return {
    rows: chosen?.rows ?? [],
    totals,
    after: [
      ['Store credit', -credit.used],
      ['To pay now', credit.toPay],
    ],
  };
}

// The shipping and insurance lines with the totals they make; undefined when the quote offers neither.
function speedAndInsurance(quote: NonNullable<Offer['quote']>, choice: QuoteChoice): CostExtras | undefined {
  if (!quote.shippingOptions && !quote.insurance) return undefined;
  const option = chosenOption(quote.shippingOptions, choice.shippingId);
  const premium = choice.insure && quote.insurance ? quote.insurance.premium : 0;
  const rows: [string, number][] = [];
  if (option) rows.push([`Shipping (${option.label})`, option.price]);
  if (choice.insure && quote.insurance) rows.push(['Insurance', premium]);
  return { rows, totals: totalsWith(quote.subTotal, option?.price ?? 0, premium) };
}

/** What must be done before paying: choose a speed (the one chosen was withdrawn) or confirm the declaration; undefined when nothing is. */
export function choiceGate({ quote, products }: Offer, choice: QuoteChoice): string | undefined {
  if (quote?.shippingOptions && !chosenOption(quote.shippingOptions, choice.shippingId)) return choiceMessages.chooseSpeed;
  if (quote && isDeclared(products) && !choice.confirmed) return choiceMessages.confirmDeclaration;
  return undefined;
}

/** The choices a payment sends: each only when the quote offered it, so a quote without any sends today's body. */
export function paymentChoice({ quote, products }: Offer, choice: QuoteChoice): PaymentChoice {
  const sent: PaymentChoice = {};
  const option = chosenOption(quote?.shippingOptions, choice.shippingId);
  if (option) sent.shippingOptionId = option.id;
  if (quote?.insurance) {
    sent.insure = choice.insure;
    if (choice.insure) sent.insurancePremium = quote.insurance.premium;
  }
  if (quote && isDeclared(products)) sent.declarationConfirmed = choice.confirmed;
  if (choice.useCredit && quote?.credit) sent.useCredit = true;
  return sent;
}

// The fields a payment's choices are refused under, with what to say when the service's words are not a sentence.
const REFUSALS: [string, string][] = [
  ['shipping_option_id', 'That shipping speed is not offered any more: choose another shipping speed'],
  ['insurance_premium', 'The insurance premium changed: check the new total'],
  ['insure', 'Insurance is not offered for this order: pay without it'],
  ['declaration_confirmed', choiceMessages.confirmDeclaration],
  // The service keeps the 48 hours too (issue 53): a page whose clock is behind hears it from the service.
  ['quote', QUOTE_EXPIRED],
  // Issue 56: another tab spent the credit (or added to it) since the quote was read.
  ['use_credit', creditMessages.changed],
];

/** The service refused a payment's choices, its expired quote or its store credit (422 under one of their fields): what to tell the shopper; undefined for any other failure. */
export function choiceRefusal(error: unknown): string | undefined {
  if (!isApiError(error) || error.status !== 422 || !error.errors) return undefined;
  for (const [field, fallback] of REFUSALS) {
    const said: unknown = error.errors[field];
    if (said === undefined) continue;
    const first: unknown = Array.isArray(said) ? said[0] : said;
    return typeof first === 'string' && /^[A-Z]/.test(first) ? first : fallback;
  }
  return undefined;
}

/** What the quote page says when the service refuses the order's pickup point at payment (issue 57: it closed, or the parcel is too heavy for it) and its words are not a sentence. */
export const POINT_REFUSED = 'That pickup point cannot take this parcel: choose another pickup point';

/** The service refused a payment because of the order's pickup point (422 under pickup_point_code): what to tell the shopper, in its words; undefined for any other failure. */
export function pickupRefusal(error: unknown): string | undefined {
  if (!isApiError(error) || error.status !== 422 || !error.errors) return undefined;
  const said: unknown = error.errors.pickup_point_code;
  if (said === undefined) return undefined;
  const first: unknown = Array.isArray(said) ? said[0] : said;
  return typeof first === 'string' && /^[A-Z]/.test(first) ? first : POINT_REFUSED;
}

/** A declaration that looks wrong (a value of zero, none, or above the product's price): what to tell the shopper before they confirm it. */
export function declarationProblem(product: Pick<OrderProduct, 'costPrice' | 'declaration'>): string | undefined {
  const value = product.declaration?.declaredValue;
  if (value === undefined) return undefined;
  const ask = 'Query the order to have it corrected before you confirm.';
  if (value === null || value <= 0) return `This declaration looks wrong: it declares no value. ${ask}`;
  if (product.costPrice > 0 && value > product.costPrice) {
    return `This declaration looks wrong: it declares more than the product's price of ${formatRand(product.costPrice)}. ${ask}`;
  }
  return undefined;
}

/** A speed's delivery window in working days, e.g. '3 to 5 working days'; '' when the service gives none. */
export function deliveryWindow({ minDays, maxDays }: Pick<ShippingOption, 'minDays' | 'maxDays'>): string {
  if (minDays !== null && maxDays !== null)
    return minDays === maxDays ? `${minDays} working days` : `${minDays} to ${maxDays} working days`;
  if (maxDays !== null) return `up to ${maxDays} working days`;
  return minDays !== null ? `${minDays} or more working days` : '';
}

/** A speed's price as the quote shows it: before VAT, or no extra charge. */
export function optionPrice({ price }: Pick<ShippingOption, 'price'>): string {
  return price > 0 ? `${formatRand(price)} before VAT` : 'No extra charge';
}

/** What the insurance costs and covers, e.g. 'R50,00 before VAT: 2 % of the insured value of R2 050,00, at least R50,00. What it covers: …'. */
export function insuranceTerms({ premium, ratePercent, minimumPremium, insuredValue, covers }: Insurance): string {
  let rule = '';
  if (ratePercent !== null) {
    rule = `: ${ratePercent} % of the insured value${insuredValue !== null ? ` of ${formatRand(insuredValue)}` : ''}`;
    if (minimumPremium) rule += `, at least ${formatRand(minimumPremium)}`;
  }
  return `${formatRand(premium)} before VAT${rule}.${covers ? ` What it covers: ${covers}.` : ''}`;
}
