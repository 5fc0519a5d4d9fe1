import { useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useFormikContext } from 'formik';
import type { DeliveryMethod, OrderFormValues } from '../../../lib/schemas/order';
import { describedBy, useFieldError } from '../../ui/Field';
import { chosenPointWords, DELIVERY_WORDS, isBusy, withDelivery, withPoint, type PickupFinder, type PointRow } from './delivery-choice';
import './delivery-choice.css';

/** The id of the pickup point's error, read by the search field too. */
const POINT_ERROR_ID = 'order-pickup-error';

/** "How it reaches you": deliver to an address (`address`, today's select) or collect at a pickup point, with the point chosen or what is missing. */
export function DeliveryChoice({ method, address }: { method: DeliveryMethod; address: ReactNode }): ReactNode {
  const { values, setValues, submitCount } = useFormikContext<OrderFormValues>();
  const error = useFieldError('pickupPointCode');
  const choose = (next: DeliveryMethod) => void setValues((prev) => withDelivery(prev, next), submitCount > 0);
  const chosen = chosenPointWords(values);
  return (
    <>
      <div role="radiogroup" aria-labelledby="order-address-title" className="delivery-choice">
        {(['address', 'pickup'] as const).map((option) => (
          <label key={option} className="choice">
            <input type="radio" name="delivery" value={option} checked={method === option} onChange={() => choose(option)} />
            {DELIVERY_WORDS[option]}
          </label>
        ))}
      </div>
      {method === 'address' ? (
        address
      ) : (
        <div className="delivery-choice__point">
          <p id="order-pickup-chosen" className={chosen ? 'delivery-choice__chosen' : 'notice'}>
            {chosen || DELIVERY_WORDS.noPoint}
          </p>
          <p id={POINT_ERROR_ID} className="field-error field-error--slot">
            {error ?? ''}
          </p>
        </div>
      )}
    </>
  );
}

function PointItem({ row, index }: { row: PointRow; index: number }): ReactNode {
  const { values, setValues, setFieldTouched, submitCount } = useFormikContext<OrderFormValues>();
  const id = `pickup-point-${index}`;
  return (
    <li className={row.closed ? 'pickup-point pickup-point--closed' : 'pickup-point'}>
      <input
        type="radio"
        id={id}
        name="pickupPoint"
        value={row.code}
        checked={values.pickupPointCode === row.code}
        disabled={row.closed}
        aria-describedby={`${id}-details`}
        onChange={() => {
          void setFieldTouched('pickupPointCode', true, false);
          void setValues((prev) => withPoint(prev, row), submitCount > 0);
        }}
      />
      <label htmlFor={id} className="pickup-point__name">
        {row.name}
      </label>
      <p id={`${id}-details`} className="pickup-point__details">
        <span>{[row.kind, row.distance].filter(Boolean).join(', ')}</span>
        {row.closed ? <span className="pickup-point__closed">Closed: choose another pickup point</span> : null}
        <span>{row.address}</span>
        {row.hours ? <span>{row.hours}</span> : null}
        {row.box ? <span>{row.box}</span> : null}
      </p>
    </li>
  );
}

/** The pickup point search: a suburb, town or postal code, or Near me (the browser's location, asked only on press), and the points as radios, nearest first. */
export function PickupSearch({ finder }: { finder: PickupFinder }): ReactNode {
  const state = useStore(finder.$state);
  const error = useFieldError('pickupPointCode');
  const [query, setQuery] = useState('');
  const busy = isBusy(state);
  const message = state.kind === 'idle' || state.kind === 'results' ? '' : state.message;
  const problem = ['empty', 'offline', 'failed', 'location-refused'].includes(state.kind);
  return (
    <section className="order-form__section pickup-search" aria-labelledby="pickup-search-title">
      <h2 id="pickup-search-title">Find a pickup point</h2>
      <form
        role="search"
        aria-labelledby="pickup-search-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void finder.search(query);
        }}
      >
        <div className="field">
          <label htmlFor="pickup-query">{DELIVERY_WORDS.searchLabel}</label>
          <div className="pickup-search__row">
            <input
              id="pickup-query"
              name="pickupQuery"
              type="text"
              autoComplete="off"
              value={query}
              aria-describedby={describedBy('pickup-search-status', error && 'order-pickup-error')}
              onChange={(event) => setQuery(event.target.value)}
            />
            <button type="submit" className="button" aria-busy={state.kind === 'searching' || undefined}>
              {DELIVERY_WORDS.search}
            </button>
          </div>
        </div>
        <div className="pickup-search__near">
          <button type="button" className="button button--ghost" aria-describedby="pickup-near-me-hint" aria-busy={state.kind === 'locating' || undefined} onClick={() => void finder.nearMe()}>
            {DELIVERY_WORDS.nearMe}
          </button>
          <p id="pickup-near-me-hint" className="field-hint">
            {DELIVERY_WORDS.nearMeHint}
          </p>
        </div>
      </form>
      <p id="pickup-search-status" role="status" className={problem ? 'field-error' : busy ? 'notice' : 'pickup-search__status'}>
        {message}
      </p>
      {state.kind === 'results' ? (
        <fieldset className="pickup-points">
          <legend>{state.heading}</legend>
          <ul className="pickup-points__list">
            {state.rows.map((row, index) => (
              <PointItem key={row.code} row={row} index={index} />
            ))}
          </ul>
        </fieldset>
      ) : null}
    </section>
  );
}
