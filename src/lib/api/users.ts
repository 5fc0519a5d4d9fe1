import { api } from './client';
import { asInt, asNullableText, asText, readOne, readOptional, type WireRecord } from './decode';

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
export type UserChanges = Partial<Pick<User, 'firstName' | 'lastName' | 'email' | 'mobile' | 'notificationMethod'>> & {
  /** Needed for a new e-mail; sent as Devise's `current_password`. */
  currentPassword?: string;
};

/** Maps a wire user to client names; missing text becomes '' and a missing id 0. */
export function userFromWire(u: WireRecord): User {
  return {
    id: asInt(u.id),
    firstName: asText(u.first_name),
    lastName: asText(u.last_name),
    email: asText(u.email),
    mobile: asText(u.mobile),
    notificationMethod: asText(u.notification_method),
    birthDate: asText(u.birth_date),
    archivedAt: asNullableText(u.archived_at),
  };
}

/** The PATCH /users/{id} payload: SPEC section 7 sends the client names, leaving out the ones not given. */
export function userChangesPayload(changes: UserChanges): Record<string, string> {
  const { currentPassword, ...rest } = changes;
  const given = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) as Record<string, string>;
  return currentPassword ? { ...given, current_password: currentPassword } : given;
}

/** Registers a new shopper (a public call). */
export async function createUser(user: NewUser): Promise<User> {
  const body = await api<unknown>('/users', {
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
  return userFromWire(readOptional(body, 'user') ?? { email: user.email, first_name: user.firstName, last_name: user.lastName });
}

/** Loads the signed-in shopper. */
export async function showDetails(): Promise<User> {
  return userFromWire(readOne(await api<unknown>('/users/show_details'), 'user'));
}

/** Updates a user's details. */
export async function updateUser(id: number, changes: UserChanges): Promise<User> {
  return userFromWire(
    readOne(await api<unknown>(`/users/${id}`, { method: 'PATCH', body: { user: userChangesPayload(changes) } }), 'user'),
  );
}

/** Closes the shopper's account (DELETE /users/{id}, with the current password): the service archives it and ends every session. */
export async function closeAccount(id: number, currentPassword: string): Promise<void> {
  await api(`/users/${id}`, { method: 'DELETE', body: { user: { current_password: currentPassword } } });
}
