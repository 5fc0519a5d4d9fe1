import { Hono, type Context } from 'hono';
import { randomToken, requireUser } from './auth';
import type { AppEnv, SandboxContext } from './context';
import { nowIso } from './db';
import { FieldReader, HttpError, MAX_TEXT, MAX_URL, pageMeta, paging, parseId, pathId, readBody, requireParam, tooLong, type FieldErrors } from './http';
import { readIfUnavailable, type IfUnavailable } from './if-unavailable';
import { NORMAL_STATUSES, OPEN_STATUSES, RETURN_STATUSES } from './order-ops';
import { announcePaid, confirmAttempt, endAttempts, paymentFlow, payWithCredit, siteLink, startAttempt } from './payments';
import { ownCard } from './routes-cards';
import type { OrderRow } from './rows';
import { choosePoint } from './pickup';
import { recordMove } from './tracking';
import { orderJson, orderProducts, ownOrder, productsJson, quoteJson } from './serialize';
import { acceptImage, imageProblem } from './uploads';
import { requestPhotos } from './warehouse-photos';
import { isHttpUrl } from './validation';

const MAX_PRODUCTS = 50;
const ALL_STATUSES: readonly string[] = [...NORMAL_STATUSES, ...RETURN_STATUSES];

async function readForm(c: Context<AppEnv>): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch {
    throw new HttpError(400, 'Expected a multipart/form-data body');
  }
}

interface ProductInput {
  name: string;
  description: string;
  quantity: number;
  comment: string;
  screenshot: File;
  ifUnavailable: IfUnavailable;
}

/** Reads `order[products][i][field]` entries into per-index maps. */
function productEntries(form: FormData): Map<number, Map<string, FormDataEntryValue>> {
  const products = new Map<number, Map<string, FormDataEntryValue>>();
  for (const [key, value] of form.entries()) {
    const match = /^order\[products\]\[(\d{1,3})\]\[(\w+)\]$/.exec(key);
    if (!match?.[1] || !match[2]) continue;
    const index = Number(match[1]);
    if (!products.has(index)) products.set(index, new Map());
    products.get(index)?.set(match[2], value);
  }
  return products;
}

function textOf(value: FormDataEntryValue | null | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

async function readProducts(form: FormData, errors: FieldErrors): Promise<ProductInput[]> {
  const add = (index: number, field: string, message: string) => {
    (errors[`products[${index}].${field}`] ??= []).push(message);
    errors[field] ??= [message];
  };
  const entries = [...productEntries(form).entries()].sort(([a], [b]) => a - b);
  if (entries.length === 0) errors.products = ['Add at least one product'];
  if (entries.length > MAX_PRODUCTS) errors.products = [`At most ${MAX_PRODUCTS} products per order`];
  const products: ProductInput[] = [];
  for (const [position, [, fields]] of entries.entries()) {
    const name = textOf(fields.get('name'))?.trim() || `Product ${position + 1}`;
    if (name.length > MAX_TEXT) add(position, 'name', tooLong(MAX_TEXT));
    const description = textOf(fields.get('description'))?.trim() ?? '';
    if (description.length > MAX_URL) add(position, 'description', tooLong(MAX_URL));
    else if (!isHttpUrl(description)) add(position, 'description', 'Must be a valid URL');
    const quantityText = textOf(fields.get('quantity'))?.trim() ?? '1';
    const quantity = /^\d{1,6}$/.test(quantityText) ? Number(quantityText) : NaN;
    if (!(quantity >= 1)) add(position, 'quantity', 'Must be at least 1');
    const comment = textOf(fields.get('comment')) ?? '';
    if (comment.length > MAX_TEXT) add(position, 'comment', tooLong(MAX_TEXT));
    const screenshot = fields.get('screenshot');
    const problem = await imageProblem(screenshot);
    if (problem) add(position, 'screenshot', problem);
    const ifUnavailable = readIfUnavailable(textOf(fields.get('if_unavailable')), textOf(fields.get('alternative')), (field, message) => add(position, field, message));
    products.push({ name, description, quantity, comment, screenshot: screenshot as File, ifUnavailable });
  }
  return products;
}

function throwIfErrors(errors: FieldErrors): void {
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(422, first, errors);
}

function listOrders(ctx: SandboxContext, c: Context<AppEnv>) {
  const where = ['user_id = ?'];
  const args: (string | number)[] = [c.get('user').id];
  const type = c.req.query('type');
  if (type !== undefined && type !== '') {
    if (type !== 'normal' && type !== 'return') throw new HttpError(422, 'type must be normal or return', { type: ['is invalid'] });
    where.push('order_type = ?');
    args.push(type);
  }
  const status = c.req.query('status');
  if (status !== undefined && status !== '') {
    const statuses = status.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = statuses.find((s) => !ALL_STATUSES.includes(s));
    if (unknown !== undefined) throw new HttpError(422, `Unknown status: ${unknown}`, { status: ['is invalid'] });
    where.push(`status IN (${statuses.map(() => '?').join(', ')})`);
    args.push(...statuses);
  }
  const portal = c.req.query('portal');
  if (portal !== undefined && portal !== '') {
    const portalId = parseId(portal);
    if (portalId === undefined) throw new HttpError(422, 'portal must be a portal id', { portal: ['is invalid'] });
    where.push('portal_id = ?');
    args.push(portalId);
  }
  const clause = where.join(' AND ');
  const total = (ctx.db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE ${clause}`).get(...args) as { n: number }).n;
  // The spec's lists carry no meta: a bare array is the whole list, so that shape does not page.
  const { page, per, offset } = c.get('shape') === 'spec' ? { page: 1, per: Math.max(total, 1), offset: 0 } : paging(c);
  const rows = ctx.db
    .prepare(`SELECT * FROM orders WHERE ${clause} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
    .all(...args, per, offset) as OrderRow[];
  return { data: rows.map((o) => orderJson(ctx, c.get('origin'), o)), meta: pageMeta(page, per, total) };
}

async function createOrder(ctx: SandboxContext, c: Context<AppEnv>) {
  const form = await readForm(c);
  const userId = c.get('user').id;
  const errors: FieldErrors = {};
  const portalId = parseId(textOf(form.get('order[portal_id]')));
  if (portalId === undefined || !ctx.db.prepare('SELECT id FROM portals WHERE id = ?').get(portalId)) {
    errors.portal_id = ['Must select a Portal'];
  }
  const type = textOf(form.get('order[order_type]'));
  if (type !== undefined && type !== 'normal') errors.order_type = ['must be normal'];
  const status = textOf(form.get('order[status]'));
  if (status !== undefined && status !== 'placed') errors.status = ['must be placed'];
  // Issue 57: `order[delivery]` address (the default, today's) or pickup with `order[pickup_point_code]` and no address.
  const delivery = textOf(form.get('order[delivery]'))?.trim() || 'address';
  if (delivery !== 'address' && delivery !== 'pickup') errors.delivery = ['must be address or pickup'];
  const pickup = delivery === 'pickup' ? choosePoint(ctx, textOf(form.get('order[pickup_point_code]'))) : undefined;
  if (pickup?.problem) errors.pickup_point_code = [pickup.problem];
  const addressText = textOf(form.get('order[address_id]'));
  const addressId = parseId(addressText);
  const address = addressId === undefined
    ? undefined
    : ctx.db.prepare('SELECT id FROM addresses WHERE id = ? AND user_id = ? AND deleted_at IS NULL').get(addressId, userId);
  if (!address && (delivery !== 'pickup' || (addressText ?? '') !== '')) errors.address_id = ['Address required'];
  const products = await readProducts(form, errors);
  throwIfErrors(errors);
  const stored = await Promise.all(products.map((p) => acceptImage(ctx, p.screenshot, ['screenshot'])));
  const id = ctx.db.transaction(() => {
    const orderId = Number(
      ctx.db
        .prepare("INSERT INTO orders (user_id, portal_id, address_id, order_type, status, created_at, delivery_method, pickup_point_code) VALUES (?, ?, ?, 'normal', 'placed', ?, ?, ?)")
        .run(userId, portalId, address ? addressId : null, nowIso(), pickup?.point ? 'pickup' : null, pickup?.point?.code ?? null).lastInsertRowid,
    );
    const add = ctx.db.prepare('INSERT INTO products (order_id, name, description, quantity, comment, screenshot, if_unavailable, alternative) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    products.forEach((p, i) => add.run(orderId, p.name, p.description, p.quantity, p.comment, stored[i], p.ifUnavailable.rule, p.ifUnavailable.alternative));
    return orderId;
  })();
  return orderJson(ctx, c.get('origin'), ownOrder(ctx, id, userId));
}

async function createReturn(ctx: SandboxContext, c: Context<AppEnv>, parent: OrderRow) {
  const form = await readForm(c);
  if (parent.order_type !== 'normal' || parent.status !== 'delivered') {
    throw new HttpError(422, 'Only delivered orders can be returned');
  }
  const f = new FieldReader(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')));
  const productId = parseId(f.string('product_id', { required: true }));
  const product = orderProducts(ctx, parent.id).find((p) => p.id === productId && p.deleted_at === null);
  if (!product) f.add('product_id', 'Item is required');
  const quantityText = f.string('return_quantity', { required: true }) ?? '';
  const quantity = /^\d{1,6}$/.test(quantityText) ? Number(quantityText) : NaN;
  if (product) {
    const returned = (ctx.db
      .prepare("SELECT COALESCE(SUM(return_quantity), 0) AS n FROM orders WHERE parent_order_id = ? AND return_product_id = ?")
      .get(parent.id, product.id) as { n: number }).n;
    const left = product.quantity - returned;
    if (!(quantity >= 1)) f.add('return_quantity', 'Must have at least 1');
    else if (quantity > left) f.add('return_quantity', `Must be at most ${left}`);
  }
  const reason = f.string('return_reason')?.trim() ?? '';
  const problem = await imageProblem(form.get('return_photo'));
  if (problem) f.add('return_photo', problem);
  f.check();
  const photo = await acceptImage(ctx, form.get('return_photo'), ['return_photo']);
  const id = ctx.db.transaction(() => {
    const orderId = Number(
      ctx.db
        .prepare(
          `INSERT INTO orders (user_id, portal_id, address_id, order_type, status, created_at, parent_order_id,
            return_product_id, return_quantity, return_reason, return_photo) VALUES (?, ?, ?, 'return', 'returning', ?, ?, ?, ?, ?, ?)`,
        )
        .run(parent.user_id, parent.portal_id, parent.address_id, nowIso(), parent.id, product?.id, quantity, reason, photo).lastInsertRowid,
    );
    ctx.db
      .prepare('INSERT INTO products (order_id, name, description, quantity, comment, screenshot) VALUES (?, ?, ?, ?, ?, ?)')
      .run(orderId, product?.name, product?.description, quantity, reason, product?.screenshot);
    return orderId;
  })();
  return orderJson(ctx, c.get('origin'), ownOrder(ctx, id, parent.user_id));
}

/** A payment waiting on the stand-in PayFast page: its location, the order still processing; return and cancel links only on the site. */
function toProviderPage(ctx: SandboxContext, c: Context<AppEnv>, order: OrderRow, params: Record<string, unknown>, how: { method: 'card' | 'hosted'; cardId?: number }) {
  const secret = randomToken(24);
  const back = (given: unknown, flag: string) => siteLink(ctx, given) ?? `${ctx.siteOrigin}/quote-payment/${order.id}/?${flag}=true`;
  startAttempt(ctx, order.id, params, { ...how, secret, returnUrl: back(params.return_url, 'success'), cancelUrl: back(params.cancel_url, 'cancel') });
  const location = `${c.get('origin')}/stand-in/payfast/payments/${secret}`;
  return { status: 'pending', location, order: orderJson(ctx, c.get('origin'), ownOrder(ctx, order.id, order.user_id)) };
}

/** Moves an open order to a pickup point (issue 57): the point must be open and take its parcel; a change re-prices the quote and ends a pending payment attempt. */
function choosePickup(ctx: SandboxContext, origin: string, order: OrderRow, code: unknown) {
  const { point, problem } = choosePoint(ctx, code, order);
  if (!point) throw new HttpError(422, problem ?? 'Choose a pickup point', { pickup_point_code: [problem ?? 'Choose a pickup point'] });
  if (!OPEN_STATUSES.includes(order.status)) throw new HttpError(422, 'The delivery of a finalized order cannot change');
  if (order.delivery_method !== 'pickup' || order.pickup_point_code !== point.code) {
    ctx.db.transaction(() => {
      ctx.db.prepare("UPDATE orders SET delivery_method = 'pickup', pickup_point_code = ? WHERE id = ?").run(point.code, order.id);
      endAttempts(ctx, order.id, 'the delivery choice changed.');
    })();
  }
  return orderJson(ctx, origin, ownOrder(ctx, order.id, order.user_id));
}

/** /orders routes: list with filters, create (multipart), show, address change, products, quote, returns, payment (card, PayFast, store credit), photo requests. */
export function ordersRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.use('*', requireUser(ctx));
  const load = (c: Context<AppEnv>) => ownOrder(ctx, pathId(c), c.get('user').id);

  r.get('/', (c) => c.json(listOrders(ctx, c)));
  r.post('/', async (c) => c.json({ data: await createOrder(ctx, c) }, 201));
  r.get('/:id', (c) => c.json({ data: orderJson(ctx, c.get('origin'), load(c)) }));

  r.patch('/:id', async (c) => {
    const order = load(c);
    const params = requireParam(await readBody(c), 'order');
    if (params.delivery === 'pickup') return c.json({ data: choosePickup(ctx, c.get('origin'), order, params.pickup_point_code) });
    if (params.delivery !== undefined && params.delivery !== 'address') {
      throw new HttpError(422, 'Delivery must be address or pickup', { delivery: ['must be address or pickup'] });
    }
    const addressId = parseId(params.address);
    const address = addressId === undefined
      ? undefined
      : ctx.db.prepare('SELECT id FROM addresses WHERE id = ? AND user_id = ? AND deleted_at IS NULL').get(addressId, order.user_id);
    if (!address) throw new HttpError(422, 'Address required', { address: ['Address required'] });
    if (!OPEN_STATUSES.includes(order.status)) throw new HttpError(422, 'The address of a finalized order cannot change');
    if (addressId !== order.address_id || order.delivery_method !== null) {
      ctx.db.transaction(() => {
        ctx.db.prepare('UPDATE orders SET address_id = ?, delivery_method = NULL, pickup_point_code = NULL WHERE id = ?').run(addressId, order.id);
        endAttempts(ctx, order.id, order.delivery_method === null ? 'the shipping address changed.' : 'the delivery choice changed.');
      })();
    }
    return c.json({ data: orderJson(ctx, c.get('origin'), load(c)) });
  });

  r.get('/:id/products', (c) => c.json({ data: productsJson(ctx, c.get('origin'), load(c)) }));
  r.get('/:id/cost_summary', (c) => {
    const order = load(c);
    return c.json({ data: quoteJson(ctx, order, orderProducts(ctx, order.id)) });
  });

  r.post('/:id/return_order', async (c) => c.json({ data: await createReturn(ctx, c, load(c)) }, 201));

  r.get('/:id/complete_return_order', (c) => {
    const order = load(c);
    // Marking twice is answered like marking once: a shopper whose first try timed out may retry after it went through.
    if (order.order_type === 'return' && order.status === 'returned') return c.json({ data: orderJson(ctx, c.get('origin'), order) });
    if (order.order_type !== 'return' || order.status !== 'returning') {
      throw new HttpError(422, 'Only a returning order can be marked as picked up');
    }
    ctx.db.transaction(() => {
      ctx.db.prepare("UPDATE orders SET status = 'returned', delivery_date = date('now') WHERE id = ?").run(order.id);
      recordMove(ctx, order.id, 'returned');
    })();
    return c.json({ data: orderJson(ctx, c.get('origin'), load(c)) });
  });

  r.post('/:id/create_card_payment', async (c) => {
    const order = load(c);
    const params = requireParam(await readBody(c), 'order');
    const cardId = parseId(params.card_id);
    if (cardId === undefined) throw new HttpError(422, 'Must select a card', { card_id: ['Must select a card'] });
    const card = ownCard(ctx, cardId, order.user_id);
    if (card.is_valid !== 1) throw new HttpError(422, 'This card is not ready for payments', { card_id: ['is not valid'] });
    if (paymentFlow(ctx, order.user_id) === 'redirect') return c.json({ data: toProviderPage(ctx, c, order, params, { method: 'card', cardId }) });
    // The card's answer comes back at once, for the amount the attempt charges.
    const attempt = startAttempt(ctx, order.id, params, { method: 'card', cardId });
    const refusal = confirmAttempt(ctx, attempt.id, attempt.amount_cents);
    if (refusal) throw new HttpError(422, refusal.message);
    announcePaid(ctx, order.id);
    return c.json({ data: { status: 'paid', order: orderJson(ctx, c.get('origin'), load(c)) } });
  });

  // PayFast's own payment page (Instant EFT, SnapScan, Zapper, Mobicred, cards): no saved card, always the provider's page.
  r.post('/:id/create_hosted_payment', async (c) => {
    const order = load(c);
    const params = requireParam(await readBody(c), 'order');
    return c.json({ data: toProviderPage(ctx, c, order, params, { method: 'hosted' }) });
  });

  // Store credit that covers the whole total pays at once, with no card (issue 56).
  r.post('/:id/pay_with_credit', async (c) => {
    const order = load(c);
    payWithCredit(ctx, order.id, requireParam(await readBody(c), 'order'));
    announcePaid(ctx, order.id);
    return c.json({ data: { status: 'paid', order: orderJson(ctx, c.get('origin'), load(c)) } });
  });

  r.post('/:id/photo_requests', async (c) => {
    const { created, request } = requestPhotos(ctx, load(c), await readBody(c));
    return c.json({ data: request }, created ? 201 : 200);
  });

  return r;
}
