import { computed } from 'nanostores';
import { createAddress, deleteAddress, listAddresses, restoreAddress, type Address } from '../api/addresses';
import { ApiError, normaliseError } from '../api/errors';
import { fieldErrors } from '../field-errors';
import { cachedData, createFetcherStore, createWriteStore, revalidatePersonal, setCachedData } from './query';

const KEY = 'addresses';

/** The shopper's addresses (GET /addresses): `{ data, error, loading }`, cached until changed. */
export const $addresses = createFetcherStore<Address[]>([KEY], () => listAddresses(), {
  freshness: 'until-changed',
  scope: 'personal',
  onError: (error) => {
    // SPEC section 4: a 401 while loading addresses sends the shopper home.
    if (error instanceof ApiError && error.status === 401 && typeof window !== 'undefined') window.location.assign('/');
  },
});

/** Address options for a select: label = the location name, value = the address. */
export const $addressOptions = computed($addresses, ({ data }) => (data ?? []).map((a) => ({ label: a.name, value: a })));

const known = (): Address[] => cachedData<Address[]>(KEY) ?? [];

/** A failed address creation under the server's detail message (`errors.detail`), when it sent one. */
function withDetail(error: unknown): ApiError {
  const failure = normaliseError(error);
  const { detail } = fieldErrors(failure, { detail: 'detail' });
  return detail === undefined ? failure : new ApiError(detail, failure.kind, { status: failure.status, errors: failure.errors });
}

/** Adds an address and keeps the list in step; resolves with the new address, and fails with the server's detail message (SPEC section 8). */
export const $addAddress = createWriteStore<Omit<Address, 'id'>, Address>(async (address) => {
  const created = await createAddress(address).catch((error: unknown) => Promise.reject(withDetail(error)));
  if (created.id !== 0) {
    setCachedData([KEY], [...known(), created]);
    return created;
  }
  // An empty 201/204 answer gives no id: the list, asked again, has the new address last.
  const list = await listAddresses();
  setCachedData([KEY], list);
  return list.at(-1) ?? created;
}, []);

/** Deletes an address; resolves with its name for the undo toast ('' when the server had already deleted it). */
export const $removeAddress = createWriteStore<number, string>(async (id) => {
  try {
    const name = known().find((a) => a.id === id)?.name ?? '';
    const answer = await deleteAddress(id);
    setCachedData(
      [KEY],
      known().filter((a) => a.id !== id),
    );
    return answer.name || name;
  } catch (error) {
    // A delete that timed out can still have happened on the server; asked again, the server no longer knows the address.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    revalidatePersonal(KEY);
    return '';
  }
}, []);

/** Restores a deleted address (undo). */
export const $restoreAddress = createWriteStore<number>(async (id) => {
  const restored = await restoreAddress(id);
  setCachedData(
    [KEY],
    [...known().filter((a) => a.id !== id), restored].sort((a, b) => a.id - b.id),
  );
}, []);
