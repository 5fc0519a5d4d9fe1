import type { Delivery, PickupPoint } from '../../../lib/api/pickup';

// A pickup order's point as the order's page and the invoice show it (and, later, the quote): who runs it, where it
// is, when it is open, a locker's largest box, how collection works in the service's words, and whether it closed.

/** A pickup order's point in the shopper's words. */
export interface PickupPointView {
  /** 'Rosebank Mall Locker' (its code when the service sent no name). */
  name: string;
  /** 'PUDO locker', 'Pargo counter'. */
  kind: string;
  /** Street, suburb, city and postal code on one line. */
  address: string;
  /** 'Mon-Sun 06:00-22:00'; '' when the service sent no hours. */
  hours: string;
  /** A locker's largest box and the heaviest parcel ('L, parcels up to 10 kg'); '' for a counter or when unknown. */
  largestBox: string;
  /** How collection works, as the service says it ('We SMS you a PIN …'); '' when it sent none. */
  collection: string;
  /** '<name> has closed: …' for a point that closed after it was chosen; '' while it is open. */
  closed: string;
}

const PROVIDERS: Readonly<Record<string, string>> = { pudo: 'PUDO', pargo: 'Pargo' };

/** What a point is: 'PUDO locker', 'Pargo counter'. */
export function kindWords(point: Pick<PickupPoint, 'provider' | 'kind'>): string {
  const provider = PROVIDERS[point.provider] ?? point.provider;
  const kind = point.kind === 'locker' || point.kind === 'counter' ? point.kind : 'pickup point';
  return [provider, kind].filter(Boolean).join(' ');
}

/** The heaviest parcel a point takes: 'parcels up to 10 kg'; '' when unknown. */
export function weightWords(point: Pick<PickupPoint, 'maxWeightKg'>): string {
  return point.maxWeightKg === null ? '' : `parcels up to ${point.maxWeightKg.toLocaleString('en-ZA')} kg`;
}

function largestBoxWords(point: PickupPoint): string {
  if (point.kind !== 'locker' || !point.largestBox) return '';
  return [point.largestBox, weightWords(point)].filter(Boolean).join(', ');
}

/** What the page says of a point that closed after it was chosen: while the order is open the quote takes another point; once paid, the shopper asks us. */
export function closedWords(name: string, orderOpen: boolean): string {
  return orderOpen ? `${name} has closed: choose another pickup point on the quote` : `${name} has closed: contact us about where to collect your parcel`;
}

/** A pickup order's point as the page shows it; `orderOpen` (placed or processing) decides what a closed point asks of the shopper. */
export function pickupPointView(delivery: Delivery, orderOpen: boolean): PickupPointView {
  const point = delivery.pickupPoint;
  const name = point.name || point.code;
  return {
    name,
    kind: kindWords(point),
    address: [point.address, point.suburb, [point.city, point.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    hours: point.openingHours,
    largestBox: largestBoxWords(point),
    collection: delivery.collection,
    closed: point.status === 'closed' ? closedWords(name, orderOpen) : '',
  };
}
