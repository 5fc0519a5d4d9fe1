import type { Address } from './api/addresses';
import type { Card } from './api/cards';
import type { Order } from './api/orders';
import type { User } from './api/users';

/** A saved card as the export shows it: its name and status, never the provider's token. */
export interface ExportedCard {
  cardName: string;
  isPreferred: boolean;
  isValid: boolean;
}

/** Everything the service holds about the shopper, as they may take it away (POPIA section 23). */
export interface PersonalData {
  /** When it was read, as an ISO date-time. */
  readAt: string;
  profile: Omit<User, 'id'>;
  addresses: Address[];
  cards: ExportedCard[];
  /** Orders with their products and quotes. */
  orders: Order[];
  /** Returns, which the API keeps as orders of type return. */
  returns: Order[];
}

/** What the API answered, read at one moment. */
export interface PersonalDataParts {
  user: User;
  addresses: Address[];
  cards: Card[];
  orders: Order[];
}

/** The shopper's data from the API's answers: the cards' tokens and ids left out, returns apart from orders. */
export function personalData({ user, addresses, cards, orders }: PersonalDataParts, now = new Date()): PersonalData {
  const { id: _id, ...profile } = user;
  return {
    readAt: now.toISOString(),
    profile,
    addresses,
    cards: cards.map((card) => ({ cardName: card.cardName, isPreferred: card.isPreferred === true, isValid: card.isValid })),
    orders: orders.filter((order) => order.orderType !== 'return'),
    returns: orders.filter((order) => order.orderType === 'return'),
  };
}

/** The name of the saved file, e.g. my-data-2026-11-25.json. */
export function exportFileName(data: Pick<PersonalData, 'readAt'>): string {
  return `my-data-${data.readAt.slice(0, 10)}.json`;
}
