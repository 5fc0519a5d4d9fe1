import { readCheckout, recordCheckout, type Checkout } from './checkout';
import type { PaymentFlow, SandboxContext } from './context';
import { addMovement, availableCents, holdCredit, releaseHolds, spendHold } from './credit-ledger';
import { nowIso } from './db';
import { FieldReader, HttpError } from './http';
import { checkPickupPoint } from './pickup';
import { notifyStatus } from './push';
import type { OrderRow } from './rows';
import { QUOTE_VALID_HOURS, orderProducts, quoteFor, randText, VAT_RATE } from './serialize';
import { openWindow, recordMove } from './tracking';

/** The message of a quote past its 48 hours, as the quote page words it. */
export const QUOTE_EXPIRED = 'This quote has expired.';

/** One try at paying an order: what it charges, fixed when it starts (issue 53). */
export interface PaymentAttempt {
  id: number;
  order_id: number;
  /** The provider page's unguessable secret; null for a card payment that completed at once. */
  secret: string | null;
  method: 'card' | 'hosted';
  card_id: number | null;
  /** What the card or PayFast charges: the total less the credit it holds. */
  amount_cents: number;
  /** Store credit the attempt holds and spends when paid (issue 56); 0 without. */
  credit_cents: number;
  address_id: number | null;
  /** The choices it charges for, as JSON of a Checkout; null for an order without speeds, insurance or a declaration. */
  checkout: string | null;
  return_url: string | null;
  cancel_url: string | null;
  /** pending while the shopper is on the provider's page; paid; cancelled or failed there; ended by a newer attempt or a change. */
  state: 'pending' | 'paid' | 'cancelled' | 'failed' | 'ended';
  ended_reason: string | null;
  created_at: string;
  finished_at: string | null;
}

/** Why a confirmation was refused: what the provider's page tells the shopper, and the HTTP status it answers with. */
export interface Refusal {
  status: 404 | 409 | 422;
  message: string;
}

/** The payment flow of one user: their own when a test set one, else the sandbox's (SANDBOX_PAYMENT). */
export function paymentFlow(ctx: SandboxContext, userId: number): PaymentFlow {
  return ctx.payments.perUser.get(userId) ?? ctx.payments.flow;
}

/** A return or cancel link the client asked for, kept only when it is on the site's own origin (no open redirect); else undefined. */
export function siteLink(ctx: SandboxContext, given: unknown): string | undefined {
  if (typeof given !== 'string') return undefined;
  try {
    const url = new URL(given);
    return url.origin === ctx.siteOrigin && url.username === '' && url.password === '' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** Sets the payment flow of the user with this e-mail (a test switch): `direct`, `redirect`, or null for the sandbox's. */
export function setPaymentFlow(ctx: SandboxContext, email: unknown, flow: unknown) {
  const row = typeof email === 'string' ? (ctx.db.prepare('SELECT id FROM users WHERE email = ?').get(email.trim()) as { id: number } | undefined) : undefined;
  if (!row) throw new HttpError(404, `No user with e-mail ${String(email)}`);
  if (flow === null) ctx.payments.perUser.delete(row.id);
  else if (flow === 'direct' || flow === 'redirect') ctx.payments.perUser.set(row.id, flow);
  else throw new HttpError(422, 'flow must be direct, redirect or null');
  return { email, flow: paymentFlow(ctx, row.id) };
}

/** True once the quote's 48 hours are over (SPEC section 1): the service, not only the page, refuses to take its money. */
export function isQuoteExpired(order: Pick<OrderRow, 'quoted_at'>, now = Date.now()): boolean {
  return order.quoted_at !== null && now - Date.parse(order.quoted_at) >= QUOTE_VALID_HOURS * 3_600_000;
}

const loadOrder = (ctx: SandboxContext, orderId: number) => ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow;

/** What the order charges now with these choices, VAT included, in cents: the quote, or the checkout's sub-total when there are choices. */
function chargeCents(ctx: SandboxContext, order: OrderRow, checkout: Checkout | undefined): number {
  const subTotal = checkout ? checkout.subTotalCents : Math.round((quoteFor(order, orderProducts(ctx, order.id))?.sub_total ?? 0) * 100);
  return subTotal + Math.round(subTotal * VAT_RATE);
}

/** Refuses an order that cannot be paid now: not a quoted order in processing, or its quote past its 48 hours. */
function checkPayable(order: OrderRow): void {
  if (order.order_type !== 'normal' || order.status !== 'processing' || order.quoted_at === null) {
    throw new HttpError(422, 'Only a quoted order in processing can be paid');
  }
  if (isQuoteExpired(order)) throw new HttpError(422, QUOTE_EXPIRED, { quote: [QUOTE_EXPIRED] });
}

/** Whether the payment asks to use the shopper's store credit (`use_credit`, true or false; absent is false). */
function readUseCredit(params: Record<string, unknown>): boolean {
  const f = new FieldReader(params);
  const use = f.boolean('use_credit') ?? false;
  f.check();
  return use;
}

/** The words for a payment with credit alone when the available credit no longer covers the total. */
export const CREDIT_SHORT = 'Your credit no longer covers this total: pay the rest by card or another way';
/** The words for a card or PayFast payment asked to use credit that covers the whole total: nothing would be left to charge. */
export const CREDIT_COVERS = 'Your credit covers this total: pay with your credit, no card needed';

// An order without speeds, insurance or a declaration records the quote as its checkout once credit pays part of it,
// so the order can say what the credit paid and what the card charged.
function plainCheckout(ctx: SandboxContext, order: OrderRow): Checkout {
  const subTotalCents = Math.round((quoteFor(order, orderProducts(ctx, order.id))?.sub_total ?? 0) * 100);
  return { shippingOption: null, shippingCents: 0, insuranceCents: null, declarationConfirmed: false, subTotalCents };
}

/**
 * Starts a payment attempt on an order of the caller, reading it afresh (a second request that waited on its body sees
 * the first one's payment): refuses an order that cannot be paid, an expired quote, and choices that no longer match
 * the quote; ends the order's previous attempt; records the amount and the choices this one charges. With `use_credit`
 * the attempt holds min(available credit, total) and charges the rest (issue 56); credit that covers the whole total is
 * refused here (pay_with_credit pays it with no card).
 */
export function startAttempt(
  ctx: SandboxContext,
  orderId: number,
  params: Record<string, unknown>,
  how: { method: 'card' | 'hosted'; cardId?: number; returnUrl?: string; cancelUrl?: string; secret?: string },
): PaymentAttempt {
  return ctx.db.transaction(() => {
    const order = loadOrder(ctx, orderId);
    checkPayable(order);
    // Issue 57: a pickup point that closed, or takes less than the parcel weighs, is refused before anything is held.
    checkPickupPoint(ctx, order);
    const useCredit = readUseCredit(params);
    const chosen = readCheckout(ctx, order, params);
    endAttempts(ctx, orderId, 'A newer payment of this order was started.');
    const total = chargeCents(ctx, order, chosen);
    // Read after the older attempt let go of its hold, inside this transaction: two tabs never hold the same rand.
    const credit = useCredit ? Math.min(availableCents(ctx, order.user_id), total) : 0;
    if (credit >= total && credit > 0) throw new HttpError(422, CREDIT_COVERS, { use_credit: [CREDIT_COVERS] });
    const checkout = chosen ?? (credit > 0 ? plainCheckout(ctx, order) : undefined);
    if (checkout) recordCheckout(ctx, orderId, checkout);
    const id = ctx.db
      .prepare(
        `INSERT INTO payment_attempts (order_id, secret, method, card_id, amount_cents, credit_cents, address_id, checkout, return_url, cancel_url, state, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)`,
      )
      .run(orderId, how.secret, how.method, how.cardId, total - credit, credit, order.address_id, checkout ? JSON.stringify(checkout) : null, how.returnUrl, how.cancelUrl, nowIso())
      .lastInsertRowid;
    if (credit > 0) holdCredit(ctx, order.user_id, orderId, id, credit);
    ctx.db.prepare("UPDATE orders SET payment_status = 'pending', checkout_credit_cents = ? WHERE id = ?").run(credit > 0 ? credit : null, orderId);
    return ctx.db.prepare('SELECT * FROM payment_attempts WHERE id = ?').get(id) as PaymentAttempt;
  })();
}

/** Marks the order paid: by an attempt (its id and what it charged) or by credit alone (no attempt, nothing charged); the move to paid and its delivery window. */
function markPaid(ctx: SandboxContext, orderId: number, paid: { attemptId: number | null; amountCents: number; checkout: Checkout | undefined }): void {
  const now = nowIso();
  if (paid.checkout) recordCheckout(ctx, orderId, paid.checkout);
  ctx.db
    .prepare("UPDATE orders SET status = 'paid', payment_status = 'paid', paid_attempt_id = ?, paid_amount_cents = ?, paid_at = ? WHERE id = ?")
    .run(paid.attemptId, paid.amountCents, now, orderId);
  recordMove(ctx, orderId, 'paid', now);
  // The delivery window starts with the payment: the paid checkout's speed, counted in working days.
  openWindow(ctx, orderId, now, paid.checkout?.shippingOption ?? null);
}

/**
 * Pays an order with store credit alone (POST /orders/{id}/pay_with_credit, issue 56): the same checks and choices as a
 * card payment; ends any open attempt; when the shopper's available credit covers the whole total, one `spent`
 * movement and the order is paid, else 422 `use_credit` and nothing changes. All in one transaction with the balance.
 */
export function payWithCredit(ctx: SandboxContext, orderId: number, params: Record<string, unknown>): void {
  ctx.db.transaction(() => {
    const order = loadOrder(ctx, orderId);
    checkPayable(order);
    checkPickupPoint(ctx, order);
    readUseCredit(params);
    const checkout = readCheckout(ctx, order, params) ?? plainCheckout(ctx, order);
    endAttempts(ctx, orderId, 'A newer payment of this order was started.');
    const total = chargeCents(ctx, order, checkout);
    const short = () => new HttpError(422, CREDIT_SHORT, { use_credit: [CREDIT_SHORT] });
    if (total <= 0) throw short();
    addMovement(ctx, order.user_id, { kind: 'spent', amountCents: -total, reason: `Order ${orderId}: paid with credit`, orderId }, short);
    ctx.db.prepare('UPDATE orders SET checkout_credit_cents = ? WHERE id = ?').run(total, orderId);
    markPaid(ctx, orderId, { attemptId: null, amountCents: 0, checkout });
  })();
}

/**
 * Ends the order's pending payment attempt, if any (a newer one started, or what it charges for changed): it can no
 * longer be confirmed, cancelled or failed. An unpaid order forgets the choices it recorded and reads payment_status
 * `ended`, so the quote page can say the payment stopped and nothing was charged.
 */
export function endAttempts(ctx: SandboxContext, orderId: number, reason: string): void {
  const ended = ctx.db
    .prepare("UPDATE payment_attempts SET state = 'ended', ended_reason = ?, finished_at = ? WHERE order_id = ? AND state = 'pending'")
    .run(reason, nowIso(), orderId).changes;
  if (ended === 0) return;
  releaseHolds(ctx, orderId);
  ctx.db
    .prepare(
      `UPDATE orders SET payment_status = 'ended', checkout_shipping_option = NULL, checkout_shipping_cents = NULL, checkout_insurance_cents = NULL,
         checkout_declaration_confirmed_at = NULL, checkout_sub_total_cents = NULL, checkout_credit_cents = NULL WHERE id = ? AND status = 'processing'`,
    )
    .run(orderId);
}

/** The attempt behind a provider page's secret, whatever its state; undefined for an unknown secret. */
export function attemptBySecret(ctx: SandboxContext, secret: string): PaymentAttempt | undefined {
  if (secret === '') return undefined;
  return ctx.db.prepare('SELECT * FROM payment_attempts WHERE secret = ?').get(secret) as PaymentAttempt | undefined;
}

/** Why this attempt can no longer be paid, or undefined while it can: finished, replaced or overtaken by a change, the order no longer payable, its quote expired. */
export function attemptProblem(ctx: SandboxContext, attempt: PaymentAttempt): Refusal | undefined {
  if (attempt.state === 'ended') return { status: 409, message: `This payment was stopped: ${attempt.ended_reason ?? 'the order changed.'} Nothing was charged.` };
  if (attempt.state !== 'pending') return { status: 404, message: 'This payment is already finished.' };
  const order = loadOrder(ctx, attempt.order_id);
  if (order.status !== 'processing') return { status: 409, message: `Order ${order.id} is ${order.status}: nothing more is charged.` };
  if (isQuoteExpired(order)) return { status: 422, message: QUOTE_EXPIRED };
  return undefined;
}

/**
 * Confirms an attempt with the amount the provider says it took (the card's answer, PayFast's ITN or return): the order
 * becomes paid only when the attempt is still its current one, its quote is within its 48 hours, the amount equals the
 * attempt's, and what the order charges now is still what the attempt charges (else the attempt ends). The order then
 * records the attempt's amount and choices, the move to paid and its expected delivery window. Answers the refusal, or
 * undefined once paid.
 */
export function confirmAttempt(ctx: SandboxContext, attemptId: number, paidCents: number | undefined): Refusal | undefined {
  return ctx.db.transaction((): Refusal | undefined => {
    const attempt = ctx.db.prepare('SELECT * FROM payment_attempts WHERE id = ?').get(attemptId) as PaymentAttempt;
    const problem = attemptProblem(ctx, attempt);
    if (problem) {
      if (problem.message === QUOTE_EXPIRED) endAttempts(ctx, attempt.order_id, 'the quote expired.');
      return problem;
    }
    if (paidCents !== attempt.amount_cents) {
      const said = paidCents === undefined ? 'no amount' : randText(paidCents);
      return { status: 422, message: `The amount paid (${said}) is not the amount of this payment (${randText(attempt.amount_cents)}): the order is not marked paid.` };
    }
    const order = loadOrder(ctx, attempt.order_id);
    const checkout = attempt.checkout === null ? undefined : (JSON.parse(attempt.checkout) as Checkout);
    if (order.address_id !== attempt.address_id || chargeCents(ctx, order, checkout) - attempt.credit_cents !== attempt.amount_cents) {
      endAttempts(ctx, order.id, 'the order changed after it started.');
      return { status: 409, message: 'This payment was stopped: the order changed after it started. Nothing was charged.' };
    }
    ctx.db.prepare("UPDATE payment_attempts SET state = 'paid', finished_at = ? WHERE id = ?").run(nowIso(), attempt.id);
    // The credit it held is spent with the payment, in the same transaction.
    spendHold(ctx, attempt.id, order.id);
    markPaid(ctx, order.id, { attemptId: attempt.id, amountCents: attempt.amount_cents, checkout });
    return undefined;
  })();
}

/** Pushes the move to paid once the attempt's transaction is done (a push never holds the database). */
export function announcePaid(ctx: SandboxContext, orderId: number): void {
  notifyStatus(ctx, orderId, 'paid');
}

/** The shopper cancelled on the provider's page, or the bank declined (PayFast's ITN): only a pending attempt of an unpaid order changes, and the order's payment_status says which. */
export function finishAttempt(ctx: SandboxContext, attempt: PaymentAttempt, state: 'cancelled' | 'failed'): void {
  ctx.db.transaction(() => {
    const changed = ctx.db
      .prepare("UPDATE payment_attempts SET state = ?, finished_at = ? WHERE id = ? AND state = 'pending'")
      .run(state, nowIso(), attempt.id).changes;
    if (changed === 0) return;
    ctx.db.prepare("UPDATE orders SET payment_status = ?, checkout_credit_cents = NULL WHERE id = ? AND status = 'processing'").run(state, attempt.order_id);
    releaseHolds(ctx, attempt.order_id);
  })();
}
