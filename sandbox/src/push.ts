import crypto from 'node:crypto';
import webpush, { type RequestOptions } from 'web-push';
import { FALLBACK_PUBLIC_URL, type PushState, type SandboxContext } from './context';
import type { Db } from './db';
import type { OrderRow } from './rows';
import { QUOTE_VALID_HOURS, orderProducts, quoteFor } from './serialize';
import { queueWhatsApp } from './outbox';

/** The VAPID `sub` claim: how a push service reaches the sender's operator. */
export const VAPID_SUBJECT = 'mailto:operator@sandbox.invalid';
/** Hours before a quote expires when the unpaid order's reminder goes out. */
const REMINDER_HOURS = 6;
/** Order statuses whose arrival is pushed to the shopper. */
const PUSHED_STATUSES: readonly string[] = ['paid', 'in transit', 'arrived in SA', 'delivered'];
/** How often the expiry reminder looks for quotes about to expire, by default (seconds). */
export const DEFAULT_REMINDER_SECONDS = 60;
/** Most push subscriptions one user keeps (one per browser); a newer one drops the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

const HOUR_MS = 3_600_000;
const STATUS_TTL_SECONDS = 86_400;
const MIN_QUOTE_TTL_SECONDS = 60;
const SEND_TIMEOUT_MS = 10_000;
/** Path of the stand-in push service's endpoints (`/__sandbox/push-service/<token>`). */
export const STAND_IN_PATH = /^\/__sandbox\/push-service\/([\w-]{1,64})$/;
// The push services of Chrome/Edge-on-Android/Opera/Samsung (FCM), Firefox, Safari and Edge (WNS): nothing else is sent to.
const PUSH_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com'];
const PUSH_HOST_SUFFIXES = ['.push.apple.com', '.notify.windows.com'];

/** The messages of an order: the quote is ready, its expiry reminder, an order's status move, its warehouse photos arrived, and it runs late. */
export type PushKind = 'quote' | 'expiry' | 'status' | 'photos' | 'late';

/** What a `late` message adds: the last day of the window that passed, and the new window when the service moved it. */
export interface LateNews {
  expected_to: string;
  new_from?: string;
  new_to?: string;
}

/** The JSON text of a push message: what a locked phone may show (the order and what happened), and the details. */
interface PushPayload {
  kind: PushKind;
  order_id: number;
  /** When the quote expires (quoted_at + 48 h), or null before a quote. */
  valid_until: string | null;
  status: string;
  /** The shop's name: only to a subscription whose shopper chose to show details. */
  shop?: string;
  /** The quote's total in rand, or null before a quote: only with the details. */
  total?: number | null;
  /** Of a `late` message (issue 55). */
  expected_to?: string;
  new_from?: string;
  new_to?: string;
}

/** A stored subscription. */
export interface SubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
  /** The sign-in (token family) it was registered in: it is sent to only while that sign-in lives, and deleted when it ends. */
  family_id: string;
  /** 1 when the shopper chose to show the shop and total on the phone (a locked phone shows them too), else 0. */
  show_details: number;
}

/** The VAPID key pair kept in the database, made on first start: every subscriber's browser holds its public key. */
function vapidKeys(db: Db): { public_key: string; private_key: string } {
  const stored = () => db.prepare('SELECT public_key, private_key FROM push_keys WHERE id = 1').get() as { public_key: string; private_key: string } | undefined;
  const existing = stored();
  if (existing) return existing;
  const keys = webpush.generateVAPIDKeys();
  // OR IGNORE: the operator command may open the same new database file at the same moment.
  db.prepare('INSERT OR IGNORE INTO push_keys (id, public_key, private_key, created_at) VALUES (1, ?, ?, ?)').run(keys.publicKey, keys.privateKey, new Date().toISOString());
  return stored() ?? { public_key: keys.publicKey, private_key: keys.privateKey };
}

/** Loads (or makes) the VAPID keys; `standIn` accepts and sends to the stand-in push service. */
export function createPushState(db: Db, standIn: boolean): PushState {
  const keys = vapidKeys(db);
  return {
    vapid: { subject: VAPID_SUBJECT, publicKey: keys.public_key, privateKey: keys.private_key },
    standIn,
    pending: new Set(),
    inbox: [],
    answers: new Map(),
  };
}

/** The bytes of strict base64url text (padding allowed), else undefined. */
export function base64urlBytes(text: string): Buffer | undefined {
  return /^[\w-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url') : undefined;
}

/** Whether `text` is a browser's `p256dh` key: base64url of an uncompressed P-256 point (65 bytes, 0x04 first) on the curve. */
export function isP256PublicKey(text: string): boolean {
  const bytes = base64urlBytes(text);
  if (bytes?.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    crypto.ECDH.convertKey(bytes, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

function parseUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.username === '' && url.password === '' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `endpoint` is on this sandbox's stand-in push service (and the stand-in is on). */
function isStandInEndpoint(ctx: SandboxContext, endpoint: string): boolean {
  const url = parseUrl(endpoint);
  const origin = new URL(ctx.publicUrl ?? FALLBACK_PUBLIC_URL).origin;
  return ctx.push.standIn && url?.origin === origin && url.search === '' && url.hash === '' && STAND_IN_PATH.test(url.pathname);
}

/** Whether a subscription's endpoint may be stored: an https URL, or the stand-in's when it is on. */
export function isAcceptedEndpoint(ctx: SandboxContext, endpoint: string): boolean {
  return parseUrl(endpoint)?.protocol === 'https:' || isStandInEndpoint(ctx, endpoint);
}

/** Whether the sandbox sends to `endpoint`: a known push service on the default https port, or the stand-in; never any other host (SSRF). */
function isKnownPushService(ctx: SandboxContext, endpoint: string): boolean {
  const url = parseUrl(endpoint);
  if (url?.protocol === 'https:' && url.port === '') {
    return PUSH_HOSTS.includes(url.hostname) || PUSH_HOST_SUFFIXES.some((suffix) => url.hostname.endsWith(suffix));
  }
  return isStandInEndpoint(ctx, endpoint);
}

/** When the order's quote expires (ms since the epoch), or null before a quote. */
function quoteExpiry(order: OrderRow): number | null {
  return order.quoted_at === null ? null : Date.parse(order.quoted_at) + QUOTE_VALID_HOURS * HOUR_MS;
}

/** The message of an order: its id, quote expiry and status, and with `details` its shop and total. */
function orderPayload(ctx: SandboxContext, order: OrderRow, kind: PushKind, details: boolean, late?: LateNews): PushPayload {
  const quote = quoteFor(order, orderProducts(ctx, order.id));
  const expiry = quoteExpiry(order);
  const valid_until = quote && expiry !== null ? new Date(expiry).toISOString() : null;
  const payload: PushPayload = { kind, order_id: order.id, valid_until, status: order.status, ...late };
  if (!details) return payload;
  const portal = ctx.db.prepare('SELECT name FROM portals WHERE id = ?').get(order.portal_id) as { name: string } | undefined;
  return { ...payload, shop: portal?.name ?? '', total: quote?.total ?? null };
}

/**
 * Deletes the subscriptions whose sign-in has ended, however it ended: its tokens revoked (Log Out, a reused refresh
 * token, a locked account), its refresh token expired, or past the sign-in's absolute lifetime. A sign-in lives while
 * the newest token of its family could still be refreshed. Returns how many went.
 */
export function dropEndedSubscriptions(ctx: SandboxContext, now = Date.now()): number {
  const { refreshTokenLifetimeSeconds, refreshFamilyLifetimeSeconds } = ctx.settings;
  return ctx.db
    .prepare(
      `DELETE FROM push_subscriptions WHERE NOT EXISTS (
         SELECT 1 FROM access_tokens t
         WHERE t.family_id = push_subscriptions.family_id AND t.user_id = push_subscriptions.user_id
           AND t.revoked_at IS NULL AND t.refreshed_at IS NULL
           AND t.created_at + ? > ? AND t.family_started_at + ? > ?)`,
    )
    .run(refreshTokenLifetimeSeconds * 1000, now, refreshFamilyLifetimeSeconds * 1000, now).changes;
}

/** Seconds the push service keeps an undelivered message: a quote's until it expires (at least a minute), a status move a day. */
function timeToLive(order: OrderRow, kind: PushKind, now: number): number {
  const expiry = quoteExpiry(order);
  if (kind === 'status' || kind === 'photos' || kind === 'late' || expiry === null) return STATUS_TTL_SECONDS;
  const left = Math.ceil((expiry - now) / 1000);
  return kind === 'quote' ? Math.max(MIN_QUOTE_TTL_SECONDS, left) : Math.max(0, left);
}

function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.message} (${code})` : error.message;
}

// Never logs the endpoint: its path is the subscriber's capability.
async function deliver(ctx: SandboxContext, sub: SubscriptionRow, text: string, options: RequestOptions): Promise<void> {
  try {
    if (!isKnownPushService(ctx, sub.endpoint)) {
      console.warn(`[sandbox] push to subscription ${sub.id} skipped: not a known push service`);
      return;
    }
    const request = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, text, options);
    const res = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers,
      body: new Uint8Array(request.body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    // 404 and 410: the browser unsubscribed or the subscription expired; it will never be delivered again.
    if (res.status === 404 || res.status === 410) {
      ctx.db.prepare('DELETE FROM push_subscriptions WHERE id = ? AND endpoint = ?').run(sub.id, sub.endpoint);
    } else if (!res.ok) {
      console.warn(`[sandbox] push to subscription ${sub.id} failed: HTTP ${res.status}`);
    }
  } catch (error) {
    console.warn(`[sandbox] push to subscription ${sub.id} failed: ${reason(error)}`);
  }
}

function track(ctx: SandboxContext, work: Promise<void>): void {
  const settled: Promise<void> = work
    .catch((error: unknown) => console.warn(`[sandbox] push failed: ${reason(error)}`))
    .then(() => {
      ctx.push.pending.delete(settled);
    });
  ctx.push.pending.add(settled);
}

/**
 * Pushes an order's message to each subscription of its owner whose sign-in lives, in the background: the caller never
 * waits on a push service nor fails with it ({@link settlePushes} waits for the sends). A `late` message carries `late`.
 */
export function notifyOrder(ctx: SandboxContext, orderId: number, kind: PushKind, now = Date.now(), late?: LateNews): void {
  track(
    ctx,
    (async () => {
      const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow | undefined;
      if (!order) return;
      dropEndedSubscriptions(ctx);
      const subs = ctx.db.prepare('SELECT * FROM push_subscriptions WHERE user_id = ? ORDER BY id').all(order.user_id) as SubscriptionRow[];
      if (subs.length === 0) return;
      const brief = JSON.stringify(orderPayload(ctx, order, kind, false, late));
      const detailed = JSON.stringify(orderPayload(ctx, order, kind, true, late));
      const options: RequestOptions = {
        vapidDetails: ctx.push.vapid,
        TTL: timeToLive(order, kind, now),
        urgency: kind === 'status' || kind === 'photos' || kind === 'late' ? 'normal' : 'high',
        // One message per order waits at the push service: a newer one replaces an undelivered older one.
        topic: `order-${order.id}`,
        contentEncoding: 'aes128gcm',
      };
      await Promise.all(subs.map((sub) => deliver(ctx, sub, sub.show_details === 1 ? detailed : brief, options)));
    })(),
  );
}

/**
 * Tells the shopper's subscriptions that store credit was added (issue 56): `{ kind: 'credit' }`, with the amount and the
 * balance in rand only to a subscription whose shopper chose to show details (money on a locked phone, as the quote's
 * total). Kept a day at normal urgency; a newer one replaces an undelivered older one. In the background, as notifyOrder.
 */
export function notifyCredit(ctx: SandboxContext, userId: number, amountCents: number, balanceCents: number): void {
  track(
    ctx,
    (async () => {
      dropEndedSubscriptions(ctx);
      const subs = ctx.db.prepare('SELECT * FROM push_subscriptions WHERE user_id = ? ORDER BY id').all(userId) as SubscriptionRow[];
      const brief = JSON.stringify({ kind: 'credit' });
      const detailed = JSON.stringify({ kind: 'credit', amount: amountCents / 100, balance: balanceCents / 100 });
      const options: RequestOptions = { vapidDetails: ctx.push.vapid, TTL: STATUS_TTL_SECONDS, urgency: 'normal', topic: 'credit', contentEncoding: 'aes128gcm' };
      await Promise.all(subs.map((sub) => deliver(ctx, sub, sub.show_details === 1 ? detailed : brief, options)));
    })(),
  );
}

/** Pushes a status move when the order reached one of {@link PUSHED_STATUSES}, and sends it by WhatsApp to a shopper who chose that. */
export function notifyStatus(ctx: SandboxContext, orderId: number, status: string): void {
  if (!PUSHED_STATUSES.includes(status)) return;
  notifyOrder(ctx, orderId, 'status');
  queueWhatsApp(ctx, orderId, 'status', `Order ${orderId}: ${status}.`, { status });
}

/** Waits until every push sent so far (and any they started) has finished. */
export async function settlePushes(ctx: SandboxContext): Promise<void> {
  while (ctx.push.pending.size > 0) await Promise.all([...ctx.push.pending]);
}

/**
 * One pass of the expiry reminder: each unpaid quoted order (processing) of a subscribed shopper whose quote expires
 * within {@link REMINDER_HOURS} and has not expired gets one `expiry` message per quote (a re-issued quote reminds
 * again). Returns the ids of the orders reminded.
 */
export function remindExpiringQuotes(ctx: SandboxContext, now = Date.now()): number[] {
  dropEndedSubscriptions(ctx);
  const rows = ctx.db
    .prepare(
      `SELECT o.* FROM orders o
       WHERE o.order_type = 'normal' AND o.status = 'processing' AND o.quoted_at IS NOT NULL
         AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = o.user_id)
         AND NOT EXISTS (SELECT 1 FROM push_reminders r WHERE r.order_id = o.id AND r.quoted_at = o.quoted_at)
       ORDER BY o.id`,
    )
    .all() as OrderRow[];
  const due = rows.filter((order) => {
    const left = (quoteExpiry(order) ?? now) - now;
    return left > 0 && left <= REMINDER_HOURS * HOUR_MS;
  });
  const remember = ctx.db.prepare('INSERT OR REPLACE INTO push_reminders (order_id, quoted_at, reminded_at) VALUES (?, ?, ?)');
  for (const order of due) {
    remember.run(order.id, order.quoted_at, new Date(now).toISOString());
    notifyOrder(ctx, order.id, 'expiry', now);
  }
  return due.map((order) => order.id);
}

/** Runs {@link remindExpiringQuotes} and each of `alsoEachTime` (the late check) every `seconds`; returns the function that stops it. */
export function startReminders(ctx: SandboxContext, seconds: number, alsoEachTime: readonly ((ctx: SandboxContext) => unknown)[] = []): () => void {
  const timer = setInterval(() => {
    for (const pass of [remindExpiringQuotes, ...alsoEachTime]) {
      try {
        pass(ctx);
      } catch (error) {
        console.warn(`[sandbox] reminder failed: ${reason(error)}`);
      }
    }
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** Forgets what the stand-in push service received and the answers tests set. */
export function clearPushService(ctx: SandboxContext): void {
  ctx.push.inbox.length = 0;
  ctx.push.answers.clear();
}
