import type { PaymentFlow, SandboxContext } from './context';
import { HttpError } from './http';
import { notifyStatus } from './push';

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

/** Marks a processing order paid (the provider confirmed the payment) and pushes the move; false when it was not processing. */
export function markPaid(ctx: SandboxContext, orderId: number): boolean {
  const paid = ctx.db.prepare("UPDATE orders SET status = 'paid', payment_status = 'paid' WHERE id = ? AND status = 'processing'").run(orderId).changes > 0;
  if (paid) notifyStatus(ctx, orderId, 'paid');
  return paid;
}

/** Records how the latest payment on the provider's page stands (what PayFast's ITN tells the service): pending, cancelled or failed. */
export function setPaymentStatus(ctx: SandboxContext, orderId: number, status: 'pending' | 'cancelled' | 'failed'): void {
  ctx.db.prepare('UPDATE orders SET payment_status = ? WHERE id = ?').run(status, orderId);
}
