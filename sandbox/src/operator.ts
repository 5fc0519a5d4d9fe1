import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_SCOPE_TOKEN, expireUserAccess, issueToken, lockUser, revokeUserTokens } from './auth';
import { FALLBACK_PUBLIC_URL, type SandboxContext } from './context';
import { TABLES } from './db';
import { HttpError } from './http';
import { makePng } from './png';
import type { OrderRow } from './rows';
import { insertOrder, seed } from './seed';
import { shopPage } from './shops';
import { orderProducts, quoteFor } from './serialize';
import { shipmentCandidates } from './shipments';
import { saveUpload, uploadSize, uploadUrl } from './uploads';

/** Most orders one seed-orders call may create. */
export const MAX_SEED_ORDERS = 10_000;

function userIdByEmail(ctx: SandboxContext, email: unknown): number {
  const row = typeof email === 'string'
    ? (ctx.db.prepare('SELECT id FROM users WHERE email = ?').get(email.trim()) as { id: number } | undefined)
    : undefined;
  if (!row) throw new HttpError(404, `No user with e-mail ${String(email)}`);
  return row.id;
}

/** Reset and unlock tokens with the user's e-mail, newest first. */
export function listTokens(ctx: SandboxContext) {
  return ctx.db
    .prepare(
      `SELECT t.kind, t.token, u.email, t.created_at, t.used_at FROM user_tokens t JOIN users u ON u.id = t.user_id
       ORDER BY t.created_at DESC, t.rowid DESC`,
    )
    .all();
}

/** A one-line summary of every order (optionally one user's), newest first. */
export function listOrders(ctx: SandboxContext, email?: string) {
  const rows = (email
    ? ctx.db.prepare('SELECT * FROM orders WHERE user_id = ? ORDER BY id DESC').all(userIdByEmail(ctx, email))
    : ctx.db.prepare('SELECT * FROM orders ORDER BY id DESC').all()) as OrderRow[];
  const emails = new Map((ctx.db.prepare('SELECT id, email FROM users').all() as { id: number; email: string }[]).map((u) => [u.id, u.email]));
  const portals = new Map((ctx.db.prepare('SELECT id, name FROM portals').all() as { id: number; name: string }[]).map((p) => [p.id, p.name]));
  return rows.map((o) => {
    const products = orderProducts(ctx, o.id);
    return {
      id: o.id,
      email: emails.get(o.user_id),
      portal: portals.get(o.portal_id) ?? String(o.portal_id),
      order_type: o.order_type,
      status: o.status,
      items: products.filter((p) => p.deleted_at === null).reduce((n, p) => n + p.quantity, 0),
      total: quoteFor(o, products)?.total ?? null,
      created_at: o.created_at,
    };
  });
}

/** The stored order with every product (deleted ones too), and the byte size and signed link of each upload. */
export function rawOrder(ctx: SandboxContext, id: number) {
  const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(id) as OrderRow | undefined;
  if (!order) throw new HttpError(404, 'Not found');
  const origin = ctx.publicUrl ?? FALLBACK_PUBLIC_URL;
  return {
    ...order,
    return_photo_bytes: order.return_photo ? uploadSize(ctx.uploadsDir, order.return_photo) : null,
    return_photo_url: uploadUrl(ctx, origin, order.return_photo),
    products: orderProducts(ctx, id).map((p) => ({
      ...p,
      screenshot_bytes: p.screenshot ? uploadSize(ctx.uploadsDir, p.screenshot) : null,
      screenshot_url: uploadUrl(ctx, origin, p.screenshot),
    })),
  };
}

/** The orders that can ship together (issue 57): of the user with this e-mail, or of every user (each group with its user's e-mail). */
export function shipmentCandidatesOf(ctx: SandboxContext, email?: string) {
  const users = (email
    ? [{ id: userIdByEmail(ctx, email), email }]
    : ctx.db.prepare('SELECT id, email FROM users ORDER BY id').all()) as { id: number; email: string }[];
  return users.flatMap((u) => shipmentCandidates(ctx, u.id).map((group) => ({ email: u.email, ...group })));
}

/** Revokes every access and refresh token of the user with this e-mail. */
export function revokeRefresh(ctx: SandboxContext, email: unknown) {
  return { revoked: revokeUserTokens(ctx, userIdByEmail(ctx, email)) };
}

/** Expires the access tokens of the user with this e-mail at once, as time would; their refresh tokens still renew them. */
export function expireAccess(ctx: SandboxContext, email: unknown) {
  return { expired: expireUserAccess(ctx, userIdByEmail(ctx, email)) };
}

/** Locks the account with this e-mail (tokens revoked, unlock link mailed) until its unlock link or a password reset. */
export function lockAccount(ctx: SandboxContext, email: unknown) {
  return lockUser(ctx, userIdByEmail(ctx, email));
}

/** Reopens the closed (archived) account with this e-mail, as the operator's `PATCH /users/{id}/restore` does; its owner signs in again. */
export function restoreAccount(ctx: SandboxContext, email: unknown) {
  const id = userIdByEmail(ctx, email);
  ctx.db.prepare('UPDATE users SET archived_at = NULL WHERE id = ?').run(id);
  return ctx.db.prepare('SELECT id, email, archived_at FROM users WHERE id = ?').get(id);
}

/** A token with the admin scope for the user with this e-mail: the only way to one, as the token endpoint never grants it. */
export function adminToken(ctx: SandboxContext, email: unknown) {
  return issueToken(ctx, userIdByEmail(ctx, email), { scope: ADMIN_SCOPE_TOKEN });
}

/** Creates `count` placed orders for a user in one transaction (for scale tests). */
export function seedOrders(ctx: SandboxContext, email: unknown, count: unknown) {
  const userId = userIdByEmail(ctx, email);
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_SEED_ORDERS) {
    throw new HttpError(422, `count must be an integer from 1 to ${MAX_SEED_ORDERS}`);
  }
  const address = ctx.db.prepare('SELECT id FROM addresses WHERE user_id = ? AND deleted_at IS NULL ORDER BY id LIMIT 1').get(userId) as
    | { id: number }
    | undefined;
  const portals = ctx.db.prepare('SELECT id, link FROM portals ORDER BY id').all() as { id: number; link: string }[];
  const [first] = portals;
  if (!first) throw new HttpError(422, 'There are no portals to order from');
  const shot = saveUpload(ctx.uploadsDir, makePng(32, [90, 90, 90]), 'png');
  const ids = ctx.db.transaction(() =>
    Array.from({ length: count }, (_, i) => {
      const portal = portals[i % portals.length] ?? first;
      return insertOrder(ctx, {
        userId,
        portalId: portal.id,
        addressId: address?.id ?? null,
        daysAgo: 0,
        shot,
        products: [{ name: `Bulk item ${i + 1}`, description: shopPage(portal.link, `item/${i + 1}`), quantity: 1 }],
      });
    }),
  )();
  return { created: ids.length, first_id: ids[0], last_id: ids[ids.length - 1] };
}

/** Wipes every table and stored upload, then seeds again. */
export function resetData(ctx: SandboxContext): void {
  ctx.db.transaction(() => {
    for (const table of TABLES) ctx.db.prepare(`DELETE FROM ${table}`).run();
  })();
  ctx.backoff.clearAll();
  ctx.rateLimits.clearAll();
  if (fs.existsSync(ctx.uploadsDir)) {
    for (const name of fs.readdirSync(ctx.uploadsDir)) fs.rmSync(path.join(ctx.uploadsDir, name), { force: true });
  }
  seed(ctx);
}

/** Visit counts per portal. */
export function portalVisits(ctx: SandboxContext) {
  return ctx.db.prepare('SELECT id, name, visits FROM portals ORDER BY id').all();
}
