import type { Order, Quote } from '../../../lib/api/orders';
import { accountMessages } from '../../../lib/account-messages';
import { formatDate, formatRand } from '../../../lib/format';
import { statusLabel } from '../../../lib/progress';
import { QUOTE_EXPIRED, quoteClock } from '../../../lib/quote-clock';
import { shipsWithText } from '../shared/order-shipping';

/** The status groups the history filters by; 'all' shows every order. */
export type StatusGroup = 'all' | 'waiting' | 'on-the-way' | 'delivered';

/**
 * The filter's choices in the order shown, with their labels. No 'Cancelled': no order status says cancelled (SPEC
 * section 4; Cancel Order on the quote page only goes back), so a group that is always empty is left out.
 */
export const STATUS_GROUPS: readonly { id: StatusGroup; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'waiting', label: 'Waiting for me' },
  { id: 'on-the-way', label: 'On the way' },
  { id: 'delivered', label: 'Delivered' },
];

const GROUP_OF: Partial<Record<string, Exclude<StatusGroup, 'all'>>> = {
  placed: 'waiting',
  processing: 'waiting',
  paid: 'on-the-way',
  'goods purchased': 'on-the-way',
  'in transit': 'on-the-way',
  'arrived in sa': 'on-the-way',
  delivered: 'delivered',
};

/** The group of a status; undefined for one that belongs to none but 'all' (returning, returned, or one not known). */
export function groupOf(status: string): Exclude<StatusGroup, 'all'> | undefined {
  return GROUP_OF[status.trim().toLowerCase()];
}

/** What the history shows: the search text and the status group (both kept in the address's query). */
export interface HistoryQuery {
  q: string;
  show: StatusGroup;
}

/** The history's query read from the address (?q=…&show=…); anything unknown reads as no search and 'all'. */
export function readHistoryQuery(search: Readonly<Record<string, string | undefined>>): HistoryQuery {
  const show = STATUS_GROUPS.find((group) => group.id === search.show)?.id ?? 'all';
  return { q: (search.q ?? '').slice(0, 100), show };
}

/** The address's query for a history query: only what differs from the plain list, so the plain list's address has none. */
export function historySearch({ q, show }: HistoryQuery): Record<string, string> {
  const search: Record<string, string> = {};
  if (q.trim() !== '') search.q = q;
  if (show !== 'all') search.show = show;
  return search;
}

/** True when an order matches the search: its number starts with the digits typed ('12', '#12', 'order 12'), or its shop's name contains the words typed. */
export function matchesSearch(order: Pick<Order, 'id' | 'portalName'>, q: string): boolean {
  const text = q.trim().toLowerCase();
  if (text === '') return true;
  const number = /^(?:order\s*)?#?\s*(\d+)$/.exec(text)?.[1];
  if (number !== undefined) return String(order.id).startsWith(number);
  return order.portalName.toLowerCase().includes(text);
}

/** The history as the screen lays it out: its two lists (SPEC: pending, then every other normal order but returns) after the search and the filter, and the count of each group after the search. */
export interface HistoryView {
  pending: Order[];
  past: Order[];
  counts: Record<StatusGroup, number>;
  /** The orders in the history at all, before the search and the filter. */
  total: number;
  /** The orders shown. */
  shown: number;
  /** Which of the two lists the filter leaves on screen. */
  showPending: boolean;
  showPast: boolean;
}

/** Lays out the history: one pass over the lists for the counts, one for the orders shown (cheap for 1,000 orders). */
export function historyView(pendingOrders: readonly Order[], pastOrders: readonly Order[], { q, show }: HistoryQuery): HistoryView {
  const counts: Record<StatusGroup, number> = { all: 0, waiting: 0, 'on-the-way': 0, delivered: 0 };
  const pick = (orders: readonly Order[]): Order[] =>
    orders.filter((order) => {
      if (!matchesSearch(order, q)) return false;
      const group = groupOf(order.status);
      counts.all += 1;
      if (group) counts[group] += 1;
      return show === 'all' || group === show;
    });
  const pending = pick(pendingOrders);
  const past = pick(pastOrders);
  return {
    pending,
    past,
    counts,
    total: pendingOrders.length + pastOrders.length,
    shown: pending.length + past.length,
    showPending: show === 'all' || show === 'waiting',
    showPast: show !== 'waiting',
  };
}

/** The label of a filter choice with its count: 'Waiting for me (3)'. */
export function groupLabel(group: { label: string }, count: number): string {
  return `${group.label} (${count})`;
}

/** What a search that matches nothing says. */
export function noMatchMessage(q: string): string {
  return q.trim() === '' ? 'No orders here yet.' : `No orders match “${q.trim()}”.`;
}

/** What a placed order without a quote shows where the total goes. */
export const AWAITING_QUOTE = 'Awaiting quote';

/** The row's action: the Quote of a processing order, the Invoice of an order past payment, or the note of a placed one (SPEC section 4). */
export type RowAction =
  | { kind: 'quote'; id: number; label: string }
  | { kind: 'invoice'; id: number; label: string }
  | { kind: 'note'; text: string };

/** One compact row of the history: number, shop, status chip, date, total, and its action. */
export interface HistoryRow {
  id: number;
  title: string;
  shop: string;
  status: string;
  /** The chip's tone: the group, or 'other' (returns, unknown statuses). */
  tone: Exclude<StatusGroup, 'all'> | 'other';
  date: string;
  total: string;
  action: RowAction;
  /** 'Ships with Order 14' (issue 57); '' when it ships alone. */
  shipsWith: string;
}

/** The row of an order: 'Awaiting quote' instead of R0 while an open order has no total yet. */
export function historyRow(order: Order): HistoryRow {
  const amount = order.totalCharged ?? order.quote?.total;
  const open = order.status === 'placed' || order.status === 'processing';
  let action: RowAction;
  if (order.status === 'placed') action = { kind: 'note', text: accountMessages.orderPlaced };
  else if (order.status === 'processing') action = { kind: 'quote', id: order.id, label: `Quote for order ${order.id}` };
  else action = { kind: 'invoice', id: order.id, label: `Invoice for order ${order.id}` };
  return {
    id: order.id,
    title: `Order ${order.id}`,
    shop: order.portalName,
    status: statusLabel(order.status),
    tone: groupOf(order.status) ?? 'other',
    date: formatDate(order.createdDate),
    total: open && !amount ? AWAITING_QUOTE : formatRand(amount),
    action,
    shipsWith: shipsWithText(order.shipment),
  };
}

/** The date to pay a quote by (its 48 hours): 'Pay by …', or that it has expired; undefined when the quote carries no time. */
export function payBy(quote: Pick<Quote, 'quotedAt'> | null, now: number): { text: string; expired: boolean } | undefined {
  const clock = quote ? quoteClock(quote.quotedAt, now) : undefined;
  if (!clock) return undefined;
  return clock.expired ? { text: QUOTE_EXPIRED, expired: true } : { text: `Pay by ${clock.validUntil}`, expired: false };
}

/** Where the shopper left the list, kept in the history entry's state when a row's link is followed, so Back returns there. */
export interface ListPlace {
  /** The page's scroll position. */
  y: number;
  /** The order whose link was followed: its link takes the focus again. */
  id: number;
}

/** The key of the place in the history entry's state. */
export const PLACE_KEY = 'orderHistoryPlace';

/** The entry's state with the place added (other keys kept). */
export function withPlace(state: unknown, place: ListPlace): Record<string, unknown> {
  const base = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  return { ...base, [PLACE_KEY]: place };
}

/** The place kept in an entry's state; undefined when there is none or it is not one (the state is the browser's, anything may be there). */
export function placeIn(state: unknown): ListPlace | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const place = (state as Record<string, unknown>)[PLACE_KEY];
  if (!place || typeof place !== 'object') return undefined;
  const { y, id } = place as Record<string, unknown>;
  if (typeof y !== 'number' || !Number.isFinite(y) || y < 0 || typeof id !== 'number' || !Number.isInteger(id)) return undefined;
  return { y, id };
}
