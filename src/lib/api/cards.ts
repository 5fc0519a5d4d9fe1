import { api } from './client';
import { asBool, asInt, asRecord, asText, isRecord, readList, readOne, unreadable, type WireRecord } from './decode';

/** A saved card (SPEC section 3). */
export interface Card {
  id: number;
  userId: number;
  token: string;
  cardName: string;
  isPreferred?: boolean;
  isValid: boolean;
}

/** Where the browser goes to enter the card with the payment provider. */
export interface Tokenize {
  status: string;
  location: string;
}

/** Maps a wire card to the client's. */
export function cardFromWire(c: WireRecord): Card {
  return {
    id: asInt(c.id),
    userId: asInt(c.user_id),
    token: asText(c.token),
    cardName: asText(c.card_name),
    isPreferred: c.is_preferred === null || c.is_preferred === undefined ? undefined : asBool(c.is_preferred),
    isValid: asBool(c.is_valid),
  };
}

/** Lists the shopper's saved cards. */
export async function listCards(): Promise<Card[]> {
  return readList(await api<unknown>('/cards'), 'cards').items.map(cardFromWire);
}

/** Starts adding a card; the answer says where the provider's card page is (tokenize beside the card or inside it). */
export async function createCard(cardName: string, isPreferred = false): Promise<{ card: Card; tokenize: Tokenize }> {
  const body = await api<unknown>('/cards', {
    method: 'POST',
    body: { card: { card_name: cardName, is_preferred: isPreferred } },
  });
  const card = readOne(body, 'card');
  const tokenize = asRecord(isRecord(body) ? body.tokenize : undefined) ?? asRecord(card.tokenize);
  if (!tokenize) throw unreadable('tokenize');
  return { card: cardFromWire(card), tokenize: { status: asText(tokenize.status), location: asText(tokenize.location) } };
}

/** Changes a saved card's name or makes it the preferred one (POST /cards/{id}); the service unsets the others. */
export async function updateCard(id: number, changes: { cardName?: string; isPreferred?: boolean }): Promise<Card> {
  const card: WireRecord = {};
  if (changes.cardName !== undefined) card.card_name = changes.cardName;
  if (changes.isPreferred !== undefined) card.is_preferred = changes.isPreferred;
  return cardFromWire(readOne(await api<unknown>(`/cards/${id}`, { method: 'POST', body: { card } }), 'card'));
}

/** Removes a saved card for good (DELETE /cards/{id}: the API offers no restore). */
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
