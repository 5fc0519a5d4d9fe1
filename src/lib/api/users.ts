import { api } from './client';

/** A user as the client uses it (SPEC section 3). */
export interface User {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  notificationMethod: string;
  birthDate: string;
  archivedAt: string | null;
}

/** What registration sends. */
export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  birthDate: string;
  mobile: string;
  password: string;
}

/** The fields an update may change (client names). */
export type UserChanges = Partial<Pick<User, 'firstName' | 'lastName' | 'email' | 'mobile' | 'notificationMethod'>>;

/** One page of the user list. */
export interface UserPage {
  users: User[];
  meta: { currentPage: number; totalPages: number; totalCount: number };
}

interface UserWire {
  id?: number;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  mobile?: string | null;
  notification_method?: string | null;
  birth_date?: string | null;
  archived_at?: string | null;
}

interface MetaWire {
  current_page?: number;
  total_pages?: number;
  total_count?: number;
}

/** Maps a wire user to client names; missing text becomes '' and a missing id 0. */
export function userFromWire(u: UserWire): User {
  return {
    id: u.id ?? 0,
    firstName: u.first_name ?? '',
    lastName: u.last_name ?? '',
    email: u.email ?? '',
    mobile: u.mobile ?? '',
    notificationMethod: u.notification_method ?? '',
    birthDate: u.birth_date ?? '',
    archivedAt: u.archived_at ?? null,
  };
}

/** The PATCH /users/{id} payload: SPEC section 7 sends the client names, leaving out the ones not given. */
export function userChangesPayload(changes: UserChanges): Partial<UserChanges> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<UserChanges>;
}

function pageFromWire(body: { users?: UserWire[]; meta?: MetaWire }): UserPage {
  return {
    users: (body.users ?? []).map(userFromWire),
    meta: { currentPage: body.meta?.current_page ?? 1, totalPages: body.meta?.total_pages ?? 1, totalCount: body.meta?.total_count ?? 0 },
  };
}

/** Registers a new shopper (a public call). */
export async function createUser(user: NewUser): Promise<User> {
  const body = await api<{ data: UserWire }>('/users', {
    method: 'POST',
    auth: false,
    body: {
      user: {
        first_name: user.firstName,
        last_name: user.lastName,
        birth_date: user.birthDate,
        email: user.email,
        mobile: user.mobile,
        password: user.password,
      },
    },
  });
  return userFromWire(body.data);
}

/** Loads the signed-in shopper. */
export async function showDetails(): Promise<User> {
  const body = await api<{ data: UserWire }>('/users/show_details');
  return userFromWire(body.data);
}

/** Loads one user by id. */
export async function getUser(id: number): Promise<User> {
  const body = await api<{ data: UserWire }>(`/users/${id}`);
  return userFromWire(body.data);
}

/** Updates a user's details. */
export async function updateUser(id: number, changes: UserChanges): Promise<User> {
  const body = await api<{ data: UserWire }>(`/users/${id}`, { method: 'PATCH', body: { user: userChangesPayload(changes) } });
  return userFromWire(body.data);
}

/** Lists users, one page at a time. */
export async function listUsers(page = 1): Promise<UserPage> {
  return pageFromWire(await api<{ users?: UserWire[]; meta?: MetaWire }>('/users', { query: { page } }));
}

/** Lists archived users, one page at a time. */
export async function listArchivedUsers(page = 1): Promise<UserPage> {
  return pageFromWire(await api<{ users?: UserWire[]; meta?: MetaWire }>('/users/archived', { query: { page } }));
}

/** Archives a user. */
export async function archiveUser(id: number): Promise<void> {
  await api(`/users/${id}`, { method: 'DELETE' });
}

/** Restores an archived user. */
export async function restoreUser(id: number): Promise<User> {
  const body = await api<{ data: UserWire }>(`/users/${id}/restore`, { method: 'PATCH' });
  return userFromWire(body.data);
}
