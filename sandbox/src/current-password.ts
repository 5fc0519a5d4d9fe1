import type { Context } from 'hono';
import { verifyPassword } from './auth';
import { clientAddress } from './client-address';
import type { AppEnv, SandboxContext } from './context';
import { HttpError, type FieldReader } from './http';
import type { UserRow } from './rows';

// The admin scope opens other users' records; the token endpoint never grants it.
const isAdmin = (c: Context<AppEnv>) => c.get('scopes').includes('admin');

/**
 * Devise's update_with_password: a change of sign-in e-mail, of the mobile number or of the notification method,
 * closing the account, and a withdrawal of store credit (issue 56) need the current password, so a stolen access token
 * alone cannot take the account, send its order news to a stranger's phone or its money to a stranger's bank. The admin
 * scope (an operator acting for a user) needs none. A wrong one counts as a failed sign-in of the account, and a paused
 * account answers 429 (rule 4): a session left open must not guess the password faster than the sign-in can.
 */
export function checkCurrentPassword(ctx: SandboxContext, c: Context<AppEnv>, user: UserRow, f: FieldReader): void {
  if (isAdmin(c)) return;
  const keys = ctx.backoff.keysFor(user.email.trim().toLowerCase(), clientAddress(c, ctx.trustedProxies));
  const wait = ctx.backoff.retryAfter(keys);
  if (wait > 0) throw new HttpError(429, `Too many failed attempts. Try again in ${wait} seconds.`, undefined, { 'Retry-After': String(wait) });
  const typed = f.string('current_password') ?? f.string('currentPassword');
  if (typed === undefined || typed === '') f.add('current_password', "can't be blank");
  else if (!verifyPassword(typed, user.password_hash)) {
    f.add('current_password', 'is invalid');
    ctx.backoff.fail(keys);
  }
}
