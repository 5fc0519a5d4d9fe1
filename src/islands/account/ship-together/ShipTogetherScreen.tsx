import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Order } from '../../../lib/api/orders';
import type { ShipmentCandidateGroup } from '../../../lib/api/pickup';
import { $orders } from '../../../lib/stores/orders';
import { pathTo } from '../../../lib/stores/router';
import { $createShipment, $shipmentCandidates } from '../../../lib/stores/shipments';
import { Loaded } from '../shared/Loaded';
import { RouteLink } from '../shared/RouteLink';
import { Screen } from '../shared/Screen';
import {
  groupViews,
  initialPicks,
  NO_GROUPS_TEXT,
  NOT_AVAILABLE_TEXT,
  pickSummary,
  refusalText,
  shipmentView,
  shippingTogether,
  togglePick,
  type GroupView,
} from './ship-together';
import './ship-together.css';

const idOf = (key: string): string => `ship-${key.replace(/[^a-z0-9-]/gi, '-')}`;

interface GroupProps {
  group: ShipmentCandidateGroup;
  view: GroupView;
  picks: number[];
  onPick: (id: number, picked: boolean) => void;
}

function Group({ group, view, picks, onPick }: GroupProps): ReactNode {
  const { loading } = useStore($createShipment);
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const summary = pickSummary(group, picks, view.destination);
  const id = idOf(view.key);

  // The question takes the focus with its safe answer, so a second press of Enter confirms nothing.
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);

  const confirm = async (): Promise<void> => {
    await $createShipment.mutate(summary.ids);
    setConfirming(false);
  };

  return (
    <section className="account-panel ship-group" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>To {view.destination}</h2>
      <fieldset className="ship-group__orders">
        <legend>Orders to ship together</legend>
        <ul>
          {view.rows.map((row) => (
            <li key={row.id} className="ship-order">
              <input
                type="checkbox"
                id={`${id}-order-${row.id}`}
                checked={picks.includes(row.id)}
                aria-describedby={`${id}-order-${row.id}-facts`}
                onChange={(event) => {
                  setConfirming(false);
                  onPick(row.id, event.target.checked);
                }}
              />
              <div>
                <label htmlFor={`${id}-order-${row.id}`}>{row.title}</label>
                <p id={`${id}-order-${row.id}-facts`} className="ship-order__facts">
                  <span>Freight alone: {row.freightAlone}</span>
                  {row.storage ? <span>{row.storage}</span> : null}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="ship-group__sum" aria-live="polite">
        <dl className="facts">
          <div>
            <dt>Freight each alone</dt>
            <dd>{summary.aloneTotal}</dd>
          </div>
          {summary.together ? (
            <>
              <div>
                <dt>Freight together</dt>
                <dd>{summary.together}</dd>
              </div>
              <div>
                <dt>You save</dt>
                <dd>{summary.saving}</dd>
              </div>
            </>
          ) : null}
        </dl>
        {summary.note ? <p className="notice">{summary.note}</p> : null}
      </div>
      {confirming ? (
        <div className="ship-group__confirm" role="group" aria-labelledby={`${id}-question`}>
          <p id={`${id}-question`}>{summary.question}</p>
          <div className="button-row">
            <button type="button" className="button button--small" disabled={loading} onClick={() => void confirm()}>
              Yes, ship together
            </button>
            <button type="button" className="button button--ghost button--small" ref={keep} onClick={() => setConfirming(false)}>
              Not now
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          <button type="button" className="button button--small" disabled={!summary.canConfirm} onClick={() => setConfirming(true)}>
            Confirm
          </button>
        </div>
      )}
    </section>
  );
}

function Outcome(): ReactNode {
  const { error, data } = useStore($createShipment);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (data) heading.current?.focus();
  }, [data]);
  if (error) {
    return (
      <p className="field-error ship-refusal" role="alert">
        {refusalText(error)}
      </p>
    );
  }
  if (!data) return null;
  const view = shipmentView(data);
  return (
    <section className="account-panel ship-done" aria-labelledby="ship-done-title">
      <h2 id="ship-done-title" tabIndex={-1} ref={heading}>
        {view.title}
      </h2>
      <ul className="ship-done__orders">
        {view.orders.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <dl className="facts">
        <div>
          <dt>Freight each alone</dt>
          <dd>{view.aloneTotal}</dd>
        </div>
        <div>
          <dt>Freight together</dt>
          <dd>{view.together}</dd>
        </div>
        <div>
          <dt>You save</dt>
          <dd>{view.saving}</dd>
        </div>
      </dl>
      <h3>Quote for the combined freight</h3>
      <dl className="facts">
        <div>
          <dt>Sub-total</dt>
          <dd>{view.subTotal}</dd>
        </div>
        <div>
          <dt>VAT</dt>
          <dd>{view.vat}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{view.total}</dd>
        </div>
      </dl>
    </section>
  );
}

function ShipTogether({ groups, orders }: { groups: ShipmentCandidateGroup[]; orders: Order[] }): ReactNode {
  // Every order starts picked; picks are kept while the list is read again (after a refusal), and an order that left
  // its group no longer counts.
  const [picks, setPicks] = useState(() => initialPicks(groups));
  const views = groupViews(groups, orders);
  const together = shippingTogether(orders);
  return (
    <>
      <Outcome />
      {groups.length === 0 ? <p className="notice">{NO_GROUPS_TEXT}</p> : null}
      {groups.map((group, index) => {
        const view = views[index];
        return view ? (
          <Group key={view.key} group={group} view={view} picks={picks} onPick={(id, picked) => setPicks((now) => togglePick(now, id, picked))} />
        ) : null;
      })}
      {together.length > 0 ? (
        <section className="account-panel" aria-labelledby="ship-already-title">
          <h2 id="ship-already-title">Already shipping together</h2>
          <ul className="ship-done__orders">
            {together.map((row) => (
              <li key={row.id}>
                <RouteLink href={pathTo('order', { id: String(row.id) })}>{row.text}</RouteLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** Ship together: the shopper's orders waiting at the warehouse grouped by destination, each with its freight alone and free storage; the picked orders' freight alone and together and the saving before a confirmed shipment, then the shipment's one quote; a refusal in the service's words; a service without it says so. */
export function ShipTogetherScreen(): ReactNode {
  // A shipment made or refused on an earlier visit is not this visit's news.
  useEffect(() => () => $createShipment.set({ loading: false }), []);
  return (
    <Screen page="shipTogether">
      <Loaded read={$shipmentCandidates} label="Loading your orders at the warehouse…">
        {(groups) =>
          groups === null ? (
            <p className="notice">{NOT_AVAILABLE_TEXT}</p>
          ) : (
            // The orders name each destination and order: the page waits for them, so no heading rewraps when they arrive.
            <Loaded read={$orders} label="Loading your orders at the warehouse…">
              {(orders) => <ShipTogether groups={groups} orders={orders} />}
            </Loaded>
          )
        }
      </Loaded>
    </Screen>
  );
}
