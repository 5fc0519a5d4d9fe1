import type { Order } from '../../../lib/api/orders';
import type { Shipment, ShipmentCandidateGroup, ShipmentDestination } from '../../../lib/api/pickup';
import { isApiError } from '../../../lib/api/errors';
import { fieldErrors } from '../../../lib/field-errors';
import { formatRand, orderTitle } from '../../../lib/format';
import { numbersInWords, shipsWithText, storageText } from '../shared/order-shipping';

// What the ship-together page (/ship-together/) decides, apart from its view: each group's destination in words, its
// orders with their freight alone and free storage, what the picked orders cost alone and together before the
// shopper confirms, the confirmation's question, the shipment once made, and a refusal in the service's words.
//
// The freight together is the service's, for the whole group (`freight_together`). When the shopper picks some of a
// group's orders only, the page does not work that figure out itself: the real service prices the combined weight on
// its own rate card (the sandbox's "largest plus half of the rest" is the sandbox's rule only), so a figure computed
// here could differ from the one charged. The page then says the exact figure comes with the confirmation, and shows
// what the whole group would cost together.

/** What the page says when the service cannot combine orders (GET /shipments/candidates answers 404 or 405). */
export const NOT_AVAILABLE_TEXT = 'Shipping together is not available: each order flies to you on its own.';

/** What the page says when no two orders wait at the warehouse for the same place. */
export const NO_GROUPS_TEXT =
  'No orders can ship together right now. When two or more of your orders wait at our warehouse for the same address or pickup point, they show here.';

/** What the page says while fewer than two orders of a group are picked. */
export const PICK_TWO_TEXT = 'Choose at least two orders to ship together.';

/** An order of a group as the page lists it. */
export interface CandidateRow {
  id: number;
  /** 'Order 4 - Sephora' (the portal from the order read, when it has the order). */
  title: string;
  /** 'R60,00' */
  freightAlone: string;
  /** 'Storage free until 20 December'; '' when the service does not say. */
  storage: string;
}

/** A group of orders for one destination, as the page lists it. */
export interface GroupView {
  /** 'address:3', 'pickup:PUDO-JHB-0207': the group's key, and the id part of its elements. */
  key: string;
  /** 'Work: 3 Dock Road, V&A Waterfront, Cape Town, Western Cape, 8001', 'Rosebank Mall Locker'. */
  destination: string;
  rows: CandidateRow[];
}

/** A destination's key, the same for every read of the same place. */
export function groupKey(destination: ShipmentDestination): string {
  return destination.method === 'address' ? `address:${destination.addressId}` : `pickup:${destination.pickupPointCode}`;
}

/** A destination in words, from the shopper's orders: the address's name and line, or the point's name (its code when no order names it). */
export function destinationWords(destination: ShipmentDestination, orders: readonly Order[]): string {
  if (destination.method === 'pickup') {
    const point = orders.map((o) => o.delivery?.pickupPoint).find((p) => p?.code === destination.pickupPointCode);
    return point?.name || `Pickup point ${destination.pickupPointCode}`;
  }
  const address = orders.map((o) => o.address).find((a) => a?.id === destination.addressId);
  if (!address) return 'Your address';
  const line = [address.address, address.townCity, address.province, address.postalCode].filter(Boolean).join(', ');
  return address.name ? `${address.name}: ${line}` : line;
}

/** The groups as the page lists them, each order titled from the order read when it has it. */
export function groupViews(groups: readonly ShipmentCandidateGroup[], orders: readonly Order[]): GroupView[] {
  const byId = new Map(orders.map((o) => [o.id, o]));
  return groups.map((group) => ({
    key: groupKey(group.destination),
    destination: destinationWords(group.destination, orders),
    rows: group.orders.map((candidate) => {
      const order = byId.get(candidate.id);
      return {
        id: candidate.id,
        title: order ? orderTitle(order) : `Order ${candidate.id}`,
        freightAlone: formatRand(candidate.freightAlone),
        storage: storageText(candidate.storageFreeUntil),
      };
    }),
  }));
}

/** Every order of each group, picked: the page starts with whole groups, which the service prices together. */
export function initialPicks(groups: readonly ShipmentCandidateGroup[]): number[] {
  return groups.flatMap((group) => group.orders.map((o) => o.id));
}

/** The picks with an order picked or unpicked. */
export function togglePick(picks: readonly number[], id: number, picked: boolean): number[] {
  const others = picks.filter((p) => p !== id);
  return picked ? [...others, id] : others;
}

/** What the picked orders of a group cost alone and together, before the shopper confirms. */
export interface PickSummary {
  /** The picked orders still in the group, in the group's order. */
  ids: number[];
  /** The freight of the picked orders each alone, summed: 'R320,00'. */
  aloneTotal: string;
  /** The freight of the picked orders together ('R290,00'); '' when the service gave no figure for exactly these. */
  together: string;
  /** 'R30,00'; '' with no figure together. */
  saving: string;
  /** Why there is no figure together, or why the shopper cannot confirm yet; '' otherwise. */
  note: string;
  canConfirm: boolean;
  /** The confirmation's question. */
  question: string;
}

const cents = (rand: number): number => Math.round(rand * 100);

/** The summary of a group for the picked orders (picks of other groups are ignored). */
export function pickSummary(group: ShipmentCandidateGroup, picks: readonly number[], destination: string): PickSummary {
  const picked = group.orders.filter((o) => picks.includes(o.id));
  const ids = picked.map((o) => o.id);
  const aloneCents = picked.reduce((sum, o) => sum + cents(o.freightAlone), 0);
  const aloneTotal = formatRand(aloneCents / 100);
  if (picked.length < 2) return { ids, aloneTotal, together: '', saving: '', note: PICK_TWO_TEXT, canConfirm: false, question: '' };
  const orders = `orders ${numbersInWords(ids)}`;
  if (picked.length === group.orders.length) {
    const together = formatRand(group.freightTogether);
    return {
      ids,
      aloneTotal,
      together,
      saving: formatRand(group.saving),
      note: '',
      canConfirm: true,
      question: `Ship ${orders} together to ${destination}? They fly as one parcel for ${together} instead of ${aloneTotal}.`,
    };
  }
  const whole = `All ${group.orders.length} orders of this group ship together for ${formatRand(group.freightTogether)}, saving ${formatRand(group.saving)}.`;
  return {
    ids,
    aloneTotal,
    together: '',
    saving: '',
    note: `The freight of ${orders} together comes with the confirmation: we price the parcel they make. ${whole}`,
    canConfirm: true,
    question: `Ship ${orders} together to ${destination}? They fly as one parcel; the freight together comes with the confirmation.`,
  };
}

/** A shipment as the page confirms it: its orders, each with the others it ships with, and its one quote. */
export interface ShipmentView {
  /** 'Orders 4 and 14 ship together' */
  title: string;
  /** 'Order 4: Ships with Order 14', one per order. */
  orders: string[];
  aloneTotal: string;
  together: string;
  saving: string;
  subTotal: string;
  vat: string;
  total: string;
}

/** The shipment just made, in words. */
export function shipmentView(shipment: Shipment): ShipmentView {
  return {
    title: `Orders ${numbersInWords(shipment.orderIds)} ship together`,
    orders: shipment.orderIds.map(
      (id) => `Order ${id}: ${shipsWithText({ id: shipment.id, with: shipment.orderIds.filter((other) => other !== id) })}`,
    ),
    aloneTotal: formatRand(shipment.freightAloneTotal),
    together: formatRand(shipment.freightTogether),
    saving: formatRand(shipment.saving),
    subTotal: formatRand(shipment.quote.subTotal),
    vat: formatRand(shipment.quote.totalVat),
    total: formatRand(shipment.quote.total),
  };
}

/** Orders already shipping with others, as the page lists them: 'Order 4 - Sephora: Ships with Order 14'. */
export function shippingTogether(orders: readonly Order[]): { id: number; text: string }[] {
  return orders
    .filter((o) => o.shipment && o.shipment.with.length > 0)
    .sort((a, b) => a.id - b.id)
    .map((o) => ({ id: o.id, text: `${orderTitle(o)}: ${shipsWithText(o.shipment)}` }));
}

/** A refusal of the shipment in the service's words ('Order 9 has left the warehouse: …'); the failure's own message otherwise. */
export function refusalText(failure: unknown): string {
  const { orderIds, base } = fieldErrors(failure, { order_ids: 'orderIds', base: 'base' });
  if (orderIds ?? base) return (orderIds ?? base) as string;
  return isApiError(failure) || failure instanceof Error ? failure.message : String(failure);
}
