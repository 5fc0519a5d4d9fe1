import { atom } from 'nanostores';
import { ApiError } from '../api/errors';
import { showDetails, type User } from '../api/users';
import { $accessToken, signOut } from './session';

/** The signed-in shopper; undefined until loaded and after sign-out. Cached until changed. */
export const $currentUser = atom<User | undefined>(undefined);

let loading: Promise<User> | undefined;
let generation = 0;

/** Loads the signed-in shopper once (or again with `force`); a 401 signs out. */
export function loadCurrentUser(force = false): Promise<User> {
  const cached = $currentUser.get();
  if (cached && !force) return Promise.resolve(cached);
  if (loading && !force) return loading;
  const started = generation;
  const request = showDetails()
    .then((user) => {
      // A sign-out while the call was on its way makes its answer stale.
      if (started === generation) $currentUser.set(user);
      return user;
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) signOut();
      throw error;
    })
    .finally(() => {
      if (loading === request) loading = undefined;
    });
  loading = request;
  return request;
}

/** Replaces the cached shopper after a change the server confirmed. */
export function setCurrentUser(user: User): void {
  $currentUser.set(user);
}

/** The greeting of SPEC section 8: 'Welcome {first} {last}' where the full name is known, else 'Welcome {first name}'. */
export function welcomeMessage(user: Pick<User, 'firstName' | 'lastName'> | undefined): string {
  const name = [user?.firstName.trim(), user?.lastName.trim()].filter(Boolean).join(' ');
  return user?.firstName.trim() ? `Welcome ${name}` : 'Welcome';
}

$accessToken.listen((token) => {
  if (token !== '') return;
  generation += 1;
  loading = undefined;
  $currentUser.set(undefined);
});
