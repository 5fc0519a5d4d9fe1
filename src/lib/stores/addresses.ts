import { computed } from 'nanostores';
import { createAddress, deleteAddress, listAddresses, restoreAddress, type Address } from '../api/addresses';
import { ApiError } from '../api/errors';
import { cachedResource } from './resource';

const resource = cachedResource(listAddresses, (error) => {
  // SPEC section 4: a 401 while loading addresses sends the shopper home.
  if (error.status === 401 && typeof window !== 'undefined') window.location.assign('/');
});

/** The shopper's addresses, loading flag and last error; cached until changed. */
export const $addresses = resource.$store;

/** Address options for a select: label = the location name, value = the address. */
export const $addressOptions = computed($addresses, ({ data }) => (data ?? []).map((a) => ({ label: a.name, value: a })));

/** Loads the addresses once (or again with force). */
export const loadAddresses = resource.load;

/** Adds an address and keeps the list in step; rejects with the ApiError (errors.detail) on failure. */
export async function addAddress(address: Omit<Address, 'id'>): Promise<Address> {
  const created = await createAddress(address);
  if (created.id !== 0) {
    resource.set([...($addresses.get().data ?? []), created]);
    return created;
  }
  // An empty 201/204 answer gives no id: the list, asked again, has the new address last.
  await loadAddresses(true);
  return ($addresses.get().data ?? []).at(-1) ?? created;
}

/** Deletes an address and returns its name for the undo toast ('' when the server had already deleted it). */
export async function removeAddress(id: number): Promise<string> {
  try {
    const known = ($addresses.get().data ?? []).find((a) => a.id === id)?.name ?? '';
    const { name } = await deleteAddress(id);
    resource.set(($addresses.get().data ?? []).filter((a) => a.id !== id));
    return name || known;
  } catch (error) {
    // A delete that timed out can still have happened on the server; asked again, the server no longer knows the address.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    await loadAddresses(true);
    return '';
  }
}

/** Restores a deleted address (undo). */
export async function undoRemoveAddress(id: number): Promise<void> {
  const restored = await restoreAddress(id);
  resource.set([...($addresses.get().data ?? []).filter((a) => a.id !== id), restored].sort((a, b) => a.id - b.id));
}

/** The server's detail message of a failed address creation (SPEC section 8). */
export function addressErrorDetail(error: { message: string; errors?: Record<string, unknown> }): string {
  const detail = error.errors?.detail;
  return typeof detail === 'string' && detail !== '' ? detail : error.message;
}
