import { estimate, formatUsd, MINIMUM_ORDER_USD, parseAmount, roundCents, SHOP_CURRENCIES, type ShippingBand, type ShopCurrency } from '../../lib/estimate';
import { formatRand } from '../../lib/format';

/** A duty category as the estimator offers it. */
export interface DutyCategory {
  id: string;
  name: string;
  rate: number;
}

/** A published exchange rate, its day already written out for people. */
export interface PublishedRate {
  currency: ShopCurrency;
  name: string;
  symbol: string;
  rate: number;
  asOf: string;
}

/** The published figures the page gives the estimator (src/content/estimate). */
export interface EstimatorData {
  categories: readonly DutyCategory[];
  rates: readonly PublishedRate[];
  bands: readonly ShippingBand[];
  feeUsd: number;
}

/** One item line as typed; `key` names its fields and stays with the line when another is removed. */
export interface EstimatorLine {
  key: number;
  price: string;
  quantity: string;
  category: string;
}

/** What the shopper has typed: one shop currency, the rate, the parcel's weight and the item lines. */
export interface EstimatorForm {
  currency: ShopCurrency;
  rateText: string;
  weightText: string;
  lines: readonly EstimatorLine[];
}

/** A change to one line's typed fields. */
export type LineChange = Partial<Omit<EstimatorLine, 'key'>>;

/** What the view shows of one item line. */
export interface EstimatorLineView {
  line: EstimatorLine;
  legend: string;
  priceLabel: string;
  priceError: string | undefined;
  quantityError: string | undefined;
  removeLabel: string | undefined;
}

/** Everything the estimator shows for a form: its labels and messages, and the estimate's lines written in rand. */
export interface EstimatorView {
  currencies: { value: ShopCurrency; label: string }[];
  categories: { value: string; label: string }[];
  rateLabel: string;
  rateHint: string;
  rateError: string | undefined;
  weightError: string | undefined;
  lines: EstimatorLineView[];
  customsValue: string;
  duty: string;
  vat: string;
  shipping: string;
  fee: string;
  totalLabel: string;
  total: string;
  status: string;
  minimumNotice: string | undefined;
}

/** The estimator's messages, one for each thing the shopper can get wrong. */
export const estimatorMessages = {
  rate: (published: string): string => `Enter a rate above 0. Until then the estimate uses the published rate, ${published}.`,
  price: 'Enter a price such as 49.99.',
  quantity: 'Enter a whole number of 1 or more.',
  weight: 'Enter the weight in kilograms, such as 1.5.',
};

const decimal = new Intl.NumberFormat('en-ZA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A published rate as the hint and the rate message write it: R and two decimals. */
const randRate = (rate: number): string => `R${decimal.format(rate)}`;

/** A whole number of at least 1, or undefined. */
export function parseQuantity(text: string): number | undefined {
  return /^\s*\d+\s*$/.test(text) && Number(text) >= 1 ? Number(text) : undefined;
}

/** The published rate of `currency`, or the first published rate when that currency has none. */
export function publishedRate(rates: readonly PublishedRate[], currency: ShopCurrency): PublishedRate {
  return rates.find((r) => r.currency === currency) ?? rates[0]!;
}

/** The rate the estimate uses: the typed one when it is a number above 0, else the published one (`typed` false: the rate field shows its message). */
export function chooseRate(typed: string, published: number): { rate: number; typed: boolean } {
  const rate = parseAmount(typed);
  return rate === undefined || rate === 0 ? { rate: published, typed: false } : { rate, typed: true };
}

/** The form as the page first shows it: US dollars at the published rate, a 1 kg parcel and one empty line of the first category. */
export function initialForm(data: EstimatorData): EstimatorForm {
  return {
    currency: 'USD',
    rateText: String(publishedRate(data.rates, 'USD').rate),
    weightText: '1',
    lines: [{ key: 0, price: '', quantity: '1', category: data.categories[0]?.id ?? '' }],
  };
}

/** The form with what was typed into the server-rendered fields before the island was live (`typed` reads a field by name); an unknown currency is ignored. */
export function withTyped(form: EstimatorForm, typed: (name: string) => string | undefined): EstimatorForm {
  const currency = typed('currency');
  const [first, ...rest] = form.lines;
  return {
    currency: currency && (SHOP_CURRENCIES as readonly string[]).includes(currency) ? (currency as ShopCurrency) : form.currency,
    rateText: typed('rate') ?? form.rateText,
    weightText: typed('weight') ?? form.weightText,
    lines: first
      ? [{ ...first, price: typed('price-0') ?? first.price, quantity: typed('quantity-0') ?? first.quantity, category: typed('category-0') ?? first.category }, ...rest]
      : [],
  };
}

/** The form in another shop currency, its rate reset to that currency's published one. */
export function withCurrency(form: EstimatorForm, currency: ShopCurrency, rates: readonly PublishedRate[]): EstimatorForm {
  return { ...form, currency, rateText: String(publishedRate(rates, currency).rate) };
}

/** The form with one line changed. */
export function withLineChange(form: EstimatorForm, key: number, change: LineChange): EstimatorForm {
  return { ...form, lines: form.lines.map((line) => (line.key === key ? { ...line, ...change } : line)) };
}

/** The form with a new empty line under key `key`, in the last line's category (the first category when there is none). */
export function withLineAdded(form: EstimatorForm, key: number, firstCategory: string): EstimatorForm {
  return { ...form, lines: [...form.lines, { key, price: '', quantity: '1', category: form.lines.at(-1)?.category ?? firstCategory }] };
}

/** The form without the line at `index`. */
export function withLineRemoved(form: EstimatorForm, index: number): EstimatorForm {
  return { ...form, lines: form.lines.filter((_, i) => i !== index) };
}

/** What the estimator shows for `form`: each field's message, the estimate in rand, and the minimum notice when the items come to less. */
export function estimatorView(form: EstimatorForm, data: EstimatorData): EstimatorView {
  const { currency } = form;
  const usd = publishedRate(data.rates, 'USD');
  const shopRate = publishedRate(data.rates, currency);
  const chosen = chooseRate(form.rateText, shopRate.rate);
  const weight = parseAmount(form.weightText);
  const dutyOf = (id: string): number => data.categories.find((c) => c.id === id)?.rate ?? 0;
  const items = form.lines.flatMap((line) => {
    const price = parseAmount(line.price);
    const quantity = parseQuantity(line.quantity);
    return price === undefined || quantity === undefined ? [] : [{ price, quantity, dutyPercent: dutyOf(line.category) }];
  });
  const result = estimate({ currency, items, rate: chosen.rate, usdRate: usd.rate, weightKg: weight ?? 0, bands: data.bands, feeUsd: data.feeUsd });
  const heaviest = Math.max(...data.bands.map((b) => b.maxKg));
  const minimumRand = roundCents(MINIMUM_ORDER_USD * (currency === 'USD' ? chosen.rate : usd.rate));
  const total = formatRand(result.total);
  return {
    currencies: data.rates.map((r) => ({ value: r.currency, label: `${r.name} (${r.currency})` })),
    categories: data.categories.map((c) => ({ value: c.id, label: `${c.name}: ${c.rate} % duty` })),
    rateLabel: `Exchange rate (rand per 1 ${currency})`,
    rateHint: `Published rate ${randRate(shopRate.rate)}, as of ${shopRate.asOf}. Change it to your bank's rate if you like.`,
    rateError: chosen.typed ? undefined : estimatorMessages.rate(randRate(shopRate.rate)),
    weightError: weight === undefined ? estimatorMessages.weight : undefined,
    lines: form.lines.map((line, index) => ({
      line,
      legend: `Item ${index + 1}`,
      priceLabel: `Price (${currency})`,
      priceError: parseAmount(line.price) === undefined ? estimatorMessages.price : undefined,
      quantityError: parseQuantity(line.quantity) === undefined ? estimatorMessages.quantity : undefined,
      removeLabel: form.lines.length > 1 ? `Remove item ${index + 1}` : undefined,
    })),
    customsValue: formatRand(result.customsValue),
    duty: formatRand(result.duty),
    vat: formatRand(result.vat),
    shipping: result.shipping === null ? `Over ${heaviest} kg: quoted separately` : formatRand(result.shipping),
    fee: formatRand(result.fee),
    totalLabel: result.shipping === null ? 'Estimated total, without shipping' : 'Estimated total',
    total,
    status: `Estimated total ${total}`,
    minimumNotice: result.belowMinimum
      ? `The minimum order value is ${formatUsd(MINIMUM_ORDER_USD)} of products from one shop (about ${formatRand(minimumRand)}). These items come to about $${decimal.format(result.itemsUsd)}.`
      : undefined,
  };
}
