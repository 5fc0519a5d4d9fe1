import type { SandboxContext } from './context';
import { addMovement, availableCents, type MovementKind, type MovementRow } from './credit-ledger';
import { nowIso } from './db';
import { HttpError, MAX_TEXT, notFound, tooLong } from './http';
import { queueMail } from './outbox';
import { notifyCredit } from './push';
import type { OrderRow, ProductRow } from './rows';
import { orderProducts, randText, VAT_RATE } from './serialize';
import { addWorkingDays } from './tracking';

// Store credit (issue 56, sandbox/README.md rule 17): the shopper's statement and withdrawals as the API answers them,
// credit given when it is due (an item not bought, a return refunded, a partial refund) with its notice, and the
// operator's payout. The ledger itself (balance, holds, movements) is src/credit-ledger.ts.

/** A withdrawal as stored: the whole account number stays here and never leaves in an answer, a log or a message. */
export interface WithdrawalRow {
  id: number;
  user_id: number;
  amount_cents: number;
  status: 'pending' | 'paid' | 'cancelled';
  bank: string;
  branch_code: string;
  account_holder: string;
  account_number: string;
  account_type: string;
  requested_at: string;
  expected_by: string;
  paid_at: string | null;
  cancelled_at: string | null;
}

/** Working days from the request to the day the shopper can expect the money. */
export const PAYOUT_WORKING_DAYS = 3;

/** A movement's wire shape: amount signed, the balance it left. */
export function movementJson(m: MovementRow) {
  return {
    id: m.id,
    kind: m.kind,
    order_id: m.order_id,
    reason: m.reason,
    amount: m.amount_cents / 100,
    balance_after: m.balance_after_cents / 100,
    created_at: m.created_at,
  };
}

/** A withdrawal's wire shape: the account number's last four digits only. */
export function withdrawalJson(w: WithdrawalRow) {
  return {
    id: w.id,
    amount: w.amount_cents / 100,
    status: w.status,
    bank: w.bank,
    account_holder: w.account_holder,
    account_ending: w.account_number.slice(-4),
    account_type: w.account_type,
    requested_at: w.requested_at,
    expected_by: w.expected_by,
    paid_at: w.paid_at,
  };
}

/** GET /credit: the balance the shopper can use now (holds of open payments taken off), the statement newest first, and the withdrawals newest first. */
export function creditJson(ctx: SandboxContext, userId: number) {
  const movements = ctx.db.prepare('SELECT * FROM credit_movements WHERE user_id = ? ORDER BY id DESC').all(userId) as MovementRow[];
  const withdrawals = ctx.db.prepare('SELECT * FROM withdrawals WHERE user_id = ? ORDER BY id DESC').all(userId) as WithdrawalRow[];
  return { balance: availableCents(ctx, userId) / 100, movements: movements.map(movementJson), withdrawals: withdrawals.map(withdrawalJson) };
}

/** One of the shopper's withdrawals, else 404 (another shopper's too). */
export function ownWithdrawal(ctx: SandboxContext, id: number, userId: number): WithdrawalRow {
  const row = ctx.db.prepare('SELECT * FROM withdrawals WHERE id = ? AND user_id = ?').get(id, userId) as WithdrawalRow | undefined;
  if (!row) throw notFound();
  return row;
}

/** How a withdrawal names the account in the statement: the bank and the account's last four digits. */
export const accountWords = (w: Pick<WithdrawalRow, 'bank' | 'account_number'>): string => `${w.bank} account ending ${w.account_number.slice(-4)}`;

/**
 * Records a pending withdrawal and takes its amount off the balance at once (a `withdrawal` movement), in one
 * transaction with the balance check: an amount beyond what is available is refused with the field error.
 */
export function recordWithdrawal(
  ctx: SandboxContext,
  userId: number,
  w: { amountCents: number; bank: string; branchCode: string; accountHolder: string; accountNumber: string; accountType: string },
): WithdrawalRow {
  return ctx.db.transaction(() => {
    const now = nowIso();
    const id = Number(
      ctx.db
        .prepare(
          `INSERT INTO withdrawals (user_id, amount_cents, status, bank, branch_code, account_holder, account_number, account_type, requested_at, expected_by)
           VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(userId, w.amountCents, w.bank, w.branchCode, w.accountHolder, w.accountNumber, w.accountType, now, addWorkingDays(now, PAYOUT_WORKING_DAYS)).lastInsertRowid,
    );
    const row = ctx.db.prepare('SELECT * FROM withdrawals WHERE id = ?').get(id) as WithdrawalRow;
    addMovement(ctx, userId, { kind: 'withdrawal', amountCents: -w.amountCents, reason: `Withdrawal to ${accountWords(row)}`, withdrawalId: id }, () => {
      const message = `can't be more than your credit of ${randText(availableCents(ctx, userId))}`;
      return new HttpError(422, `Amount ${message}`, { amount: [message] });
    });
    return row;
  })();
}

/** The words when a withdrawal that is no longer pending is cancelled. */
export const ONLY_PENDING = 'Only a pending withdrawal can be cancelled';

/** Cancels one of the shopper's withdrawals while it is pending: a `withdrawal_cancelled` movement gives the amount back; 422 otherwise, 404 another's. */
export function cancelWithdrawal(ctx: SandboxContext, userId: number, id: number): WithdrawalRow {
  return ctx.db.transaction(() => {
    const row = ownWithdrawal(ctx, id, userId);
    if (row.status !== 'pending') throw new HttpError(422, ONLY_PENDING);
    ctx.db.prepare("UPDATE withdrawals SET status = 'cancelled', cancelled_at = ? WHERE id = ?").run(nowIso(), id);
    addMovement(ctx, userId, { kind: 'withdrawal_cancelled', amountCents: row.amount_cents, reason: `Withdrawal to ${accountWords(row)} cancelled`, withdrawalId: id });
    return ownWithdrawal(ctx, id, userId);
  })();
}

/** The operator paid a withdrawal out (`POST /__sandbox/withdrawals/{id}/pay`): pending becomes paid, with when; 422 for one not pending, 404 unknown. */
export function payWithdrawal(ctx: SandboxContext, id: number) {
  const row = ctx.db.prepare('SELECT * FROM withdrawals WHERE id = ?').get(id) as WithdrawalRow | undefined;
  if (!row) throw notFound();
  if (row.status !== 'pending') throw new HttpError(422, `Withdrawal ${id} is ${row.status}: only a pending withdrawal can be paid`);
  ctx.db.prepare("UPDATE withdrawals SET status = 'paid', paid_at = ? WHERE id = ?").run(nowIso(), id);
  return withdrawalJson(ctx.db.prepare('SELECT * FROM withdrawals WHERE id = ?').get(id) as WithdrawalRow);
}

/** What the shopper was told of new credit: the channel of the message besides the push. */
export interface CreditNotice {
  movement: ReturnType<typeof movementJson>;
  balance: number;
  channel: 'whatsapp' | 'email';
}

/**
 * Adds credit to the shopper's balance with its reason and tells them on their channel: a `credit` push, and a WhatsApp
 * message when WhatsApp is their notification method, else an e-mail (outbox kind `credit_added`).
 */
export function giveCredit(
  ctx: SandboxContext,
  userId: number,
  m: { kind: MovementKind; amountCents: number; reason: string; orderId?: number | null; productId?: number | null },
): CreditNotice {
  const movement = addMovement(ctx, userId, m);
  const balance = availableCents(ctx, userId);
  const user = ctx.db.prepare('SELECT email, mobile, notification_method FROM users WHERE id = ?').get(userId) as { email: string; mobile: string; notification_method: string };
  notifyCredit(ctx, userId, m.amountCents, balance);
  const subject = 'Store credit added';
  const text = `${randText(m.amountCents)} is in your store credit: ${m.reason}. Your balance is ${randText(balance)}: spend it on your next quote or have it paid to your bank.`;
  const payload = { amount: m.amountCents / 100, balance: balance / 100, reason: m.reason, order_id: m.orderId ?? null, text, link: new URL('/my-credit/', ctx.siteOrigin).href };
  const channel = user.notification_method === 'whatsapp' ? 'whatsapp' : 'email';
  queueMail(ctx, 'credit_added', channel === 'whatsapp' ? user.mobile : user.email, subject, payload, channel);
  return { movement: movementJson(movement), balance: balance / 100, channel };
}

// Statuses in which the shopper has paid for the items (credit for one not bought is due from then on).
const PAID_STATUSES = ['paid', 'goods purchased', 'in transit', 'arrived in SA', 'delivered'];

function loadOrder(ctx: SandboxContext, orderId: number): OrderRow {
  const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow | undefined;
  if (!order) throw notFound();
  return order;
}

/** A product's line total in cents with VAT: (cost + customs + delivery) times its quantity, plus 15 %. */
function lineTotalCents(p: ProductRow, quantity = p.quantity): number {
  const line = ((p.cost_cents ?? 0) + (p.customs_cents ?? 0) + (p.delivery_cents ?? 0)) * quantity;
  return line + Math.round(line * VAT_RATE);
}

/** What the operator says of an item not bought: sold out (the default) or bought as a cheaper alternative, with the difference in rand. */
export interface NotBoughtInput {
  reason?: unknown;
  amount?: unknown;
}

/**
 * An item of a paid order was not bought (operator): sold out credits its line total with VAT, a cheaper alternative
 * the difference given (above 0, at most the line total). Once per product. Answers the notice.
 */
export function creditNotBought(ctx: SandboxContext, orderId: number, productId: number, input: NotBoughtInput): CreditNotice {
  return ctx.db.transaction(() => {
    const order = loadOrder(ctx, orderId);
    const product = orderProducts(ctx, orderId).find((p) => p.id === productId && p.deleted_at === null);
    if (!product) throw notFound();
    if (order.order_type !== 'normal' || !PAID_STATUSES.includes(order.status)) {
      throw new HttpError(422, `Order ${orderId} is ${order.status}: an item not bought is credited once the order is paid`);
    }
    const reason = input.reason ?? 'sold_out';
    if (reason !== 'sold_out' && reason !== 'cheaper_alternative') throw new HttpError(422, 'reason must be sold_out or cheaper_alternative');
    if (ctx.db.prepare("SELECT 1 FROM credit_movements WHERE kind = 'item_not_bought' AND product_id = ?").get(productId)) {
      throw new HttpError(422, `${product.name} of order ${orderId} was already credited`);
    }
    const line = lineTotalCents(product);
    let cents = line;
    if (reason === 'cheaper_alternative') {
      cents = typeof input.amount === 'number' && Number.isFinite(input.amount) ? Math.round(input.amount * 100) : 0;
      if (cents <= 0 || cents > line) throw new HttpError(422, `amount must be more than R0 and at most the line total (${randText(line)})`);
    }
    const words = reason === 'sold_out' ? 'sold out' : 'cost less';
    return giveCredit(ctx, order.user_id, { kind: 'item_not_bought', amountCents: cents, reason: `Order ${orderId}: ${product.name} ${words}`, orderId, productId });
  })();
}

/** A return order that is returned is refunded to credit (operator): the returned item's price with VAT times the quantity returned. Once per return. */
export function creditReturn(ctx: SandboxContext, orderId: number): CreditNotice {
  return ctx.db.transaction(() => {
    const order = loadOrder(ctx, orderId);
    if (order.order_type !== 'return' || order.status !== 'returned') throw new HttpError(422, `Order ${orderId} is not a returned return order`);
    if (ctx.db.prepare("SELECT 1 FROM credit_movements WHERE kind = 'return_refund' AND order_id = ?").get(orderId)) {
      throw new HttpError(422, `Return ${orderId} was already refunded`);
    }
    const product = ctx.db.prepare('SELECT * FROM products WHERE id = ?').get(order.return_product_id) as ProductRow | undefined;
    const price = (product?.cost_cents ?? 0) * (order.return_quantity ?? 0);
    const cents = price + Math.round(price * VAT_RATE);
    if (!product || cents <= 0) throw new HttpError(422, `The returned item of order ${orderId} has no price to refund`);
    return giveCredit(ctx, order.user_id, { kind: 'return_refund', amountCents: cents, reason: `Order ${orderId}: ${product.name} returned`, orderId, productId: product.id });
  })();
}

/** A partial refund the operator gives (`POST /__sandbox/users/credit`): a shopper's e-mail, an amount in rand, the reason, and optionally one of their orders. */
export interface RefundInput {
  email?: unknown;
  amount?: unknown;
  reason?: unknown;
  order_id?: unknown;
}

/** Credits a partial refund: 404 for an unknown e-mail or an order not the shopper's; 422 for no amount above 0 or no reason. */
export function creditRefund(ctx: SandboxContext, input: RefundInput): CreditNotice {
  return ctx.db.transaction(() => {
    const user = typeof input.email === 'string' ? (ctx.db.prepare('SELECT id FROM users WHERE email = ?').get(input.email.trim()) as { id: number } | undefined) : undefined;
    if (!user) throw new HttpError(404, `No user with e-mail ${String(input.email)}`);
    const cents = typeof input.amount === 'number' && Number.isFinite(input.amount) ? Math.round(input.amount * 100) : 0;
    if (cents <= 0) throw new HttpError(422, 'amount must be a number of rand above 0');
    const said = typeof input.reason === 'string' ? input.reason.trim() : '';
    if (said === '') throw new HttpError(422, 'reason is required');
    if (said.length > MAX_TEXT) throw new HttpError(422, `reason ${tooLong(MAX_TEXT)}`);
    const orderId = input.order_id === undefined || input.order_id === null ? null : Number(input.order_id);
    if (orderId !== null && !ctx.db.prepare('SELECT 1 FROM orders WHERE id = ? AND user_id = ?').get(orderId, user.id)) throw notFound();
    const reason = orderId === null ? said : `Order ${orderId}: ${said}`;
    return giveCredit(ctx, user.id, { kind: 'refund', amountCents: cents, reason, orderId });
  })();
}
