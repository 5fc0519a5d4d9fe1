import type { SandboxContext } from './context';
import { nowIso } from './db';

// The sandbox sends no real mail: what the service would send is kept in the outbox table, where the e2e, the
// control routes and `npm run sandbox:admin -- outbox` read it.

/** Adds a message to the outbox. */
export function queueMail(ctx: SandboxContext, kind: string, recipient: string, subject: string, payload: unknown): void {
  ctx.db
    .prepare('INSERT INTO outbox (kind, recipient, subject, payload, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(kind, recipient, subject, JSON.stringify(payload), nowIso());
}

/** Messages the sandbox "sent", newest first. */
export function listOutbox(ctx: SandboxContext) {
  const rows = ctx.db.prepare('SELECT * FROM outbox ORDER BY id DESC').all() as { payload: string }[];
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as unknown }));
}
