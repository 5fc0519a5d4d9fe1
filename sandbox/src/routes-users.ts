import { Hono, type Context } from 'hono';
import { createUserToken, hashPassword, requireUser, revokeUserTokens } from './auth';
import { checkCurrentPassword } from './current-password';
import type { AppEnv, SandboxContext } from './context';
import { nowIso } from './db';
import { FieldReader, HttpError, notFound, pageMeta, paging, pathId, readBody, requireParam } from './http';
import { queueMail } from './outbox';
import { overLimit } from './rate-limit';
import type { UserRow } from './rows';
import { userJson } from './serialize';
import { checkEmail, checkMobile, checkPassword, isAdult, isIsoDate } from './validation';

const RESET_TOKEN_HOURS = 6;

function findUser(ctx: SandboxContext, id: number): UserRow {
  const user = ctx.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
  if (!user) throw notFound();
  return user;
}

// The admin scope opens other users' records; the token endpoint never grants it.
const isAdmin = (c: Context<AppEnv>) => c.get('scopes').includes('admin');

/** The user `id` when it is the caller's own (or the caller holds the admin scope), else 403. */
function targetUser(ctx: SandboxContext, c: Context<AppEnv>): UserRow {
  const id = pathId(c);
  if (id !== c.get('user').id && !isAdmin(c)) throw new HttpError(403, 'Forbidden');
  return findUser(ctx, id);
}

// Spaces inside a number are how it was typed, not another number.
const sameMobile = (a: string, b: string) => a.replace(/\s+/g, '') === b.replace(/\s+/g, '');

/** The e-mail to the account's address after its mobile number or notification method changed: where the order news now goes. */
function notificationsChanged(ctx: SandboxContext, before: UserRow, after: UserRow, newMobile: boolean): void {
  const where: Record<string, string> = {
    whatsapp: `to WhatsApp at ${after.mobile}`,
    sms: `by SMS to ${after.mobile}`,
    email: `by e-mail to ${after.email}`,
  };
  const subject = `Your order notifications now go ${where[after.notification_method] ?? where.email}`;
  const mobileLine = newMobile && after.notification_method === 'email' ? ` Your mobile number is now ${after.mobile}.` : '';
  // The address the account had before this call: a new one in the same call must not be the only one told.
  queueMail(ctx, 'notifications_changed', before.email, subject, {
    first_name: before.first_name,
    notification_method: after.notification_method,
    mobile: after.mobile,
    text: `${subject}.${mobileLine}`,
    advice: 'If you did not make this change, change your password at once (Forgot password on the sign-in page) and contact us.',
  });
}

function emailTaken(ctx: SandboxContext, email: string, exceptId = 0): boolean {
  return ctx.db.prepare('SELECT id FROM users WHERE email = ? AND id != ?').get(email.trim(), exceptId) !== undefined;
}

function useToken(ctx: SandboxContext, token: unknown, kind: 'reset' | 'unlock'): number | undefined {
  if (typeof token !== 'string' || token === '') return undefined;
  const row = ctx.db
    .prepare('SELECT user_id, created_at FROM user_tokens WHERE token = ? AND kind = ? AND used_at IS NULL')
    .get(token, kind) as { user_id: number; created_at: string } | undefined;
  if (!row) return undefined;
  if (kind === 'reset' && Date.now() - Date.parse(row.created_at) > RESET_TOKEN_HOURS * 3_600_000) return undefined;
  return row.user_id;
}

/** /users routes: registration, password reset, unlock, current user and user management. */
export function usersRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const auth = requireUser(ctx);

  r.post('/', async (c) => {
    const params = requireParam(await readBody(c), 'user');
    const refused = overLimit(ctx, c, 'registration', typeof params.email === 'string' ? params.email : undefined);
    if (refused) return refused;
    const f = new FieldReader(params);
    const first = f.string('first_name', { required: true });
    const last = f.string('last_name', { required: true });
    const email = f.string('email', { required: true })?.trim();
    const mobile = f.string('mobile', { required: true })?.trim();
    const birth = f.string('birth_date', { required: true });
    const password = f.string('password', { required: true });
    checkEmail(f, 'email', email);
    if (email !== undefined && !f.errors.email && emailTaken(ctx, email)) f.add('email', 'has already been taken');
    checkMobile(f, 'mobile', mobile);
    checkPassword(f, 'password', password);
    if (birth !== undefined) {
      if (!isIsoDate(birth)) f.add('birth_date', 'must be a date (YYYY-MM-DD)');
      else if (!isAdult(birth)) f.add('birth_date', 'Must be older than 18');
    }
    f.check();
    const id = Number(
      ctx.db
        .prepare(
          "INSERT INTO users (first_name, last_name, email, mobile, notification_method, birth_date, password_hash, created_at) VALUES (?, ?, ?, ?, 'email', ?, ?, ?)",
        )
        .run(first, last, email, mobile, birth, hashPassword(password ?? ''), nowIso()).lastInsertRowid,
    );
    queueMail(ctx, 'welcome', email ?? '', 'Welcome', { first_name: first });
    return c.json({ data: userJson(findUser(ctx, id)) }, 200);
  });

  r.post('/forgot_password', async (c) => {
    const params = requireParam(await readBody(c), 'user');
    const email = typeof params.email === 'string' ? params.email.trim() : '';
    const refused = overLimit(ctx, c, 'forgot_password', email);
    if (refused) return refused;
    const user = email === '' ? undefined : (ctx.db.prepare('SELECT * FROM users WHERE email = ? AND archived_at IS NULL').get(email) as UserRow | undefined);
    if (user) {
      const token = createUserToken(ctx, user.id, 'reset');
      queueMail(ctx, 'reset_password', user.email, 'Reset password instructions', {
        token,
        link: `${ctx.siteOrigin}/new-password?token=${token}`,
      });
    }
    return c.json({ message: 'If your e-mail address exists in our database, you will receive a password recovery link at your e-mail address in a few minutes.' });
  });

  r.post('/reset_password', async (c) => {
    const params = requireParam(await readBody(c), 'user');
    const f = new FieldReader(params);
    const password = f.string('password', { required: true });
    const confirm = f.string('confirm_password', { required: true });
    const token = f.string('token', { required: true });
    checkPassword(f, 'password', password);
    if (password !== undefined && confirm !== undefined && password !== confirm) f.add('confirm_password', 'Passwords must match');
    const userId = token === undefined ? undefined : useToken(ctx, token, 'reset');
    if (token !== undefined && userId === undefined) {
      throw new HttpError(422, 'Reset password token is invalid', { ...f.errors, token: ['is invalid'] });
    }
    f.check();
    ctx.db.transaction(() => {
      ctx.db.prepare('UPDATE user_tokens SET used_at = ? WHERE token = ?').run(nowIso(), token);
      // Devise unlocks an account whose password was reset by e-mail.
      ctx.db.prepare('UPDATE users SET password_hash = ?, failed_attempts = 0, locked_at = NULL WHERE id = ?').run(hashPassword(password ?? ''), userId);
      // Whoever held a session with the old password loses it.
      if (userId !== undefined) revokeUserTokens(ctx, userId);
    })();
    // The mailbox's owner is the account's: the failures others ran up against it, from any address, no longer pause it.
    if (userId !== undefined) ctx.backoff.clearAccount(findUser(ctx, userId).email.trim().toLowerCase());
    return c.json({ message: 'Your password has been changed successfully.' });
  });

  r.post('/unlock_account', async (c) => {
    const params = requireParam(await readBody(c), 'user');
    const userId = useToken(ctx, params.token, 'unlock');
    // Counted per client, and per account once the token names one: guessing tokens meets the client's limit.
    const owner = userId === undefined ? undefined : findUser(ctx, userId).email;
    const refused = overLimit(ctx, c, 'unlock_account', owner);
    if (refused) return refused;
    if (userId === undefined) throw new HttpError(422, 'Invalid unlock token');
    ctx.db.transaction(() => {
      ctx.db.prepare('UPDATE user_tokens SET used_at = ? WHERE token = ?').run(nowIso(), String(params.token));
      ctx.db.prepare('UPDATE users SET failed_attempts = 0, locked_at = NULL WHERE id = ?').run(userId);
    })();
    ctx.backoff.clearAccount(findUser(ctx, userId).email.trim().toLowerCase());
    return c.json({ message: 'Your account has been unlocked successfully.' });
  });

  r.get('/show_details', auth, (c) => c.json({ data: userJson(c.get('user')) }));

  // An ordinary user sees only their own record; the whole list needs the admin scope.
  const list = (archived: boolean) => (c: Context<AppEnv>) => {
    const { page, per, offset } = paging(c);
    const conditions = [archived ? 'archived_at IS NOT NULL' : 'archived_at IS NULL'];
    const args: number[] = [];
    if (!isAdmin(c)) {
      conditions.push('id = ?');
      args.push(c.get('user').id);
    }
    const where = conditions.join(' AND ');
    const total = (ctx.db.prepare(`SELECT COUNT(*) AS n FROM users WHERE ${where}`).get(...args) as { n: number }).n;
    const rows = ctx.db.prepare(`SELECT * FROM users WHERE ${where} ORDER BY id LIMIT ? OFFSET ?`).all(...args, per, offset) as UserRow[];
    return c.json({ users: rows.map(userJson), meta: pageMeta(page, per, total) });
  };
  r.get('/archived', auth, list(true));
  r.get('/', auth, list(false));

  r.get('/:id', auth, (c) => c.json({ data: userJson(targetUser(ctx, c)) }));

  r.patch('/:id', auth, async (c) => {
    const user = targetUser(ctx, c);
    const params = requireParam(await readBody(c), 'user');
    const f = new FieldReader(params);
    // SPEC section 7 sends the client names (firstName, ...); the snake_case names are accepted too.
    const first = f.string('firstName') ?? f.string('first_name');
    const last = f.string('lastName') ?? f.string('last_name');
    const email = f.string('email')?.trim();
    const mobile = f.string('mobile')?.trim();
    const method = f.string('notificationMethod') ?? f.string('notification_method');
    checkEmail(f, 'email', email);
    if (email !== undefined && !f.errors.email && emailTaken(ctx, email, user.id)) f.add('email', 'has already been taken');
    checkMobile(f, 'mobile', mobile);
    if (method !== undefined && !['email', 'sms', 'whatsapp'].includes(method)) f.add('notificationMethod', 'must be email, sms or whatsapp');
    const newEmail = email !== undefined && email.toLowerCase() !== user.email.toLowerCase();
    // Where the order news goes (SMS or WhatsApp to the mobile) is the account's too: a stranger's number must need the password.
    const newMobile = mobile !== undefined && !sameMobile(mobile, user.mobile);
    const newMethod = method !== undefined && method !== user.notification_method;
    if (newEmail || newMobile || newMethod) checkCurrentPassword(ctx, c, user, f);
    f.check();
    ctx.db.transaction(() => {
      ctx.db
        .prepare(
          `UPDATE users SET first_name = COALESCE(?, first_name), last_name = COALESCE(?, last_name), email = COALESCE(?, email),
           mobile = COALESCE(?, mobile), notification_method = COALESCE(?, notification_method) WHERE id = ?`,
        )
        .run(first ?? null, last ?? null, email ?? null, mobile ?? null, method ?? null, user.id);
      // The e-mail is the sign-in name: a new one ends every session, so a hijacked session cannot keep the account.
      if (newEmail) revokeUserTokens(ctx, user.id);
      // The old address hears of it (Devise's send_email_changed_notification), so a change the owner did not make is seen.
      if (newEmail) {
        queueMail(ctx, 'email_changed', user.email, 'Your e-mail address was changed', {
          first_name: user.first_name,
          new_email: email,
          advice: 'If you did not change it, reset your password and contact us at once.',
        });
      }
      if (newMobile || newMethod) notificationsChanged(ctx, user, findUser(ctx, user.id), newMobile);
    })();
    return c.json({ data: userJson(findUser(ctx, user.id)) });
  });

  r.delete('/:id', auth, async (c) => {
    const user = targetUser(ctx, c);
    const body = await readBody(c);
    const f = new FieldReader(typeof body.user === 'object' && body.user !== null ? (body.user as Record<string, unknown>) : body);
    checkCurrentPassword(ctx, c, user, f);
    f.check();
    // Closing the account ends every session at once, on every device, not only at each token's next refresh.
    ctx.db.transaction(() => {
      if (user.archived_at === null) ctx.db.prepare('UPDATE users SET archived_at = ? WHERE id = ?').run(nowIso(), user.id);
      revokeUserTokens(ctx, user.id);
      // Their phones stop hearing about the account's orders.
      ctx.db.prepare('DELETE FROM push_subscriptions WHERE user_id = ?').run(user.id);
    })();
    return c.json({ data: userJson(findUser(ctx, user.id)) });
  });

  r.patch('/:id/restore', auth, (c) => {
    const user = targetUser(ctx, c);
    ctx.db.prepare('UPDATE users SET archived_at = NULL WHERE id = ?').run(user.id);
    return c.json({ data: userJson(findUser(ctx, user.id)) });
  });

  return r;
}
