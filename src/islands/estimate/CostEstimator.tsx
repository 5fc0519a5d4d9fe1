import { useEffect, useRef, useState, type ReactNode } from 'react';
import { accountPath } from '../../lib/account-paths';
import type { ShopCurrency } from '../../lib/estimate';
import { ISLAND_READY } from '../../lib/hydration/ready';
import { estimatorView, initialForm, withCurrency, withLineAdded, withLineChange, withLineRemoved, withTyped, type EstimatorData, type LineChange } from './cost-estimator';
import './cost-estimator.css';

// The page names the published figures' shapes from here, beside the island it gives them to.
export type { DutyCategory, PublishedRate } from './cost-estimator';

/** A field's error paragraph, tied to its input by id. */
function FieldError({ id, message }: { id: string; message: string | undefined }): ReactNode {
  return message ? (
    <p className="field-error" id={id}>
      {message}
    </p>
  ) : null;
}

/** The cost estimator of /estimate/: item lines in one shop currency, category duty, weight-band shipping and the fee, totalled in rand. */
export function CostEstimator(data: EstimatorData): ReactNode {
  const nextKey = useRef(1);
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState(() => initialForm(data));

  // What was typed into the server-rendered fields before React arrived is kept, then the directive hears the form is live.
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const typed = (name: string): string | undefined => (element.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value;
    setForm((current) => withTyped(current, typed));
    element.dispatchEvent(new CustomEvent(ISLAND_READY, { bubbles: true }));
  }, []);

  const view = estimatorView(form, data);
  const addLine = (): void => {
    const key = nextKey.current++;
    setForm((current) => withLineAdded(current, key, data.categories[0]?.id ?? ''));
    // The new line's price field takes focus once it exists.
    requestAnimationFrame(() => document.getElementById(`estimate-price-${key}`)?.focus());
  };
  const removeLine = (index: number): void => {
    setForm((current) => withLineRemoved(current, index));
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
              value={form.currency}
              onChange={(event) => {
                const next = event.target.value as ShopCurrency;
                setForm((current) => withCurrency(current, next, data.rates));
              }}
            >
              {view.currencies.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="estimate-rate">{view.rateLabel}</label>
            <p className="field-hint" id="estimate-rate-hint">
              {view.rateHint}
            </p>
            <input
              id="estimate-rate"
              name="rate"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={form.rateText}
              onChange={(event) => {
                const rateText = event.target.value;
                setForm((current) => ({ ...current, rateText }));
              }}
              aria-invalid={view.rateError ? true : undefined}
              aria-describedby={view.rateError ? 'estimate-rate-hint estimate-rate-error' : 'estimate-rate-hint'}
            />
            <FieldError id="estimate-rate-error" message={view.rateError} />
          </div>
        </div>

        <ol className="estimator__lines">
          {view.lines.map(({ line, legend, priceLabel, priceError, quantityError, removeLabel }, index) => {
            const update = (change: LineChange): void => setForm((current) => withLineChange(current, line.key, change));
            return (
              <li key={line.key}>
                <fieldset className="estimator__line">
                  <legend>{legend}</legend>
                  <div className="field">
                    <label htmlFor={`estimate-price-${line.key}`}>{priceLabel}</label>
                    <input
                      id={`estimate-price-${line.key}`}
                      name={`price-${line.key}`}
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      value={line.price}
                      onChange={(event) => update({ price: event.target.value })}
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
                      onChange={(event) => update({ quantity: event.target.value })}
                      aria-invalid={quantityError ? true : undefined}
                      aria-describedby={quantityError ? `estimate-quantity-${line.key}-error` : undefined}
                    />
                    <FieldError id={`estimate-quantity-${line.key}-error`} message={quantityError} />
                  </div>
                  <div className="field">
                    <label htmlFor={`estimate-category-${line.key}`}>Category</label>
                    <select id={`estimate-category-${line.key}`} name={`category-${line.key}`} value={line.category} onChange={(event) => update({ category: event.target.value })}>
                      {view.categories.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </div>
                  {removeLabel ? (
                    <button type="button" className="button button--ghost estimator__remove" onClick={() => removeLine(index)}>
                      {removeLabel}
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
            value={form.weightText}
            onChange={(event) => {
              const weightText = event.target.value;
              setForm((current) => ({ ...current, weightText }));
            }}
            aria-invalid={view.weightError ? true : undefined}
            aria-describedby={view.weightError ? 'estimate-weight-hint estimate-weight-error' : 'estimate-weight-hint'}
          />
          <FieldError id="estimate-weight-error" message={view.weightError} />
        </div>
      </form>

      <section className="estimator__result" aria-labelledby="estimate-result-title">
        <h2 id="estimate-result-title">Your estimate</h2>
        <table className="estimator__table">
          <tbody>
            <tr>
              <th scope="row">Customs value</th>
              <td>{view.customsValue}</td>
            </tr>
            <tr>
              <th scope="row">Customs duty</th>
              <td>{view.duty}</td>
            </tr>
            <tr>
              <th scope="row">VAT (15 %)</th>
              <td>{view.vat}</td>
            </tr>
            <tr>
              <th scope="row">Shipping</th>
              <td>{view.shipping}</td>
            </tr>
            <tr>
              <th scope="row">Facilitation fee</th>
              <td>{view.fee}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{view.totalLabel}</th>
              <td>{view.total}</td>
            </tr>
          </tfoot>
        </table>
        <p className="visually-hidden" role="status">
          {view.status}
        </p>
        {view.minimumNotice ? <p className="estimator__notice">{view.minimumNotice}</p> : null}
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
