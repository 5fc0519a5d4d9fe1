import { computed } from 'nanostores';
import { createAddress, deleteAddress, listAddresses, restoreAddress, type Address } from '../api/addresses';
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
  resource.set([...($addresses.get().data ?? []), created]);
  return created;
}

/** Deletes an address and returns its name for the undo toast. */
export async function removeAddress(id: number): Promise<string> {
  const { name } = await deleteAddress(id);
  resource.set(($addresses.get().data ?? []).filter((a) => a.id !== id));
  return name;
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
