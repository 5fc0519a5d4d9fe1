import { createCard, deleteCard, listCards, updateCard, type Card } from '../api/cards';
import { isAllowedPaymentRedirect } from '../payment-redirect';
import { accountMessages } from '../account-messages';
import { createFetcherStore, createWriteStore } from './query';

const KEY = 'cards';

/** The shopper's saved cards (GET /cards): `{ data, error, loading }`, asked again on every screen that shows them. */
export const $cards = createFetcherStore<Card[]>([KEY], () => listCards(), { freshness: 'every-mount', scope: 'personal' });

/** Removes a saved card for good (the API has no restore); every card list is read again. */
export const $removeCard = createWriteStore<number>((id) => deleteCard(id), [KEY]);

/** Makes a saved card the preferred one (the service unsets the others); every card list is read again. */
export const $preferCard = createWriteStore<number>(async (id) => {
  await updateCard(id, { isPreferred: true });
}, [KEY]);

/**
 * Starts adding a card: resolves with the provider page to go to (`data` keeps it while the browser leaves), only when the
 * allow-list accepts it; every failure is 'Failed to create card'. The card lists are read again at their next showing.
 */
export const $addCard = createWriteStore<string, string>(
  async (cardName) => {
    const {
      tokenize: { location },
    } = await createCard(cardName.trim());
    if (!isAllowedPaymentRedirect(location)) throw new Error("The provider's page is not on an allowed host");
    return location;
  },
  [KEY],
  accountMessages.cardFailed,
);
