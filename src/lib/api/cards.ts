import { api, apiWithHeaders } from './client';
import { asBool, asInt, asRecord, asText, isRecord, readList, readOne, unreadable, type WireRecord } from './decode';
import type { PaymentChoice } from './quote-extras';

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

/** Where the browser comes back to from the provider's page, when the payment went through or was cancelled. */
export interface PaymentReturn {
  returnUrl: string;
  cancelUrl: string;
}

function locationIn(record: WireRecord | undefined): string | undefined {
  if (!record) return undefined;
  const found = [record.location, record.redirect_url, asRecord(record.tokenize)?.location].find(
    (v) => typeof v === 'string' && v.trim() !== '',
  );
  return found as string | undefined;
}

/**
 * The provider page a card payment's answer sends the shopper to, wherever the service puts it: `location`,
 * `redirect_url` or `tokenize.location`, at the top, under `data` or under `payment`, else an exposed `Location`
 * header; undefined when there is none (the payment needs no page of the provider's).
 */
export function paymentLocation(body: unknown, locationHeader: string | null = null): string | undefined {
  const top = asRecord(body);
  const data = asRecord(top?.data);
  const places = [top, data, asRecord(top?.payment), asRecord(data?.payment)];
  for (const place of places) {
    const found = locationIn(place);
    if (found) return found;
  }
  return locationHeader?.trim() || undefined;
}

// The payment body's extra fields for the shopper's choices of the quote (none for an empty choice: today's body).
function choiceToWire(choice: PaymentChoice = {}): WireRecord {
  const wire: WireRecord = {};
  if (choice.shippingOptionId !== undefined) wire.shipping_option_id = choice.shippingOptionId;
  if (choice.insure !== undefined) wire.insure = choice.insure;
  if (choice.insure && choice.insurancePremium !== undefined) wire.insurance_premium = choice.insurancePremium;
  if (choice.declarationConfirmed !== undefined) wire.declaration_confirmed = choice.declarationConfirmed;
  if (choice.useCredit) wire.use_credit = true;
  return wire;
}

async function askToPay(path: string, order: WireRecord, back: PaymentReturn): Promise<{ location: string | undefined }> {
  const { body, headers } = await apiWithHeaders<unknown>(path, {
    method: 'POST',
    body: { order: { ...order, return_url: back.returnUrl, cancel_url: back.cancelUrl } },
  });
  return { location: paymentLocation(body, headers.get('Location')) };
}

/** Pays an order's quote with a saved card, with the shopper's choices of the quote (issue 44); resolves with the provider page to go to, if the service names one. */
export function payOrder(
  orderId: number,
  cardId: number,
  back: PaymentReturn,
  choice?: PaymentChoice,
): Promise<{ location: string | undefined }> {
  return askToPay(`/orders/${orderId}/create_card_payment`, { card_id: cardId, ...choiceToWire(choice) }, back);
}

/** Pays an order's quote on PayFast's own page (Instant EFT, SnapScan and more; no saved card), with the shopper's choices of the quote: POST /orders/{id}/create_hosted_payment, which names that page. */
export function payOnProviderPage(
  orderId: number,
  back: PaymentReturn,
  choice?: PaymentChoice,
): Promise<{ location: string | undefined }> {
  return askToPay(`/orders/${orderId}/create_hosted_payment`, choiceToWire(choice), back);
}

/** Pays an order's quote with store credit alone (issue 56: POST /orders/{id}/pay_with_credit, with the shopper's choices), when the credit covers the whole total; a 422 under `use_credit` says it no longer does and nothing was paid. */
export async function payWithCredit(orderId: number, choice?: PaymentChoice): Promise<void> {
  await api(`/orders/${orderId}/pay_with_credit`, { method: 'POST', body: { order: { ...choiceToWire(choice), use_credit: true } } });
}

/** Tells the service a payment is under way (POST /payments, empty body). */
export async function startPayment(): Promise<void> {
  await api('/payments', { method: 'POST', body: {} });
}
