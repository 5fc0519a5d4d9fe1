import { api } from './client';

/** A saved card (SPEC section 3). */
export interface Card {
  id: number;
  userId: number;
  token: string;
  cardName: string;
  isPreferred?: boolean;
  isValid: boolean;
}

interface CardWire {
  id: number;
  user_id?: number;
  token?: string | null;
  card_name?: string | null;
  is_preferred?: boolean | null;
  is_valid?: boolean | null;
}

/** Where the browser goes to enter the card with the payment provider. */
export interface Tokenize {
  status: string;
  location: string;
}

/** Maps a wire card to the client's. */
export function cardFromWire(c: CardWire): Card {
  return {
    id: c.id,
    userId: c.user_id ?? 0,
    token: c.token ?? '',
    cardName: c.card_name ?? '',
    isPreferred: c.is_preferred ?? undefined,
    isValid: c.is_valid ?? false,
  };
}

/** Lists the shopper's saved cards. */
export async function listCards(): Promise<Card[]> {
  const res = await api<{ data: CardWire[] }>('/cards');
  return res.data.map(cardFromWire);
}

/** Starts adding a card; the answer says where the provider's card page is. */
export async function createCard(cardName: string, isPreferred = false): Promise<{ card: Card; tokenize: Tokenize }> {
  const res = await api<{ data: CardWire; tokenize: Tokenize }>('/cards', {
    method: 'POST',
    body: { card: { card_name: cardName, is_preferred: isPreferred } },
  });
  return { card: cardFromWire(res.data), tokenize: res.tokenize };
}

/** Renames a card or makes it the preferred one. */
export async function updateCard(id: number, changes: { cardName?: string; isPreferred?: boolean }): Promise<Card> {
  const res = await api<{ data: CardWire }>(`/cards/${id}`, {
    method: 'POST',
    body: { card: { card_name: changes.cardName, is_preferred: changes.isPreferred } },
  });
  return cardFromWire(res.data);
}

/** Deletes a saved card. */
export async function deleteCard(id: number): Promise<void> {
  await api(`/cards/${id}`, { method: 'DELETE' });
}

/** Pays an order's quote with a saved card. */
export async function payOrder(orderId: number, cardId: number): Promise<void> {
  await api(`/orders/${orderId}/create_card_payment`, { method: 'POST', body: { order: { card_id: cardId } } });
}

/** Tells the service a payment is under way (POST /payments, empty body). */
export async function startPayment(): Promise<void> {
  await api('/payments', { method: 'POST', body: {} });
}
