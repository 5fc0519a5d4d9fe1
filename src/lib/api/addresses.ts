import { api } from './client';

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
  id?: number;
  name?: string | null;
  address?: string | null;
  city?: string | null;
  province?: string | null;
  postal_code?: string | null;
}

/** Maps a wire address to the client's; a missing value is empty text and id defaults to 0. */
export function addressFromWire(a: AddressWire | null | undefined): Address {
  return {
    id: a?.id ?? 0,
    name: a?.name ?? '',
    address: a?.address ?? '',
    townCity: a?.city ?? '',
    province: a?.province ?? '',
    postalCode: a?.postal_code ?? '',
  };
}

/** Maps a client address to the wire body of POST /addresses. */
export function addressToWire(a: Omit<Address, 'id'>): Required<Omit<AddressWire, 'id'>> {
  return { name: a.name, address: a.address, city: a.townCity, province: a.province, postal_code: a.postalCode };
}

/** Lists the shopper's addresses. */
export async function listAddresses(): Promise<Address[]> {
  const res = await api<{ data: AddressWire[] }>('/addresses');
  return res.data.map(addressFromWire);
}

/** Creates an address; a bad one fails with errors.detail. */
export async function createAddress(address: Omit<Address, 'id'>): Promise<Address> {
  const res = await api<{ data: AddressWire }>('/addresses', { method: 'POST', body: { address: addressToWire(address) } });
  return addressFromWire(res.data);
}

/** Deletes an address; the answer names it for the undo toast. */
export async function deleteAddress(id: number): Promise<{ id: number; name: string }> {
  const res = await api<{ data: { id: number; name: string } }>(`/addresses/${id}`, { method: 'DELETE' });
  return res.data;
}

/** Restores a deleted address (undo). */
export async function restoreAddress(id: number): Promise<Address> {
  const res = await api<{ data: AddressWire }>(`/addresses/${id}/restore`, { method: 'POST' });
  return addressFromWire(res.data);
}
