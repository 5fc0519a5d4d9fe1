import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { accountMessages } from '../../../lib/account-messages';
import type { Order } from '../../../lib/api/orders';
import { $orders, $pastOrders, $pendingOrders } from '../../../lib/stores/orders';
import { $router, pathTo } from '../../../lib/stores/router';
import { Spinner } from '../../ui/Spinner';
import type { RouteProps } from '../shared/lazy-screen';
import { Loaded } from '../shared/Loaded';
import { LoadError } from '../shared/LoadError';
import { Screen } from '../shared/Screen';
import { OrderList } from './OrderList';
import {
  STATUS_GROUPS,
  groupLabel,
  historySearch,
  historyView,
  noMatchMessage,
  placeIn,
  readHistoryQuery,
  withPlace,
  type HistoryQuery,
} from './order-history';
import './order-history.css';

// The address follows the search a moment after typing stops: one history entry rewritten per pause, not per key
// (Safari refuses more than 100 rewrites in 30 s).
const URL_DELAY_MS = 300;

function addressOf(query: HistoryQuery): string {
  return pathTo('orderHistory', {}, historySearch(query));
}

/** Rewrites the address to the query's, unless it says that already (`written`: what it says). */
function writeAddress(written: { current: string }, query: HistoryQuery): void {
  const address = addressOf(query);
  if (address === written.current) return;
  written.current = address;
  $router.open(address, true);
}

/** The search and the filter, kept in the address's query (?q=…&show=…): Back from an order's page finds them there. */
function useHistoryQuery(search: Record<string, string>): [HistoryQuery, (next: HistoryQuery) => void, () => void] {
  const [query, setQuery] = useState(() => readHistoryQuery(search));
  const [written] = useState(() => ({ current: addressOf(query) }));
  const fromAddress = addressOf(readHistoryQuery(search));
  // A move from elsewhere (the menu's Order History link while here) brings its own query.
  if (fromAddress !== written.current) {
    written.current = fromAddress;
    setQuery(readHistoryQuery(search));
  }
  useEffect(() => {
    const timer = setTimeout(() => writeAddress(written, query), URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [written, query]);
  return [query, setQuery, () => writeAddress(written, query)];
}

/** Back from a row's link: the page returns to where the list was, and the link followed takes the focus again. */
function useReturnToPlace(ready: boolean): void {
  useEffect(() => {
    const place = ready ? placeIn(window.history.state) : undefined;
    if (!place) return undefined;
    let frame = 0;
    let tries = 0;
    // From the second frame: the account frame scrolls to the top and focuses the heading in the first after a move.
    // Then again while the page is not yet tall enough to reach the place (a few frames at most).
    const restore = () => {
      tries += 1;
      if (tries >= 2) window.scrollTo({ top: place.y });
      if (tries < 2 || (Math.abs(window.scrollY - place.y) > 1 && tries < 30)) {
        frame = requestAnimationFrame(restore);
        return;
      }
      document.querySelector<HTMLElement>(`#order-${place.id}-title a`)?.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(restore);
    return () => cancelAnimationFrame(frame);
  }, [ready]);
}

interface HistoryProps {
  pending: Order[];
  past: Order[];
  query: HistoryQuery;
  onQuery: (next: HistoryQuery) => void;
  onLeave: () => void;
}

function OrderHistory({ pending, past, query, onQuery, onLeave }: HistoryProps): ReactNode {
  const view = useMemo(() => historyView(pending, past, query), [pending, past, query]);
  if (view.total === 0) return <p className="empty-text">{accountMessages.noOrders}</p>;

  const remember = (event: MouseEvent<HTMLDivElement>) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLElement>('a[data-order-id]') : null;
    if (!link) return;
    onLeave();
    window.history.replaceState(withPlace(window.history.state, { y: window.scrollY, id: Number(link.dataset.orderId) }), '');
  };

  return (
    <>
      <div className="history-tools">
        <div className="field history-search">
          <label htmlFor="history-q">Search by order number or shop</label>
          <input
            id="history-q"
            type="search"
            value={query.q}
            autoComplete="off"
            onChange={(event) => onQuery({ ...query, q: event.target.value })}
          />
        </div>
        <fieldset className="history-filter">
          <legend>Show</legend>
          {STATUS_GROUPS.map((group) => (
            <label key={group.id} className="history-filter__choice">
              <input
                type="radio"
                name="history-show"
                value={group.id}
                checked={query.show === group.id}
                onChange={() => onQuery({ ...query, show: group.id })}
              />
              {groupLabel(group, view.counts[group.id])}
            </label>
          ))}
        </fieldset>
      </div>
      {/* A screen reader hears how many orders the search and the filter leave. */}
      <p className="history-shown" role="status">
        {view.shown === view.total ? '' : `Showing ${view.shown} of ${view.total} orders`}
      </p>
      {view.shown === 0 ? (
        <div className="history-none">
          <p>{noMatchMessage(query.q)}</p>
          <button type="button" className="button button--ghost button--small" onClick={() => onQuery({ q: '', show: 'all' })}>
            Clear search
          </button>
        </div>
      ) : (
        <div onClickCapture={remember}>
          {view.showPending && (
            <section className="account-section" aria-labelledby="pending-title">
              <h2 id="pending-title">
                Pending <span className="count">({view.pending.length})</span>
              </h2>
              <OrderList orders={view.pending} empty="No pending orders" />
            </section>
          )}
          {view.showPast && (
            <section className="account-section" aria-labelledby="history-title">
              <h2 id="history-title">
                Order History <span className="count">({view.past.length})</span>
              </h2>
              <OrderList orders={view.past} empty="No orders in your history yet" />
            </section>
          )}
        </div>
      )}
    </>
  );
}

/** Order history: compact rows, pending orders (placed, processing) then every other order, with a search and a status filter. */
export function OrderHistoryScreen({ search }: RouteProps): ReactNode {
  const { data, loading, error } = useStore($orders);
  // Subscribed with the screen, not once the list is in: a new listener of an every-mount read asks it again.
  const pending = useStore($pendingOrders);
  const past = useStore($pastOrders);
  const [query, setQuery, flush] = useHistoryQuery(search);
  useReturnToPlace(data !== undefined);
  return (
    <Screen page="orderHistory">
      {data && loading && <Spinner label="Updating your orders…" />}
      {data && error && <LoadError error={error} onRetry={$orders.revalidate} />}
      <Loaded read={$orders} label="Loading your orders…">
        {() => <OrderHistory pending={pending} past={past} query={query} onQuery={setQuery} onLeave={() => flush()} />}
      </Loaded>
    </Screen>
  );
}
