import { computed } from 'nanostores';
import { createAddress, deleteAddress, listAddresses, restoreAddress, type Address } from '../api/addresses';
import { ApiError } from '../api/errors';
import { cachedData, createFetcherStore, revalidatePersonal, setCachedData } from './query';

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

/** Adds an address and keeps the list in step; rejects with the ApiError (errors.detail) on failure. */
export async function addAddress(address: Omit<Address, 'id'>): Promise<Address> {
  const created = await createAddress(address);
  if (created.id !== 0) {
    setCachedData([KEY], [...known(), created]);
    return created;
  }
  // An empty 201/204 answer gives no id: the list, asked again, has the new address last.
  const list = await listAddresses();
  setCachedData([KEY], list);
  return list.at(-1) ?? created;
}

/** Deletes an address and returns its name for the undo toast ('' when the server had already deleted it). */
export async function removeAddress(id: number): Promise<string> {
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
}

/** Restores a deleted address (undo). */
export async function undoRemoveAddress(id: number): Promise<void> {
  const restored = await restoreAddress(id);
  setCachedData(
    [KEY],
    [...known().filter((a) => a.id !== id), restored].sort((a, b) => a.id - b.id),
  );
}

/** The server's detail message of a failed address creation (SPEC section 8). */
export function addressErrorDetail(error: { message: string; errors?: Record<string, unknown> }): string {
  const detail = error.errors?.detail;
  return typeof detail === 'string' && detail !== '' ? detail : error.message;
}
