import { lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Order } from '../../../lib/api/orders';
import { isApiError } from '../../../lib/api/errors';
import { config } from '../../../lib/config';
import { statusLabel } from '../../../lib/progress';
import { $now } from '../../../lib/stores/clock';
import { orderDetailStore, type OrderDetail } from '../../../lib/stores/order-detail';
import { $orders } from '../../../lib/stores/orders';
import { pathTo } from '../../../lib/stores/router';
import { ProgressBar } from '../../ui/ProgressBar';
import { NotFoundScreen } from '../NotFoundScreen';
import { BackLink } from '../shared/BackLink';
import { Loaded } from '../shared/Loaded';
import { OrderFacts } from '../shared/OrderFacts';
import { PickupPointCard } from '../shared/PickupPointCard';
import { RouteLink } from '../shared/RouteLink';
import type { RouteProps } from '../shared/lazy-screen';
import { Screen } from '../shared/Screen';
import {
  courierOf,
  deliveryOf,
  mayHaveReturns,
  paperOf,
  reachOf,
  returnsOf,
  timelineOf,
  type CourierView,
  type DeliveryView,
  type ReachView,
  type Timeline,
} from './order-page';
import './order.css';

// Only an order with photos fetches the section's code (and swiper comes later still, with a tap on a photo).
const WarehousePhotos = lazy<ComponentType<{ order: Order }>>(() =>
  import('../shared/WarehousePhotos').then(
    (m) => ({ default: m.WarehousePhotos }),
    () => ({ default: () => <p className="notice">Your warehouse photos could not be loaded. Check your connection and reload the page.</p> }),
  ),
);

const STATE_WORDS = { done: ' (done)', current: ' (now)', next: ' (not yet)' } as const;

function TimelineList({ timeline }: { timeline: Timeline }): ReactNode {
  const hasCurrent = timeline.rows.some((row) => row.state === 'current');
  return (
    <section className="order-timeline" aria-labelledby="order-timeline-title">
      <h3 id="order-timeline-title">Timeline</h3>
      <ol className="timeline">
        {timeline.rows.map((row) => (
          <li key={row.status} className={`timeline__step timeline__step--${row.state}`} aria-current={row.state === 'current' ? 'step' : undefined}>
            <span className="timeline__label">
              {row.label}
              <span className="visually-hidden">{STATE_WORDS[row.state]}</span>
            </span>
            {row.when ? (
              <time className="timeline__when" dateTime={row.at}>
                {row.when}
              </time>
            ) : null}
            {row.state === 'current' && timeline.next ? <p className="timeline__next">{timeline.next}</p> : null}
            {row.events.length > 0 ? (
              <ul className="timeline__events" aria-label={`What happened: ${row.label}`}>
                {row.events.map((event) => (
                  <li key={`${event.id}-${event.text}`}>
                    <span>{event.text}</span>
                    {event.when ? (
                      <time className="timeline__when" dateTime={event.at}>
                        {event.when}
                      </time>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      {!hasCurrent && timeline.next ? <p className="timeline__next">{timeline.next}</p> : null}
    </section>
  );
}

function Delivery({ view }: { view: DeliveryView }): ReactNode {
  return (
    <section className="order-delivery" aria-labelledby="order-delivery-title">
      <h3 id="order-delivery-title">Expected delivery</h3>
      <p className="order-delivery__when">{view.expected}</p>
      {view.reason ? <p>Why it moved: {view.reason}</p> : null}
      {view.previous ? <p className="notice">{view.previous}</p> : null}
    </section>
  );
}

function CourierFacts({ courier }: { courier: CourierView }): ReactNode {
  return (
    <section className="order-courier" aria-labelledby="order-courier-title">
      <h3 id="order-courier-title">Courier</h3>
      <dl className="facts">
        <div>
          <dt>Courier</dt>
          <dd>{courier.name || 'Not given'}</dd>
        </div>
        <div>
          <dt>Waybill</dt>
          <dd>{courier.waybill || 'Not given'}</dd>
        </div>
      </dl>
      {courier.href ? (
        <a className="button button--ghost button--small" href={courier.href} target="_blank" rel="noopener noreferrer">
          Track with {courier.name || 'the courier'}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
}

function Reach({ reach }: { reach: ReachView }): ReactNode {
  return (
    <section className="account-panel order-reach" aria-labelledby="order-reach-title">
      <h2 id="order-reach-title">How it reaches you</h2>
      {reach.shipsWith || reach.storage ? (
        <ul className="order-reach__warehouse">
          {reach.shipsWith ? <li>{reach.shipsWith}</li> : null}
          {reach.storage ? <li>{reach.storage}</li> : null}
        </ul>
      ) : null}
      {reach.storage && !reach.shipsWith ? <RouteLink href={pathTo('shipTogether')}>Ship it with your other orders</RouteLink> : null}
      {reach.point ? <PickupPointCard view={reach.point} /> : null}
    </section>
  );
}

function Paper({ order }: { order: Order }): ReactNode {
  const now = useStore($now);
  const paper = paperOf(order, now);
  if (paper.kind === 'none') return <p className="notice">{paper.text}</p>;
  return (
    <div className="order-paper">
      <RouteLink className={paper.kind === 'quote' ? 'button button--small' : 'button button--ghost button--small'} href={paper.href}>
        {paper.label}
      </RouteLink>
      {paper.kind === 'quote' && paper.payBy ? <p className="quote-clock">{paper.payBy}</p> : null}
    </div>
  );
}

function Returns({ orderId }: { orderId: number }): ReactNode {
  const { data } = useStore($orders);
  const rows = data ? returnsOf(data, orderId) : [];
  if (rows.length === 0) return null;
  return (
    <section className="account-panel" aria-labelledby="order-returns-title">
      <h2 id="order-returns-title">Returns</h2>
      <ul className="order-returns">
        {rows.map((row) => (
          <li key={row.id}>{row.text}</li>
        ))}
      </ul>
      <RouteLink href={pathTo('returns')}>See your returns</RouteLink>
    </section>
  );
}

function OrderPage({ detail: { order, quote } }: { detail: OrderDetail }): ReactNode {
  const now = useStore($now);
  const timeline = timelineOf(order);
  const delivery = deliveryOf(order, now);
  const courier = courierOf(order.tracking?.courier, config.courierHosts);
  const reach = reachOf(order);
  return (
    <>
      <section className="account-panel" aria-labelledby="order-progress-title">
        <h2 id="order-progress-title">Progress</h2>
        <ProgressBar status={order.status} steps={false} />
        <p className="order-status" aria-live="polite">
          Order status: <strong>{statusLabel(order.status)}</strong>
        </p>
        {delivery?.late ? (
          <p className="order-late" role="status">
            {delivery.late}
          </p>
        ) : null}
        {delivery ? <Delivery view={delivery} /> : null}
        {courier ? <CourierFacts courier={courier} /> : null}
        <TimelineList timeline={timeline} />
      </section>
      {reach ? <Reach reach={reach} /> : null}
      <section className="account-panel" aria-labelledby="order-details-title">
        <h2 id="order-details-title">Details</h2>
        <OrderFacts order={order} />
        <Paper order={{ ...order, quote: quote ?? order.quote }} />
        {order.warehousePhotos?.length ? (
          <Suspense fallback={null}>
            <WarehousePhotos order={order} />
          </Suspense>
        ) : null}
      </section>
      {mayHaveReturns(order) ? <Returns orderId={order.id} /> : null}
    </>
  );
}

/** One order's own page (/my-orders/:id/): where it is, what happens next and when it arrives, its courier, its timeline, its facts, quote or invoice, warehouse photos and returns; an order that is not the shopper's is not found. */
export function OrderScreen({ id }: RouteProps): ReactNode {
  const $detail = useMemo(() => orderDetailStore(id), [id]);
  const { data, error } = useStore($detail);
  // The service answers 404 for an order that is not the shopper's: the same page as an address that names no order.
  if (data === undefined && isApiError(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <Screen page="order" title={`Order ${id}`} before={<BackLink />}>
      <Loaded read={$detail} label="Loading your order…">
        {(detail) => <OrderPage detail={detail} />}
      </Loaded>
    </Screen>
  );
}
