import { createCard, deleteCard, listCards, updateCard, type Card } from '../api/cards';
import { isAllowedPaymentRedirect } from '../payment-redirect';
import { accountMessages } from '../account-messages';
import { createFetcherStore, createWriteStore, invalidatePersonal } from './query';

const KEY = 'cards';

/** The shopper's saved cards (GET /cards): `{ data, error, loading }`, asked again on every screen that shows them. */
export const $cards = createFetcherStore<Card[]>([KEY], () => listCards(), { freshness: 'every-mount', scope: 'personal' });

/** Removes a saved card for good (the API has no restore); every card list is read again. */
export const $removeCard = createWriteStore<number>((id) => deleteCard(id), [KEY]);

/** Makes a saved card the preferred one (the service unsets the others); every card list is read again. */
export const $preferCard = createWriteStore<number>(async (id) => {
  await updateCard(id, { isPreferred: true });
}, [KEY]);

/** Starts adding a card; resolves with the provider page to go to, only when the allow-list accepts it. */
export async function startCardCreation(cardName: string): Promise<string> {
  let location: unknown;
  try {
    ({
      tokenize: { location },
    } = await createCard(cardName.trim()));
  } catch {
    throw new Error(accountMessages.cardFailed);
  }
  if (!isAllowedPaymentRedirect(location)) throw new Error(accountMessages.cardFailed);
  // The list changes once the provider page is done; the next visit reads it again.
  invalidatePersonal(KEY);
  return location;
}
