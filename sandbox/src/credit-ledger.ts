import type { SandboxContext } from './context';
import { nowIso } from './db';
import { HttpError } from './http';

// Store credit is a ledger (issue 56, sandbox/README.md rule 17): every change of a shopper's balance is a movement that
// records the balance it left, and a payment that uses credit holds it until the payment ends. What the shopper can
// spend or withdraw is the ledger's balance less the holds of payments still open. Every write here runs inside the
// caller's transaction, so the balance is read and changed in one step and can never go below 0, even from two tabs.
// This module imports nothing of the serialisers, so they may read the balance for the quote.

/** Why a balance moved. */
export type MovementKind = 'item_not_bought' | 'return_refund' | 'refund' | 'spent' | 'spent_reversed' | 'withdrawal' | 'withdrawal_cancelled';

/** A movement as stored. */
export interface MovementRow {
  id: number;
  user_id: number;
  kind: MovementKind;
  order_id: number | null;
  product_id: number | null;
  withdrawal_id: number | null;
  reason: string;
  amount_cents: number;
  balance_after_cents: number;
  created_at: string;
}

/** The ledger's balance: what the last movement left (0 before any), holds not taken off. */
export function ledgerCents(ctx: SandboxContext, userId: number): number {
  const row = ctx.db.prepare('SELECT balance_after_cents FROM credit_movements WHERE user_id = ? ORDER BY id DESC LIMIT 1').get(userId) as
    | { balance_after_cents: number }
    | undefined;
  return row?.balance_after_cents ?? 0;
}

/** Credit held by the shopper's open payments: a hold counts while its attempt is pending and its quote within its 48 hours (a page left open past them can never pay). */
function heldCents(ctx: SandboxContext, userId: number, now = Date.now()): number {
  const since = new Date(now - 48 * 3_600_000).toISOString();
  const row = ctx.db
    .prepare(
      `SELECT COALESCE(SUM(h.amount_cents), 0) AS n FROM credit_holds h
       JOIN payment_attempts a ON a.id = h.attempt_id JOIN orders o ON o.id = h.order_id
       WHERE h.user_id = ? AND h.state = 'held' AND a.state = 'pending' AND o.quoted_at > ?`,
    )
    .get(userId, since) as { n: number };
  return row.n;
}

/** What the shopper can spend or withdraw now, in cents: the ledger's balance less the holds of open payments. */
export function availableCents(ctx: SandboxContext, userId: number): number {
  return Math.max(0, ledgerCents(ctx, userId) - heldCents(ctx, userId));
}

/**
 * Records a movement of `amountCents` (positive adds, negative takes) and the balance it leaves. A take beyond what is
 * available (holds counted) is refused with `refusal` and nothing is written. Answers the movement.
 */
export function addMovement(
  ctx: SandboxContext,
  userId: number,
  m: { kind: MovementKind; amountCents: number; reason: string; orderId?: number | null; productId?: number | null; withdrawalId?: number | null; at?: string },
  refusal: () => HttpError = () => new HttpError(422, 'Not enough credit'),
): MovementRow {
  return ctx.db.transaction(() => {
    if (m.amountCents < 0 && -m.amountCents > availableCents(ctx, userId)) throw refusal();
    const balance = ledgerCents(ctx, userId) + m.amountCents;
    const id = ctx.db
      .prepare(
        `INSERT INTO credit_movements (user_id, kind, order_id, product_id, withdrawal_id, reason, amount_cents, balance_after_cents, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(userId, m.kind, m.orderId, m.productId, m.withdrawalId, m.reason, m.amountCents, balance, m.at ?? nowIso()).lastInsertRowid;
    return ctx.db.prepare('SELECT * FROM credit_movements WHERE id = ?').get(id) as MovementRow;
  })();
}

/** Holds up to `wantedCents` of the shopper's available credit for a payment attempt; answers what it held (0: nothing available, no hold). */
export function holdCredit(ctx: SandboxContext, userId: number, orderId: number, attemptId: number, wantedCents: number): number {
  const cents = Math.min(availableCents(ctx, userId), wantedCents);
  if (cents <= 0) return 0;
  ctx.db
    .prepare("INSERT INTO credit_holds (user_id, attempt_id, order_id, amount_cents, state, created_at) VALUES (?, ?, ?, ?, 'held', ?)")
    .run(userId, attemptId, orderId, cents, nowIso());
  return cents;
}

/** Gives back the holds of an order's attempts that are no longer pending (ended, cancelled or failed): the credit is available again. */
export function releaseHolds(ctx: SandboxContext, orderId: number): void {
  ctx.db
    .prepare(
      `UPDATE credit_holds SET state = 'released', finished_at = ? WHERE order_id = ? AND state = 'held'
       AND attempt_id IN (SELECT id FROM payment_attempts WHERE order_id = ? AND state <> 'pending' AND state <> 'paid')`,
    )
    .run(nowIso(), orderId, orderId);
}

/** Turns the hold of a paid attempt into a `spent` movement ("Order 12: paid with credit"). */
export function spendHold(ctx: SandboxContext, attemptId: number, orderId: number): void {
  const hold = ctx.db.prepare("SELECT * FROM credit_holds WHERE attempt_id = ? AND state = 'held'").get(attemptId) as
    | { id: number; user_id: number; amount_cents: number }
    | undefined;
  if (!hold) return;
  // Marked first: the movement's check then no longer counts this hold against the balance it spends.
  ctx.db.prepare("UPDATE credit_holds SET state = 'spent', finished_at = ? WHERE id = ?").run(nowIso(), hold.id);
  addMovement(ctx, hold.user_id, { kind: 'spent', amountCents: -hold.amount_cents, reason: `Order ${orderId}: paid with credit`, orderId });
}
