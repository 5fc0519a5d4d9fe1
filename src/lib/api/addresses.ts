import { api } from './client';
import { asInt, asText, readList, readOne, readOptional, type WireRecord } from './decode';

/** An address as the client uses it (SPEC section 3). */
export interface Address {
  id: number;
  name: string;
  address: string;
  townCity: string;
  province: string;
  postalCode: string;
}

/** An address as the API sends it. */
export interface AddressWire {
  name: string;
  address: string;
  city: string;
  province: string;
  postal_code: string;
}

/** Maps a wire address to the client's; a missing value is empty text and id defaults to 0. */
export function addressFromWire(a: WireRecord | null | undefined): Address {
  return {
    id: asInt(a?.id),
    name: asText(a?.name),
    address: asText(a?.address),
    townCity: asText(a?.city),
    province: asText(a?.province),
    postalCode: asText(a?.postal_code),
  };
}

/** Maps a client address to the wire body of POST /addresses. */
export function addressToWire(a: Omit<Address, 'id'>): AddressWire {
  return { name: a.name, address: a.address, city: a.townCity, province: a.province, postal_code: a.postalCode };
}

/** Lists the shopper's addresses. */
export async function listAddresses(): Promise<Address[]> {
  return readList(await api<unknown>('/addresses'), 'addresses').items.map(addressFromWire);
}

/** Creates an address; a bad one fails with errors.detail. An empty 201/204 answer gives back what was sent. */
export async function createAddress(address: Omit<Address, 'id'>): Promise<Address> {
  const body = await api<unknown>('/addresses', { method: 'POST', body: { address: addressToWire(address) } });
  return addressFromWire(readOptional(body, 'address') ?? { ...addressToWire(address) });
}

/** Deletes an address; the answer names it for the undo toast (an empty answer names nothing). */
export async function deleteAddress(id: number): Promise<{ id: number; name: string }> {
  const deleted = readOptional(await api<unknown>(`/addresses/${id}`, { method: 'DELETE' }), 'address');
  return { id: asInt(deleted?.id, id), name: asText(deleted?.name) };
}

/** Restores a deleted address (undo). */
export async function restoreAddress(id: number): Promise<Address> {
  return addressFromWire(readOne(await api<unknown>(`/addresses/${id}/restore`, { method: 'POST' }), 'address'));
}
