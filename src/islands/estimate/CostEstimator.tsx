import { useEffect, useRef, useState, type ReactNode } from 'react';
import { accountPath } from '../../lib/account-paths';
import { estimate, MINIMUM_ORDER_USD, parseAmount, SHOP_CURRENCIES, type ShippingBand, type ShopCurrency } from '../../lib/estimate';
import { formatRand } from '../../lib/format';
import { ISLAND_READY } from '../../lib/hydration/ready';
import './cost-estimator.css';

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

interface Line {
  key: number;
  price: string;
  quantity: string;
  category: string;
}

const decimal = new Intl.NumberFormat('en-ZA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A whole number of at least 1, or undefined. */
function parseQuantity(text: string): number | undefined {
  return /^\s*\d+\s*$/.test(text) && Number(text) >= 1 ? Number(text) : undefined;
}

/** A field's error paragraph, tied to its input by id. */
function FieldError({ id, message }: { id: string; message: string | undefined }): ReactNode {
  return message ? (
    <p className="field-error" id={id}>
      {message}
    </p>
  ) : null;
}

/** The cost estimator of /estimate/: item lines in one shop currency, category duty, weight-band shipping and the fee, totalled in rand. */
export function CostEstimator(props: { categories: DutyCategory[]; rates: PublishedRate[]; bands: ShippingBand[]; feeUsd: number }): ReactNode {
  const { categories, rates, bands, feeUsd } = props;
  const published = (currency: ShopCurrency): PublishedRate => rates.find((r) => r.currency === currency) ?? rates[0]!;
  const firstCategory = categories[0]?.id ?? '';
  const nextKey = useRef(1);
  const formRef = useRef<HTMLFormElement>(null);
  const [currency, setCurrency] = useState<ShopCurrency>('USD');
  const [rateText, setRateText] = useState(String(published('USD').rate));
  const [weightText, setWeightText] = useState('1');
  const [lines, setLines] = useState<Line[]>([{ key: 0, price: '', quantity: '1', category: firstCategory }]);

  // What was typed into the server-rendered fields before React arrived is kept, then the directive hears the form is live.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const value = (name: string): string | undefined => (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value;
    const typedCurrency = value('currency');
    if (typedCurrency && (SHOP_CURRENCIES as readonly string[]).includes(typedCurrency)) setCurrency(typedCurrency as ShopCurrency);
    setRateText((text) => value('rate') ?? text);
    setWeightText((text) => value('weight') ?? text);
    setLines(([line, ...rest]) => (line ? [{ ...line, price: value('price-0') ?? line.price, quantity: value('quantity-0') ?? line.quantity, category: value('category-0') ?? line.category }, ...rest] : []));
    form.dispatchEvent(new CustomEvent(ISLAND_READY, { bubbles: true }));
  }, []);

  const usd = published('USD');
  const shopRate = published(currency);
  const typedRate = parseAmount(rateText);
  const rateError = typedRate === undefined || typedRate === 0 ? `Enter a rate above 0. Until then the estimate uses the published rate, R${decimal.format(shopRate.rate)}.` : undefined;
  const rate = rateError ? shopRate.rate : (typedRate as number);
  const weight = parseAmount(weightText);
  const weightError = weight === undefined ? 'Enter the weight in kilograms, such as 1.5.' : undefined;
  const rateOf = (id: string): number => categories.find((c) => c.id === id)?.rate ?? 0;
  const items = lines.flatMap((line) => {
    const price = parseAmount(line.price);
    const quantity = parseQuantity(line.quantity);
    return price === undefined || quantity === undefined ? [] : [{ price, quantity, dutyPercent: rateOf(line.category) }];
  });
  const result = estimate({ currency, items, rate, usdRate: usd.rate, weightKg: weight ?? 0, bands, feeUsd });
  const heaviest = Math.max(...bands.map((b) => b.maxKg));
  const minimumRand = MINIMUM_ORDER_USD * (currency === 'USD' ? rate : usd.rate);

  const update = (key: number, change: Partial<Line>): void => setLines((all) => all.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const addLine = (): void => {
    const key = nextKey.current++;
    setLines((all) => [...all, { key, price: '', quantity: '1', category: lines.at(-1)?.category ?? firstCategory }]);
    // The new line's price field takes focus once it exists.
    requestAnimationFrame(() => document.getElementById(`estimate-price-${key}`)?.focus());
  };
  const removeLine = (index: number): void => {
    setLines((all) => all.filter((_, i) => i !== index));
    requestAnimationFrame(() => document.getElementById('estimate-add')?.focus());
  };

  return (
    <div className="estimator">
      <form ref={formRef} className="estimator__form" aria-labelledby="estimate-form-title" noValidate onSubmit={(event) => event.preventDefault()}>
        <h2 id="estimate-form-title">Your items</h2>
        <div className="form-row">
          <div className="field">
            <label htmlFor="estimate-currency">Shop currency</label>
            <select
              id="estimate-currency"
              name="currency"
              value={currency}
              onChange={(event) => {
                const next = event.target.value as ShopCurrency;
                setCurrency(next);
                setRateText(String(published(next).rate));
              }}
            >
              {rates.map((r) => (
                <option key={r.currency} value={r.currency}>
                  {`${r.name} (${r.currency})`}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="estimate-rate">{`Exchange rate (rand per 1 ${currency})`}</label>
            <p className="field-hint" id="estimate-rate-hint">
              {`Published rate R${decimal.format(shopRate.rate)}, as of ${shopRate.asOf}. Change it to your bank's rate if you like.`}
            </p>
            <input
              id="estimate-rate"
              name="rate"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={rateText}
              onChange={(event) => setRateText(event.target.value)}
              aria-invalid={rateError ? true : undefined}
              aria-describedby={rateError ? 'estimate-rate-hint estimate-rate-error' : 'estimate-rate-hint'}
            />
            <FieldError id="estimate-rate-error" message={rateError} />
          </div>
        </div>

        <ol className="estimator__lines">
          {lines.map((line, index) => {
            const priceError = parseAmount(line.price) === undefined ? 'Enter a price such as 49.99.' : undefined;
            const quantityError = parseQuantity(line.quantity) === undefined ? 'Enter a whole number of 1 or more.' : undefined;
            return (
              <li key={line.key}>
                <fieldset className="estimator__line">
                  <legend>{`Item ${index + 1}`}</legend>
                  <div className="field">
                    <label htmlFor={`estimate-price-${line.key}`}>{`Price (${currency})`}</label>
                    <input
                      id={`estimate-price-${line.key}`}
                      name={`price-${line.key}`}
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      value={line.price}
                      onChange={(event) => update(line.key, { price: event.target.value })}
                      aria-invalid={priceError ? true : undefined}
                      aria-describedby={priceError ? `estimate-price-${line.key}-error` : undefined}
                    />
                    <FieldError id={`estimate-price-${line.key}-error`} message={priceError} />
                  </div>
                  <div className="field">
                    <label htmlFor={`estimate-quantity-${line.key}`}>Quantity</label>
                    <input
                      id={`estimate-quantity-${line.key}`}
                      name={`quantity-${line.key}`}
                      type="number"
                      min={1}
                      step={1}
                      inputMode="numeric"
                      value={line.quantity}
                      onChange={(event) => update(line.key, { quantity: event.target.value })}
                      aria-invalid={quantityError ? true : undefined}
                      aria-describedby={quantityError ? `estimate-quantity-${line.key}-error` : undefined}
                    />
                    <FieldError id={`estimate-quantity-${line.key}-error`} message={quantityError} />
                  </div>
                  <div className="field">
                    <label htmlFor={`estimate-category-${line.key}`}>Category</label>
                    <select id={`estimate-category-${line.key}`} name={`category-${line.key}`} value={line.category} onChange={(event) => update(line.key, { category: event.target.value })}>
                      {categories.map((category) => (
                        <option key={category.id} value={category.id}>
                          {`${category.name}: ${category.rate} % duty`}
                        </option>
                      ))}
                    </select>
                  </div>
                  {lines.length > 1 ? (
                    <button type="button" className="button button--ghost estimator__remove" onClick={() => removeLine(index)}>
                      {`Remove item ${index + 1}`}
                    </button>
                  ) : null}
                </fieldset>
              </li>
            );
          })}
        </ol>
        <p>
          <button id="estimate-add" type="button" className="button button--ghost" onClick={addLine}>
            Add another item
          </button>
        </p>

        <div className="field estimator__weight">
          <label htmlFor="estimate-weight">Total weight of the parcel (kg)</label>
          <p className="field-hint" id="estimate-weight-hint">
            A guess is fine: shipping is charged by weight band (see the table below).
          </p>
          <input
            id="estimate-weight"
            name="weight"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={weightText}
            onChange={(event) => setWeightText(event.target.value)}
            aria-invalid={weightError ? true : undefined}
            aria-describedby={weightError ? 'estimate-weight-hint estimate-weight-error' : 'estimate-weight-hint'}
          />
          <FieldError id="estimate-weight-error" message={weightError} />
        </div>
      </form>

      <section className="estimator__result" aria-labelledby="estimate-result-title">
        <h2 id="estimate-result-title">Your estimate</h2>
        <table className="estimator__table">
          <tbody>
            <tr>
              <th scope="row">Customs value</th>
              <td>{formatRand(result.customsValue)}</td>
            </tr>
            <tr>
              <th scope="row">Customs duty</th>
              <td>{formatRand(result.duty)}</td>
            </tr>
            <tr>
              <th scope="row">VAT (15 %)</th>
              <td>{formatRand(result.vat)}</td>
            </tr>
            <tr>
              <th scope="row">Shipping</th>
              <td>{result.shipping === null ? `Over ${heaviest} kg: quoted separately` : formatRand(result.shipping)}</td>
            </tr>
            <tr>
              <th scope="row">Facilitation fee</th>
              <td>{formatRand(result.fee)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{result.shipping === null ? 'Estimated total, without shipping' : 'Estimated total'}</th>
              <td>{formatRand(result.total)}</td>
            </tr>
          </tfoot>
        </table>
        <p className="visually-hidden" role="status">
          {`Estimated total ${formatRand(result.total)}`}
        </p>
        {result.belowMinimum ? (
          <p className="estimator__notice">
            {`The minimum order value is $${MINIMUM_ORDER_USD} of products from one shop (about ${formatRand(minimumRand)}). These items come to about $${decimal.format(result.itemsUsd)}.`}
          </p>
        ) : null}
        <p className="estimator__disclaimer">
          This is an estimate, not a quote. The quote we e-mail within 24 hours of your order is what counts: it uses each product&rsquo;s exact
          tariff heading, the day&rsquo;s exchange rate and the parcel&rsquo;s real weight.
        </p>
        <p>
          <a className="button button--accent guest-only" href="/register/" data-modal="">
            Order these items
          </a>
          <a className="button button--accent user-only" href={accountPath('uploadOrders')}>
            Order these items
          </a>
        </p>
      </section>
    </div>
  );
}
