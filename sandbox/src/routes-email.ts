import { Hono, type Context } from 'hono';
import type { AppEnv, SandboxContext } from './context';
import { FieldReader, isRecord, MAX_MESSAGE, readBody, requireParam } from './http';
import { queueMail } from './outbox';
import { overLimit, type LimitedCall } from './rate-limit';
import { checkEmail } from './validation';

/** Free-text message fields; every other field is a short line. */
const LONG_FIELDS = new Set(['query_body', 'message']);

/** /email routes: contact and advertise messages, stored in the outbox. */
export function emailRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  const read = (body: Record<string, unknown>, fields: string[]): Record<string, string> => {
    const f = new FieldReader(requireParam(body, 'contact'));
    const email = f.string('email', { required: true })?.trim();
    checkEmail(f, 'email', email);
    const values = Object.fromEntries(fields.map((field) => [field, f.string(field, { max: LONG_FIELDS.has(field) ? MAX_MESSAGE : undefined }) ?? '']));
    f.check();
    return { email: email ?? '', ...values };
  };

  // Counted before the checks: a refused message counts too, so nobody probes the form without limit.
  const refusal = (c: Context<AppEnv>, call: LimitedCall, body: Record<string, unknown>): Response | undefined => {
    const email = isRecord(body.contact) ? body.contact.email : undefined;
    return overLimit(ctx, c, call, typeof email === 'string' ? email : undefined);
  };

  r.post('/contact_us', async (c) => {
    const body = await readBody(c);
    const refused = refusal(c, 'contact_us', body);
    if (refused) return refused;
    const message = read(body, ['first_name', 'last_name', 'mobile', 'query_title', 'query_body']);
    queueMail(ctx, 'contact_us', 'support@sandbox.local', `Contact: ${message.query_title}`, message);
    return c.json({ message: 'Successfully Sent' });
  });

  r.post('/advertise_with_us', async (c) => {
    const body = await readBody(c);
    const refused = refusal(c, 'advertise_with_us', body);
    if (refused) return refused;
    const message = read(body, ['mobile', 'company_name', 'message']);
    queueMail(ctx, 'advertise_with_us', 'adverts@sandbox.local', `Advertise: ${message.company_name}`, message);
    return c.json({ message: 'Email Sent' });
  });

  return r;
}
