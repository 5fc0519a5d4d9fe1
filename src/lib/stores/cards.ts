import { createCard, listCards } from '../api/cards';
import { isAllowedPaymentRedirect } from '../payment-redirect';
import { accountMessages } from '../schemas/account';
import { cachedResource } from './resource';

const resource = cachedResource(listCards);

/** The shopper's saved cards, the loading flag and the last error. */
export const $cards = resource.$store;

/** Loads the saved cards once (or again with `fresh`). */
export function loadCards(fresh = false): ReturnType<typeof resource.load> {
  return resource.load(fresh);
}

/** Starts adding a card; resolves with the provider page to go to, only when the allow-list accepts it. */
export async function startCardCreation(cardName: string): Promise<string> {
  let location: unknown;
  try {
    ({ tokenize: { location } } = await createCard(cardName.trim()));
  } catch {
    throw new Error(accountMessages.cardFailed);
  }
  if (!isAllowedPaymentRedirect(location)) throw new Error(accountMessages.cardFailed);
  // The list changes once the provider page is done; the next visit reads it again.
  resource.reset();
  return location;
}
