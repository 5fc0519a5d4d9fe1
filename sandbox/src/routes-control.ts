import { Hono } from 'hono';
import type { AppEnv, SandboxContext } from './context';
import { creditNotBought, creditRefund, creditReturn, payWithdrawal } from './credit';
import { emptyFaults, faultsJson, parseFaults } from './faults';
import { HttpError, notFound, pathId, readBody } from './http';
import { addWarehousePhoto, setDeclaration, setInsurance, setShippingOption } from './order-extras-ops';
import { issueQuote, setStatus, type QuoteInput } from './order-ops';
import { setPaymentFlow } from './payments';
import { setOrderWeight, setPointStatus } from './pickup';
import { clearPushService } from './push';
import { adminToken, expireAccess, listTokens, lockAccount, portalVisits, rawOrder, resetData, revokeRefresh, seedOrders, shipmentCandidatesOf } from './operator';
import { listOutbox } from './outbox';
import { checkLateOrders, moveExpectedDelivery } from './lateness';
import { addEvent, setCourier } from './tracking';

function numbers(value: unknown, label: string): number[] | undefined {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((v): v is number => typeof v === 'number')) throw new HttpError(422, `${label} must be a number or a list of numbers`);
  return list;
}

/** Text columns a test may overwrite, per table: server-supplied data the API itself would refuse or never change. */
const WRITABLE = {
  portals: ['name', 'link', 'category', 'tc_link', 'privacy_policy_link', 'return_policy_link', 'picture'],
  adverts: ['name', 'start_date', 'end_date', 'picture'],
  products: ['name', 'description', 'comment'],
  orders: ['status', 'shipping', 'pickup'],
} as const;

/** Overwrites the given text columns of one row and returns the row as stored. */
function overwrite(ctx: SandboxContext, table: keyof typeof WRITABLE, id: number, body: Record<string, unknown>) {
  const columns: readonly string[] = WRITABLE[table];
  const unknown = Object.keys(body).filter((key) => !columns.includes(key));
  if (unknown.length > 0) throw new HttpError(422, `Only ${columns.join(', ')} can be set; not ${unknown.join(', ')}`);
  const entries = Object.entries(body);
  if (entries.some(([, value]) => typeof value !== 'string')) throw new HttpError(422, 'Values must be strings');
  if (!ctx.db.prepare(`SELECT id FROM ${table} WHERE id = ?`).get(id)) throw notFound();
  if (entries.length > 0) {
    ctx.db.prepare(`UPDATE ${table} SET ${entries.map(([key]) => `${key} = ?`).join(', ')} WHERE id = ?`).run(...entries.map(([, value]) => String(value)), id);
  }
  return ctx.db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id);
}

/** /__sandbox control endpoints for tests (mounted only with faults enabled). */
export function controlRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  const setFaults = (next: ReturnType<typeof emptyFaults>) => {
    ctx.faults.latency = next.latency;
    ctx.faults.status = next.status;
    ctx.faults.drop = next.drop;
  };
  r.get('/faults', (c) => c.json({ data: faultsJson(ctx.faults) }));
  r.post('/faults', async (c) => {
    setFaults(parseFaults(await readBody(c)));
    return c.json({ data: faultsJson(ctx.faults) });
  });
  r.delete('/faults', (c) => {
    setFaults(emptyFaults());
    return c.json({ data: faultsJson(ctx.faults) });
  });

  r.post('/token-lifetime', async (c) => {
    const { seconds } = await readBody(c);
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0) {
      throw new HttpError(422, 'seconds must be an integer, 0 or more');
    }
    ctx.settings.tokenLifetimeSeconds = seconds;
    return c.json({ data: { seconds } });
  });

  r.post('/orders/:id/quote', async (c) => {
    const body = await readBody(c);
    const input: QuoteInput = {
      cost: numbers(body.cost, 'cost'),
      customs: numbers(body.customs, 'customs'),
      delivery: numbers(body.delivery, 'delivery'),
      fee: numbers(body.fee, 'fee')?.[0],
      hoursAgo: numbers(body.hours_ago, 'hours_ago')?.[0],
    };
    return c.json({ data: issueQuote(ctx, pathId(c), input) });
  });
  r.post('/orders/:id/status', async (c) => {
    const { status } = await readBody(c);
    if (typeof status !== 'string') throw new HttpError(422, 'status is required');
    return c.json({ data: setStatus(ctx, pathId(c), status) });
  });
  r.post('/orders/:id/shipping-options', async (c) => {
    const body = await readBody(c);
    return c.json({
      data: setShippingOption(ctx, pathId(c), {
        id: typeof body.id === 'string' ? body.id : '',
        label: typeof body.label === 'string' ? body.label : undefined,
        price: numbers(body.price, 'price')?.[0],
        minDays: numbers(body.min_days, 'min_days')?.[0],
        maxDays: numbers(body.max_days, 'max_days')?.[0],
        withdraw: body.withdraw === true,
      }),
    });
  });
  r.post('/orders/:id/insurance', async (c) => {
    const body = await readBody(c);
    return c.json({
      data: setInsurance(ctx, pathId(c), {
        ratePercent: numbers(body.rate_percent, 'rate_percent')?.[0],
        minimum: numbers(body.minimum_premium, 'minimum_premium')?.[0],
        covers: typeof body.covers === 'string' ? body.covers : undefined,
        withdraw: body.withdraw === true,
      }),
    });
  });
  r.post('/orders/:id/photos', async (c) => {
    const productId = numbers((await readBody(c)).product_id, 'product_id')?.[0] ?? 0;
    return c.json({ data: addWarehousePhoto(ctx, pathId(c), productId) });
  });
  r.post('/orders/:id/events', async (c) => c.json({ data: addEvent(ctx, pathId(c), await readBody(c)) }));
  r.post('/orders/:id/courier', async (c) => c.json({ data: setCourier(ctx, pathId(c), await readBody(c)) }));
  r.post('/orders/:id/expected-delivery', async (c) => c.json({ data: moveExpectedDelivery(ctx, pathId(c), await readBody(c)) }));
  r.post('/late-check', (c) => c.json({ data: checkLateOrders(ctx) }));
  r.post('/products/:id/declaration', async (c) => c.json({ data: setDeclaration(ctx, pathId(c), await readBody(c)) }));
  r.post('/orders/:id/products/:productId/not-bought', async (c) => c.json({ data: creditNotBought(ctx, pathId(c), pathId(c, 'productId'), await readBody(c)) }));
  r.post('/orders/:id/refund-return', (c) => c.json({ data: creditReturn(ctx, pathId(c)) }));
  r.post('/users/credit', async (c) => c.json({ data: creditRefund(ctx, await readBody(c)) }));
  r.post('/withdrawals/:id/pay', (c) => c.json({ data: payWithdrawal(ctx, pathId(c)) }));
  r.post('/pickup_points/:code/status', async (c) => c.json({ data: setPointStatus(ctx, c.req.param('code'), (await readBody(c)).status) }));
  r.post('/orders/:id/weight', async (c) => c.json({ data: setOrderWeight(ctx, pathId(c), (await readBody(c)).weight_kg) }));
  r.get('/shipments/candidates', (c) => c.json({ data: shipmentCandidatesOf(ctx, c.req.query('email')) }));
  r.get('/orders/:id', (c) => c.json({ data: rawOrder(ctx, pathId(c)) }));
  for (const table of Object.keys(WRITABLE) as (keyof typeof WRITABLE)[]) {
    r.post(`/${table}/:id`, async (c) => c.json({ data: overwrite(ctx, table, pathId(c), await readBody(c)) }));
  }

  r.get('/tokens', (c) => c.json({ data: listTokens(ctx) }));
  r.get('/outbox', (c) => c.json({ data: listOutbox(ctx) }));
  r.get('/visits', (c) => c.json({ data: portalVisits(ctx) }));
  r.post('/revoke-refresh', async (c) => c.json({ data: revokeRefresh(ctx, (await readBody(c)).email) }));
  r.post('/expire-access', async (c) => c.json({ data: expireAccess(ctx, (await readBody(c)).email) }));
  r.post('/lock', async (c) => c.json({ data: lockAccount(ctx, (await readBody(c)).email) }));
  r.post('/payment-flow', async (c) => {
    const body = await readBody(c);
    return c.json({ data: setPaymentFlow(ctx, body.email, body.flow) });
  });
  r.post('/admin-token', async (c) => c.json({ data: adminToken(ctx, (await readBody(c)).email) }));
  r.post('/seed-orders', async (c) => {
    const body = await readBody(c);
    return c.json({ data: seedOrders(ctx, body.email, body.count) });
  });
  r.post('/reset', (c) => {
    resetData(ctx);
    setFaults(emptyFaults());
    ctx.payments.perUser.clear();
    clearPushService(ctx);
    ctx.settings.tokenLifetimeSeconds = ctx.settings.defaultTokenLifetimeSeconds;
    return c.json({ data: { status: 'reset' } });
  });

  return r;
}
