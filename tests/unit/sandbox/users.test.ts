import type { RunningSandbox } from '../../../sandbox/src/server';
import { Client, SHOPPER, start } from './helpers';

let sandbox: RunningSandbox;
let c: Client;
let anon: Client;

beforeAll(async () => {
  sandbox = await start();
  c = new Client(sandbox.url);
  anon = new Client(sandbox.url);
  await c.login();
});
afterAll(() => sandbox.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  user: { first_name: 'Lerato', last_name: 'Mokoena', birth_date: '1995-06-30', email: 'lerato@example.com', mobile: '+27831234567', password: 'Lerato#2026', ...over },
});

describe('POST /users', () => {
  it('registers a user (200, user wire shape) who can then sign in', async () => {
    const res = await anon.json('POST', '/users', newUser());
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: expect.any(Number), first_name: 'Lerato', last_name: 'Mokoena', email: 'lerato@example.com', mobile: '+27831234567',
      notification_method: 'email', birth_date: '1995-06-30', archived_at: null,
    });
    await new Client(sandbox.url).login({ email: 'lerato@example.com', password: 'Lerato#2026' });
  });

  it('enforces the SPEC 5 rules with a field map', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'not-an-email' }, 'email', 'Must be a valid email'],
      [{ email: 'LERATO@example.com' }, 'email', 'has already been taken'],
      [{ password: 'short' }, 'password', 'Password must contain at least 8 characters'],
      [{ password: 'alllowercase1!' }, 'password', 'Must have 1 uppercase'],
      [{ password: 'NoDigits!!' }, 'password', 'Must have 1 digit'],
      [{ password: 'NoSymbol123' }, 'password', 'Must have 1 symbol'],
      [{ password: 'NOLOWER1!' }, 'password', 'Must have 1 lowercase'],
      [{ mobile: '+2782' }, 'mobile', expect.stringContaining('+27')],
      [{ mobile: '082123' }, 'mobile', expect.stringContaining('0')],
      [{ birth_date: new Date(Date.now() - 17 * 365 * 86_400_000).toISOString().slice(0, 10) }, 'birth_date', 'Must be older than 18'],
      [{ birth_date: '1990-02-31' }, 'birth_date', expect.any(String)],
      [{ first_name: 7 }, 'first_name', 'must be a string'],
      [{ last_name: true }, 'last_name', 'must be a string'],
      [{ mobile: 821234567 }, 'mobile', 'must be a string'],
      [{ first_name: ['x'] }, 'first_name', 'must be a string'],
      [{ last_name: undefined }, 'last_name', "can't be blank"],
    ];
    for (const [over, field, message] of cases) {
      const res = await anon.json('POST', '/users', newUser({ email: 'fresh@example.com', ...over }));
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(res.body.error).toEqual(expect.any(String));
      expect(res.body.errors[field]).toContainEqual(message);
    }
  });

  it('answers wrong types with a JSON validation error and creates nothing', async () => {
    const typed = await anon.json('POST', '/users', newUser({ first_name: 42, email: 'typed@example.com' }));
    expect(typed).toEqual({ status: 422, body: { error: 'First name must be a string', errors: { first_name: ['must be a string'] } } });
    const objects = await anon.json('POST', '/users', newUser({ last_name: { x: 1 }, birth_date: 19900101, email: 'typed@example.com' }));
    expect(objects.status).toBe(422);
    expect(objects.body.errors).toEqual({ last_name: ['must be a string'], birth_date: ['must be a string'] });
    // The address is still free: neither refused request stored a user.
    expect((await anon.json('POST', '/users', newUser({ email: 'typed@example.com' }))).status).toBe(200);
    const me = (await c.json('GET', '/users/show_details')).body.data.id;
    expect((await c.json('PATCH', `/users/${me}`, { user: { firstName: 5 } })).body.errors).toEqual({ firstName: ['must be a string'] });
  });

  it('answers a missing user object and malformed JSON with 400', async () => {
    expect(await anon.json('POST', '/users', { first_name: 'x' })).toEqual({ status: 400, body: { error: 'param is missing or the value is empty: user' } });
    expect(await anon.json('POST', '/users', '{"user": {')).toEqual({ status: 400, body: { error: 'Malformed JSON' } });
    expect((await anon.json('POST', '/users', '[1,2]')).status).toBe(400);
    expect((await anon.json('POST', '/users', { user: 'text' })).status).toBe(400);
  });
});

describe('current user and management', () => {
  it('GET /users/show_details returns the signed-in user', async () => {
    const res = await c.json('GET', '/users/show_details');
    expect(res.body.data).toMatchObject({ first_name: 'Thandi', last_name: 'Nkosi', email: 'shopper@example.com', mobile: '+27821234567', notification_method: 'email' });
  });

  it('lists only the caller in users, none in archived, both with meta', async () => {
    const me = (await c.json('GET', '/users/show_details')).body.data.id;
    const res = await c.json('GET', '/users?page=1&per=2');
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { id: number }) => u.id)).toEqual([me]);
    expect(res.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 1 });
    const archived = await c.json('GET', '/users/archived');
    expect(archived.body).toEqual({ users: [], meta: { current_page: 1, total_pages: 0, total_count: 0 } });
  });

  it('lets a user show, update and archive their own record; listing archived users and restoring need the admin scope', async () => {
    const created = await anon.json('POST', '/users', newUser({ email: 'manage@example.com' }));
    const id = created.body.data.id;
    const own = new Client(sandbox.url);
    await own.login({ email: 'manage@example.com', password: 'Lerato#2026' });
    expect((await own.json('GET', `/users/${id}`)).body.data.email).toBe('manage@example.com');
    const patched = await own.json('PATCH', `/users/${id}`, { user: { firstName: 'Lebo', notificationMethod: 'sms', mobile: '0821110000', current_password: 'Lerato#2026' } });
    expect(patched.body.data).toMatchObject({ first_name: 'Lebo', last_name: 'Mokoena', notification_method: 'sms', mobile: '0821110000' });
    const snake = await own.json('PATCH', `/users/${id}`, { user: { last_name: 'Dube' } });
    expect(snake.body.data).toMatchObject({ first_name: 'Lebo', last_name: 'Dube' });
    const badPatch = await own.json('PATCH', `/users/${id}`, { user: { email: 'bad', notification_method: 'pigeon' } });
    expect(badPatch.status).toBe(422);
    expect(Object.keys(badPatch.body.errors).sort()).toEqual(['current_password', 'email', 'notificationMethod']);
    expect((await own.json('PATCH', `/users/${id}`, { user: { email: 'SHOPPER@example.com' } })).body.errors.email).toEqual(['has already been taken']);
    const archived = await own.json('DELETE', `/users/${id}`, { user: { current_password: 'Lerato#2026' } });
    expect(archived.body.data.archived_at).toEqual(expect.any(String));
    const admin = new Client(sandbox.url);
    admin.token = (await c.json('POST', '/__sandbox/admin-token', { email: 'shopper@example.com' })).body.data.access_token;
    expect((await admin.json('GET', '/users/archived')).body.users.map((u: { id: number }) => u.id)).toContain(id);
    expect((await admin.json('GET', '/users')).body.meta.total_count).toBeGreaterThan(1);
    const restored = await admin.json('PATCH', `/users/${id}/restore`);
    expect(restored.body.data.archived_at).toBeNull();
    expect((await admin.json('GET', '/users/999999')).status).toBe(404);
    expect((await c.json('GET', '/users/999999')).status).toBe(403);
    expect((await c.json('GET', '/users/abc')).body).toEqual({ error: 'Not found' });
  });

  it('closing an account ends its every session and refuses its sign-in like a wrong password, until the operator restores it', async () => {
    const user = { email: 'closing@example.com', password: 'Lerato#2026' };
    const id = (await anon.json('POST', '/users', newUser(user))).body.data.id;
    const phone = new Client(sandbox.url);
    const laptop = new Client(sandbox.url);
    const tokens = await phone.login(user);
    await laptop.login(user);
    expect((await phone.json('DELETE', `/users/${id}`, { user: { current_password: user.password } })).body.data.archived_at).toEqual(expect.any(String));
    expect((await laptop.call('GET', '/users/show_details')).status).toBe(401);
    const refresh = await anon.json('POST', '/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'shopper-web' });
    expect(refresh.body.error).toBe('invalid_grant');
    const signIn = (password: string) =>
      anon.json('POST', '/oauth/token', { grant_type: 'password', username: user.email, password, client_id: 'shopper-web', scope: 'read write' });
    const closed = await signIn(user.password);
    const wrong = await signIn('Wrong#Pass1');
    expect(closed).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: expect.any(String) } });
    expect(closed.body).toEqual(wrong.body);
    const admin = new Client(sandbox.url);
    admin.token = (await c.json('POST', '/__sandbox/admin-token', { email: 'shopper@example.com' })).body.data.access_token;
    expect((await admin.json('PATCH', `/users/${id}/restore`)).body.data.archived_at).toBeNull();
    expect((await signIn(user.password)).status).toBe(200);
  });

  it('changes the sign-in e-mail and closes the account only with the current password, and tells the old address of a change', async () => {
    const user = { email: 'owner@example.com', password: 'Lerato#2026' };
    const id = (await anon.json('POST', '/users', newUser(user))).body.data.id;
    const thief = new Client(sandbox.url);
    await thief.login(user);
    const blank = await thief.json('PATCH', `/users/${id}`, { user: { email: 'thief@example.com' } });
    expect(blank).toMatchObject({ status: 422, body: { error: "Current password can't be blank", errors: { current_password: ["can't be blank"] } } });
    const wrong = await thief.json('PATCH', `/users/${id}`, { user: { email: 'thief@example.com', current_password: 'Guess#2026' } });
    expect(wrong.body.errors).toEqual({ current_password: ['is invalid'] });
    // The same address in another case is no change, and other details need no password.
    expect((await thief.json('PATCH', `/users/${id}`, { user: { email: 'OWNER@example.com', firstName: 'Lebo' } })).status).toBe(200);
    expect((await thief.json('DELETE', `/users/${id}`)).body.errors).toEqual({ current_password: ["can't be blank"] });
    expect((await thief.json('DELETE', `/users/${id}`, { user: { current_password: 'Guess#2026' } })).body.errors).toEqual({ current_password: ['is invalid'] });
    expect((await thief.json('GET', `/users/${id}`)).body.data).toMatchObject({ email: expect.stringMatching(/^owner@example\.com$/i), archived_at: null });

    const changed = await thief.json('PATCH', `/users/${id}`, { user: { email: 'new-owner@example.com', current_password: user.password } });
    expect(changed.body.data.email).toBe('new-owner@example.com');
    const mail = (await c.json('GET', '/__sandbox/outbox')).body.data.find((m: { kind: string; recipient: string }) => m.kind === 'email_changed' && m.recipient.toLowerCase() === 'owner@example.com');
    expect(mail).toMatchObject({ subject: 'Your e-mail address was changed', payload: { new_email: 'new-owner@example.com' } });
  });

  it('changes the mobile number or the notification method only with the current password, and tells the account\'s e-mail where notifications now go', async () => {
    const user = { email: 'notified@example.com', password: 'Lerato#2026' };
    const id = (await anon.json('POST', '/users', newUser(user))).body.data.id;
    const stranger = new Client(sandbox.url);
    await stranger.login(user);
    const notices = async () =>
      (await c.json('GET', '/__sandbox/outbox')).body.data.filter((m: { kind: string; recipient: string }) => m.kind === 'notifications_changed' && m.recipient === user.email);
    for (const change of [{ mobile: '0829990000' }, { notificationMethod: 'whatsapp' }, { notification_method: 'sms' }]) {
      const blank = await stranger.json('PATCH', `/users/${id}`, { user: change });
      expect(blank, JSON.stringify(change)).toMatchObject({ status: 422, body: { error: "Current password can't be blank", errors: { current_password: ["can't be blank"] } } });
      const wrong = await stranger.json('PATCH', `/users/${id}`, { user: { ...change, current_password: 'Guess#2026' } });
      expect(wrong.body.errors, JSON.stringify(change)).toEqual({ current_password: ['is invalid'] });
    }
    // The same number (spaces aside) and the same method are no change: they, and the other details, need no password and tell no one.
    const same = await stranger.json('PATCH', `/users/${id}`, { user: { mobile: ' +27 83 123 4567 ', notificationMethod: 'email', firstName: 'Lebo' } });
    expect(same.body.data).toMatchObject({ first_name: 'Lebo', mobile: '+27 83 123 4567', notification_method: 'email' });
    expect(await notices()).toEqual([]);

    const whatsapp = await stranger.json('PATCH', `/users/${id}`, { user: { mobile: '+27829990000', notificationMethod: 'whatsapp', current_password: user.password } });
    expect(whatsapp.body.data).toMatchObject({ mobile: '+27829990000', notification_method: 'whatsapp' });
    const sms = await stranger.json('PATCH', `/users/${id}`, { user: { notificationMethod: 'sms', current_password: user.password } });
    expect(sms.body.data.notification_method).toBe('sms');
    const email = await stranger.json('PATCH', `/users/${id}`, { user: { notificationMethod: 'email', current_password: user.password } });
    expect(email.body.data.notification_method).toBe('email');
    const advice = 'If you did not make this change, change your password at once (Forgot password on the sign-in page) and contact us.';
    expect(await notices()).toMatchObject([
      { channel: 'email', subject: 'Your order notifications now go by e-mail to notified@example.com', payload: { notification_method: 'email', text: 'Your order notifications now go by e-mail to notified@example.com.', advice } },
      { channel: 'email', subject: 'Your order notifications now go by SMS to +27829990000', payload: { notification_method: 'sms', mobile: '+27829990000', advice } },
      { channel: 'email', subject: 'Your order notifications now go to WhatsApp at +27829990000', payload: { notification_method: 'whatsapp', text: 'Your order notifications now go to WhatsApp at +27829990000.', advice } },
    ]);
    // The mobile alone changed while notifications go by e-mail: the e-mail still says where they go, and names the new number.
    await stranger.json('PATCH', `/users/${id}`, { user: { mobile: '0827770000', current_password: user.password } });
    expect((await notices())[0].payload.text).toBe('Your order notifications now go by e-mail to notified@example.com. Your mobile number is now 0827770000.');

    // An operator's admin-scope token needs no password.
    const admin = new Client(sandbox.url);
    admin.token = (await c.json('POST', '/__sandbox/admin-token', { email: 'shopper@example.com' })).body.data.access_token;
    expect((await admin.json('PATCH', `/users/${id}`, { user: { notificationMethod: 'whatsapp' } })).body.data.notification_method).toBe('whatsapp');
  });

  it('takes WhatsApp as the notification method, and then sends the quote and the order\'s moves by WhatsApp to the mobile, kept in the outbox beside the e-mail', async () => {
    const me = (await c.json('GET', '/users/show_details')).body.data;
    const patched = await c.json('PATCH', `/users/${me.id}`, { user: { notificationMethod: 'whatsapp', current_password: SHOPPER.password } });
    expect(patched.body.data.notification_method).toBe('whatsapp');
    const placed = (await c.json('GET', '/orders?status=placed')).body.data[0].id;
    await c.json('POST', `/__sandbox/orders/${placed}/quote`, { cost: 100 });
    await c.json('POST', `/__sandbox/orders/${placed}/status`, { status: 'paid' });
    const outbox = (await c.json('GET', '/__sandbox/outbox')).body.data;
    expect(outbox.slice(0, 3)).toMatchObject([
      { channel: 'whatsapp', kind: 'status', recipient: me.mobile, subject: `Order ${placed}: paid.`, payload: { order_id: placed, status: 'paid' } },
      { channel: 'whatsapp', kind: 'quote', recipient: me.mobile, subject: expect.stringMatching(new RegExp(`^Your quote for order ${placed} is ready: R[\\d.]+, valid for 48 hours\\.$`)) },
      { channel: 'email', kind: 'quote', recipient: me.email },
    ]);
    await c.json('PATCH', `/users/${me.id}`, { user: { notificationMethod: 'email', current_password: SHOPPER.password } });
    await c.json('POST', `/__sandbox/orders/${placed}/status`, { status: 'in transit' });
    expect((await c.json('GET', '/__sandbox/outbox')).body.data[0].subject).not.toContain('in transit');
    expect((await c.json('PATCH', `/users/${me.id}`, { user: { notificationMethod: 'telegram' } })).body.errors.notificationMethod).toEqual(['must be email, sms or whatsapp']);
  });

  it('requires a token for every user route except the public ones', async () => {
    for (const [method, path] of [['GET', '/users/show_details'], ['GET', '/users'], ['GET', '/users/archived'], ['GET', '/users/1'],
      ['PATCH', '/users/1'], ['DELETE', '/users/1'], ['PATCH', '/users/1/restore']]) {
      const res = await anon.call(method ?? 'GET', path ?? '/');
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.text()).toBe('');
    }
  });
});

describe('password reset', () => {
  it('always answers forgot_password with 200 and mails a token when the user exists', async () => {
    const unknown = await anon.json('POST', '/users/forgot_password', { user: { email: 'ghost@example.com' } });
    expect(unknown.status).toBe(200);
    expect(unknown.body.message).toEqual(expect.any(String));
    expect((await anon.json('POST', '/users/forgot_password', { user: { email: 12 } })).status).toBe(200);
    await anon.json('POST', '/users/forgot_password', { user: { email: 'lerato@example.com' } });
    const token = (await c.json('GET', '/__sandbox/tokens')).body.data.find((t: { kind: string; email: string }) => t.kind === 'reset' && t.email === 'lerato@example.com').token;
    const outbox = (await c.json('GET', '/__sandbox/outbox')).body.data;
    expect(outbox[0]).toMatchObject({ kind: 'reset_password', recipient: 'lerato@example.com' });
    expect(outbox[0].payload.link).toContain(`/new-password?token=${token}`);

    const mismatch = await anon.json('POST', '/users/reset_password', { user: { password: 'Newpass#2026', confirm_password: 'Other#2026', token } });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.confirm_password).toEqual(['Passwords must match']);
    const weak = await anon.json('POST', '/users/reset_password', { user: { password: 'weak', confirm_password: 'weak', token } });
    expect(weak.body.errors.password).toContain('Password must contain at least 8 characters');
    const badToken = await anon.json('POST', '/users/reset_password', { user: { password: 'Newpass#2026', confirm_password: 'Newpass#2026', token: 'nope' } });
    expect(badToken.status).toBe(422);
    expect(badToken.body.errors.token).toEqual(['is invalid']);

    const ok = await anon.json('POST', '/users/reset_password', { user: { password: 'Newpass#2026', confirm_password: 'Newpass#2026', token } });
    expect(ok.status).toBe(200);
    await new Client(sandbox.url).login({ email: 'lerato@example.com', password: 'Newpass#2026' });
    const reused = await anon.json('POST', '/users/reset_password', { user: { password: 'Newpass#2026', confirm_password: 'Newpass#2026', token } });
    expect(reused.status).toBe(422);
  });
});
