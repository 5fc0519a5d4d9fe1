import { useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { DeliveryMethod } from '../../../lib/schemas/order';
import { describedBy } from '../../ui/Field';
import { DELIVERY_WORDS, isBusy, type PickupFinder, type PointRow } from './delivery-choice';
import './delivery-choice.css';

/** "How it reaches you" as a radio group labelled by `labelledBy`: deliver to one of my addresses, or collect at a pickup point (the order form and the quote). */
export function DeliveryRadios({ method, labelledBy, onChoose }: { method: DeliveryMethod; labelledBy: string; onChoose: (method: DeliveryMethod) => void }): ReactNode {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="delivery-choice">
      {(['address', 'pickup'] as const).map((option) => (
        <label key={option} className="choice">
          <input type="radio" name="delivery" value={option} checked={method === option} onChange={() => onChoose(option)} />
          {DELIVERY_WORDS[option]}
        </label>
      ))}
    </div>
  );
}

/** Props of the pickup point search. */
export interface PickupSearchProps {
  finder: PickupFinder;
  /** The code of the point chosen in the list; '' for none. */
  chosen: string;
  onChoose: (row: PointRow) => void;
  /** The id of the chosen point's error where one shows (the search field is described by it too). */
  errorId?: string;
  /** What follows the list (the quote's button that takes the point). */
  children?: ReactNode;
}

function PointItem({ row, index, chosen, onChoose }: { row: PointRow; index: number } & Pick<PickupSearchProps, 'chosen' | 'onChoose'>): ReactNode {
  const id = `pickup-point-${index}`;
  return (
    <li className={row.closed ? 'pickup-point pickup-point--closed' : 'pickup-point'}>
      <input
        type="radio"
        id={id}
        name="pickupPoint"
        value={row.code}
        checked={chosen === row.code}
        disabled={row.closed}
        aria-describedby={`${id}-details`}
        onChange={() => onChoose(row)}
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
export function PickupSearch({ finder, chosen, onChoose, errorId, children }: PickupSearchProps): ReactNode {
  const state = useStore(finder.$state);
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
              aria-describedby={describedBy('pickup-search-status', errorId)}
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
              <PointItem key={row.code} row={row} index={index} chosen={chosen} onChoose={onChoose} />
            ))}
          </ul>
          {children}
        </fieldset>
      ) : null}
    </section>
  );
}
