import { ApiError } from '../api/errors';
import { rememberSessionUser } from '../api/token-storage';
import { showDetails, type User } from '../api/users';
import { cachedData, createFetcherStore, setCachedData } from './query';
import { signOut } from './session';

const KEY = 'user';

/** The signed-in shopper (GET /users/show_details): `{ data, error, loading }`, cached until changed; a 401 signs out. */
export const $currentUser = createFetcherStore<User>([KEY], () => showDetails(), {
  freshness: 'until-changed',
  scope: 'personal',
  onError: (error) => {
    if (error instanceof ApiError && error.status === 401) signOut();
  },
});

/** The shopper of the current session: the cached one, else read now (sign-in reads it fresh). Rejects with the read's error. */
export async function fetchCurrentUser(): Promise<User> {
  const cached = cachedData<User>(KEY);
  if (cached) return cached;
  const answer = await $currentUser.fetch();
  if ('error' in answer) throw answer.error;
  rememberSessionUser(answer.data.id);
  return answer.data;
}

/** Replaces the cached shopper after a change the server confirmed. */
export function setCurrentUser(user: User): void {
  setCachedData([KEY], user);
}
