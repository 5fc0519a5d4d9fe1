import type { SandboxContext } from './context';
import { nowIso } from './db';

// The sandbox sends no real mail or WhatsApp message: what the service would send is kept in the outbox table, where
// the e2e, the control routes and `npm run sandbox:admin -- outbox` read it.

/** Adds an e-mail (or, with channel `whatsapp`, a WhatsApp message to a mobile number) to the outbox. */
export function queueMail(ctx: SandboxContext, kind: string, recipient: string, subject: string, payload: unknown, channel: 'email' | 'whatsapp' = 'email'): void {
  ctx.db
    .prepare('INSERT INTO outbox (channel, kind, recipient, subject, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(channel, kind, recipient, subject, JSON.stringify(payload), nowIso());
}

/** Sends the order's news by WhatsApp to the shopper's mobile when WhatsApp is their notification method. */
export function queueWhatsApp(ctx: SandboxContext, orderId: number, kind: string, text: string, payload: Record<string, unknown>): void {
  const user = ctx.db
    .prepare('SELECT u.mobile, u.notification_method FROM users u JOIN orders o ON o.user_id = u.id WHERE o.id = ?')
    .get(orderId) as { mobile: string; notification_method: string } | undefined;
  if (user?.notification_method === 'whatsapp') queueMail(ctx, kind, user.mobile, text, { order_id: orderId, ...payload }, 'whatsapp');
}

/** Messages the sandbox "sent", newest first. */
export function listOutbox(ctx: SandboxContext) {
  const rows = ctx.db.prepare('SELECT * FROM outbox ORDER BY id DESC').all() as { payload: string }[];
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as unknown }));
}
