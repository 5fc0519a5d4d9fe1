import type { OrderShipment } from '../../../lib/api/pickup';
import { formatDay } from '../../../lib/format';

// What an order at the warehouse says of its shipping (issue 57): the orders it ships with and until when its storage
// is free. The order's page, the history's rows and the ship-together page say it in the same words.

/** A list of order numbers in words: '14', '9 and 14', '4, 9 and 14'. */
export function numbersInWords(ids: readonly number[]): string {
  const words = ids.map(String);
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

/** 'Ships with Order 14', 'Ships with Orders 9 and 14'; '' when the order ships alone. */
export function shipsWithText(shipment: OrderShipment | undefined): string {
  if (!shipment || shipment.with.length === 0) return '';
  return `Ships with ${shipment.with.length === 1 ? 'Order' : 'Orders'} ${numbersInWords(shipment.with)}`;
}

/** 'Storage free until 20 December'; '' when the order is not at the warehouse or the service does not say. */
export function storageText(storageFreeUntil: string | undefined): string {
  const day = formatDay(storageFreeUntil);
  return day ? `Storage free until ${day}` : '';
}
