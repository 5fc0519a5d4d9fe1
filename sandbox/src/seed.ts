import { hashPassword } from './auth';
import { readCheckout, recordCheckout } from './checkout';
import type { SandboxContext } from './context';
import { addMovement } from './credit-ledger';
import { dateFromToday, nowIso } from './db';
import { premiumCents } from './insurance';
import { addWarehousePhoto, setDeclaration, setShippingOption } from './order-extras-ops';
import { markLateTold } from './lateness';
import { issueQuote, setStatus } from './order-ops';
import { syncPickupPoints } from './pickup';
import { makePng } from './png';
import type { OrderRow, ProductRow } from './rows';
import { PORTALS, shopPage, syncPortals } from './shops';
import { addEvent, addWorkingDays, openWindow, recordMove, setCourier, windowRow } from './tracking';
import { saveUpload } from './uploads';

/** The demo shopper's sign-in. */
export const DEMO_USER = { email: 'shopper@example.com', password: 'Shopper#2026' } as const;
/** The second user (for checks that another user's data stays hidden). */
export const OTHER_USER = { email: 'other@example.com', password: 'Other#2026' } as const;

/** Portal ids the demo orders and adverts refer to; the catalogue (sandbox/src/portals.json) must keep them. */
export const SEED_PORTAL_IDS = [1, 2, 3, 4, 5, 6, 7, 9] as const;

const PALETTE: [number, number, number][] = [
  [230, 126, 34], [52, 152, 219], [46, 204, 113], [155, 89, 182], [241, 196, 15], [231, 76, 60],
];

let colour = 0;
function screenshot(ctx: SandboxContext): string {
  colour = (colour + 1) % PALETTE.length;
  return saveUpload(ctx.uploadsDir, makePng(64, PALETTE[colour] ?? [128, 128, 128]), 'png');
}

function daysAgoIso(days: number, hour = 9): string {
  const d = new Date(Date.now() - days * 86_400_000);
  d.setUTCHours(hour, 15, 0, 0);
  return d.toISOString();
}

interface SeedProduct {
  name: string;
  description: string;
  quantity: number;
  comment?: string;
  ifUnavailable?: [rule: string, alternative: string];
}

function insertUser(ctx: SandboxContext, u: { first: string; last: string; email: string; mobile: string; birth: string; password: string }): number {
  return Number(
    ctx.db
      .prepare(
        "INSERT INTO users (first_name, last_name, email, mobile, notification_method, birth_date, password_hash, created_at) VALUES (?, ?, ?, ?, 'email', ?, ?, ?)",
      )
      .run(u.first, u.last, u.email, u.mobile, u.birth, hashPassword(u.password), daysAgoIso(120)).lastInsertRowid,
  );
}

function insertAddress(ctx: SandboxContext, userId: number, a: [string, string, string, string, string]): number {
  return Number(
    ctx.db
      .prepare('INSERT INTO addresses (user_id, name, address, city, province, postal_code, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(userId, ...a, daysAgoIso(100)).lastInsertRowid,
  );
}

/** Inserts one order with its products (each with a generated screenshot) and returns its id. */
export function insertOrder(
  ctx: SandboxContext,
  o: { userId: number; portalId: number; addressId: number | null; daysAgo: number; products: SeedProduct[]; shot?: string },
): number {
  const orderId = Number(
    ctx.db
      .prepare("INSERT INTO orders (user_id, portal_id, address_id, order_type, status, created_at) VALUES (?, ?, ?, 'normal', 'placed', ?)")
      .run(o.userId, o.portalId, o.addressId, daysAgoIso(o.daysAgo)).lastInsertRowid,
  );
  const add = ctx.db.prepare('INSERT INTO products (order_id, name, description, quantity, comment, screenshot, if_unavailable, alternative) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  for (const p of o.products) add.run(orderId, p.name, p.description, p.quantity, p.comment ?? '', o.shot ?? screenshot(ctx), p.ifUnavailable?.[0], p.ifUnavailable?.[1] || undefined);
  return orderId;
}

/** Offers economy and express, insurance at 2 % (at least R50) and declares each product as made in `origins` (one per product). */
function offerTrustedQuote(ctx: SandboxContext, orderId: number, origins: string[]): void {
  setShippingOption(ctx, orderId, { id: 'economy', label: 'Economy', price: 0, minDays: 8, maxDays: 10 });
  setShippingOption(ctx, orderId, { id: 'express', label: 'Express', price: 350, minDays: 3, maxDays: 5 });
  ctx.db.prepare('UPDATE orders SET insurance_rate_bp = 200, insurance_minimum_cents = 5000 WHERE id = ?').run(orderId);
  const products = ctx.db.prepare('SELECT * FROM products WHERE order_id = ? ORDER BY id').all(orderId) as ProductRow[];
  products.forEach((p, i) => {
    setDeclaration(ctx, p.id, { description: p.name, declared_value: (p.cost_cents ?? 0) / 100, country_of_origin: origins[i] ?? 'CN' });
  });
}

/**
 * Beyond the seed (issue 44): a quote with shipping speeds, insurance, a customs declaration and "if unavailable" rules,
 * and an order paid with express and insurance whose items are at the warehouse, with photos. Inserted after every other
 * order and dated before the orders of the same status, so the earlier demo data keeps its ids and its place in lists.
 */
function seedTrustedQuotes(ctx: SandboxContext, shopper: number, addressId: number, url: (portal: number, path: string) => string): number {
  const quoted = insertOrder(ctx, { userId: shopper, portalId: 1, addressId, daysAgo: 3, products: [
    { name: 'Wireless earbuds', description: url(1, 'dp/B0D1XD1ZV3'), quantity: 1, comment: 'Black', ifUnavailable: ['buy_alternative', 'White, same model'] },
    { name: 'Bluetooth speaker', description: url(1, 'dp/B0CY6S748H'), quantity: 1, ifUnavailable: ['ask_me', ''] },
  ] });
  issueQuote(ctx, quoted, { cost: [1200, 850], customs: [180, 130], delivery: [90, 70] });
  offerTrustedQuote(ctx, quoted, ['CN', 'VN']);

  const received = insertOrder(ctx, { userId: shopper, portalId: 6, addressId, daysAgo: 9, products: [
    { name: 'Hiking boots', description: url(6, 'product/hiking-boot'), quantity: 1, comment: 'UK 7', ifUnavailable: ['buy_alternative', 'UK 7.5'] },
    { name: 'Merino socks', description: url(6, 'product/merino-sock'), quantity: 2, ifUnavailable: ['cancel_item', ''] },
  ] });
  issueQuote(ctx, received, { cost: [2400, 260], customs: [360, 40], delivery: [150, 30] });
  offerTrustedQuote(ctx, received, ['VN', 'US']);
  const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(received) as OrderRow;
  const premium = (premiumCents(order, ctx.db.prepare('SELECT * FROM products WHERE order_id = ?').all(received) as ProductRow[]) ?? 0) / 100;
  const checkout = readCheckout(ctx, order, { shipping_option_id: 'express', insure: true, insurance_premium: premium, declaration_confirmed: true });
  if (checkout) recordCheckout(ctx, received, checkout);
  setStatus(ctx, received, 'goods purchased');
  ctx.db.prepare("UPDATE orders SET payment_status = NULL, pickup = ?, shipping = 'Courier partner' WHERE id = ?").run(dateFromToday(-7), received);
  const products = ctx.db.prepare('SELECT id FROM products WHERE order_id = ? ORDER BY id').all(received) as { id: number }[];
  products.forEach((p, i) => addWarehousePhoto(ctx, received, p.id, makePng(160, PALETTE[i] ?? [128, 128, 128])));
  return received;
}

/**
 * The demo shopper's store credit (issue 56): a refund of customs that cost less, a return refunded, R500 paid out to
 * their bank, an item sold out (the socks whose rule was "cancel this item") and a cheaper alternative bought: a balance
 * of R1 203,50. Written straight to the ledger, dated, without notices: the outbox starts as it did.
 */
function seedCredit(ctx: SandboxContext, shopper: number, o: { deliveredA: number; returned: number; received: number }): void {
  const product = (orderId: number, name: string) => ctx.db.prepare('SELECT * FROM products WHERE order_id = ? AND name = ?').get(orderId, name) as ProductRow;
  const returned = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(o.returned) as OrderRow;
  const leggings = ctx.db.prepare('SELECT * FROM products WHERE id = ?').get(returned.return_product_id) as ProductRow;
  const socks = product(o.received, 'Merino socks');
  const boots = product(o.received, 'Hiking boots');
  const withVat = (cents: number) => cents + Math.round(cents * 0.15);
  const socksLine = withVat(((socks.cost_cents ?? 0) + (socks.customs_cents ?? 0) + (socks.delivery_cents ?? 0)) * socks.quantity);
  const returnRefund = withVat((leggings.cost_cents ?? 0) * (returned.return_quantity ?? 1));
  addMovement(ctx, shopper, { kind: 'refund', amountCents: 45_000, reason: `Order ${o.deliveredA}: customs cost less than quoted`, orderId: o.deliveredA, at: daysAgoIso(18, 15) });
  addMovement(ctx, shopper, { kind: 'return_refund', amountCents: returnRefund, reason: `Order ${o.returned}: ${leggings.name} returned`, orderId: o.returned, productId: leggings.id, at: daysAgoIso(17, 10) });
  const withdrawal = Number(
    ctx.db
      .prepare(
        `INSERT INTO withdrawals (user_id, amount_cents, status, bank, branch_code, account_holder, account_number, account_type, requested_at, expected_by, paid_at)
         VALUES (?, 50000, 'paid', 'FNB', '250655', 'T Nkosi', '6212344821', 'cheque', ?, ?, ?)`,
      )
      .run(shopper, daysAgoIso(12, 8), addWorkingDays(daysAgoIso(12, 8), 3), daysAgoIso(9, 11)).lastInsertRowid,
  );
  addMovement(ctx, shopper, { kind: 'withdrawal', amountCents: -50_000, reason: 'Withdrawal to FNB account ending 4821', withdrawalId: withdrawal, at: daysAgoIso(12, 8) });
  addMovement(ctx, shopper, { kind: 'item_not_bought', amountCents: socksLine, reason: `Order ${o.received}: ${socks.name} sold out`, orderId: o.received, productId: socks.id, at: daysAgoIso(2, 10) });
  // The rest of R1 203,50: the boots' alternative (UK 7.5) cost less.
  const balance = 45_000 + returnRefund - 50_000 + socksLine;
  addMovement(ctx, shopper, { kind: 'item_not_bought', amountCents: 120_350 - balance, reason: `Order ${o.received}: ${boots.name} cost less`, orderId: o.received, productId: boots.id, at: daysAgoIso(1, 14) });
}

/** One step of a seeded order's way: the status, how many days ago it was reached and at what hour (UTC). */
type Step = [status: string, daysAgo: number, hour?: number];

/**
 * Dates a seeded order's way to the door (issue 55): when it was quoted (its `processing` step) and each later move, and
 * its delivery window from the payment's date (its paid speed, or `days`). The seed moves orders now; this tells their story.
 */
function dateJourney(ctx: SandboxContext, orderId: number, steps: Step[], days?: { min: number; max: number }): void {
  const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow;
  ctx.db.prepare('DELETE FROM status_moves WHERE order_id = ?').run(orderId);
  ctx.db.prepare('DELETE FROM expected_deliveries WHERE order_id = ?').run(orderId);
  for (const [status, daysAgo, hour = 9] of steps) {
    if (status === 'processing') ctx.db.prepare('UPDATE orders SET quoted_at = ? WHERE id = ?').run(daysAgoIso(daysAgo, hour), orderId);
    else recordMove(ctx, orderId, status, daysAgoIso(daysAgo, hour));
  }
  const paid = steps.find(([status]) => status === 'paid');
  if (paid) openWindow(ctx, orderId, daysAgoIso(paid[1], paid[2]), order.checkout_shipping_option, days);
}

/** Records what happened to a seeded order: the event's kind, its words when not the kind's own, and how many days ago. */
function seedEvents(ctx: SandboxContext, orderId: number, events: [kind: string, daysAgo: number, hour: number, description?: string][]): void {
  for (const [kind, daysAgo, hour, description] of events) addEvent(ctx, orderId, { kind, description, occurred_at: daysAgoIso(daysAgo, hour) });
}

const THE_COURIER_GUY = (waybill: string) => ({
  name: 'The Courier Guy',
  waybill,
  tracking_url: `https://portal.thecourierguy.co.za/track?waybill=${waybill}`,
});

/**
 * The demo shopper's orders on their way (issue 55): every moved order with its dated history and window; the order in
 * transit with its events and courier; a delivered order with its whole story; and the order arrived in SA running late,
 * its window moved with a reason and passed again (its shopper already told).
 */
function seedJourneys(ctx: SandboxContext, o: { paid: number; purchased: number; transit: number; arrived: number; deliveredA: number; deliveredB: number; received: number }): void {
  dateJourney(ctx, o.paid, [['processing', 4], ['paid', 3, 14]]);
  dateJourney(ctx, o.purchased, [['processing', 7], ['paid', 6], ['goods purchased', 4]]);
  seedEvents(ctx, o.purchased, [['received', 4, 11]]);
  dateJourney(ctx, o.transit, [['processing', 11], ['paid', 10], ['goods purchased', 8], ['in transit', 3]]);
  seedEvents(ctx, o.transit, [
    ['received', 8, 10],
    ['weighed', 7, 12, 'Weighed at the warehouse: 2.4 kg'],
    ['left_warehouse', 3, 9],
    ['landed', 1, 6],
  ]);
  setCourier(ctx, o.transit, THE_COURIER_GUY('TCG4820193746'));
  dateJourney(ctx, o.arrived, [['processing', 15], ['paid', 14], ['goods purchased', 12], ['in transit', 9], ['arrived in SA', 6]], { min: 3, max: 5 });
  seedEvents(ctx, o.arrived, [
    ['received', 12, 10],
    ['weighed', 12, 11, 'Weighed at the warehouse: 1.3 kg'],
    ['left_warehouse', 9, 9],
    ['landed', 6, 7],
  ]);
  const first = windowRow(ctx, o.arrived);
  ctx.db
    .prepare('UPDATE expected_deliveries SET from_date = ?, to_date = ?, reason = ?, previous_from = ?, previous_to = ?, moved_at = ? WHERE order_id = ?')
    .run(dateFromToday(-3), dateFromToday(-1), 'Held for a customs inspection', first?.from_date, first?.to_date, daysAgoIso(5, 8), o.arrived);
  markLateTold(ctx, o.arrived);
  dateJourney(ctx, o.deliveredA, [['processing', 29], ['paid', 28], ['goods purchased', 26], ['in transit', 22], ['arrived in SA', 19], ['delivered', 18, 13]]);
  seedEvents(ctx, o.deliveredA, [
    ['received', 26, 10],
    ['weighed', 25, 11, 'Weighed at the warehouse: 1.1 kg'],
    ['left_warehouse', 22, 9],
    ['landed', 21, 6],
    ['cleared_customs', 19, 10],
    ['with_courier', 19, 15],
    ['out_for_delivery', 18, 8],
    ['delivered', 18, 13],
  ]);
  setCourier(ctx, o.deliveredA, THE_COURIER_GUY('TCG4820117520'));
  dateJourney(ctx, o.deliveredB, [['processing', 39], ['paid', 38], ['goods purchased', 36], ['in transit', 33], ['arrived in SA', 30], ['delivered', 28, 12]]);
  dateJourney(ctx, o.received, [['processing', 6], ['paid', 4], ['goods purchased', 2]]);
}

/** The pickup point of the demo shopper's pickup order (issue 57). */
export const DEMO_PICKUP_POINT = 'PUDO-JHB-0207';

// Prices an order as a quote does, without its mail and push: the seed's outbox stays as it was.
function priceQuietly(ctx: SandboxContext, orderId: number, prices: [cost: number, customs: number, delivery: number][], quotedAt: string): void {
  const products = ctx.db.prepare('SELECT id FROM products WHERE order_id = ? ORDER BY id').all(orderId) as { id: number }[];
  products.forEach((p, i) => {
    const [cost, customs, delivery] = prices[Math.min(i, prices.length - 1)] ?? [100, 20, 30];
    ctx.db.prepare('UPDATE products SET cost_cents = ?, customs_cents = ?, delivery_cents = ? WHERE id = ?').run(cost * 100, customs * 100, delivery * 100, p.id);
  });
  ctx.db.prepare("UPDATE orders SET service_fee_cents = 18500, quoted_at = ?, status = 'processing' WHERE id = ?").run(quotedAt, orderId);
}

/**
 * Issue 57: a second order at the warehouse for the Work address, so it can ship with the Sephora order there (the
 * freight alone R260, the Sephora order's R60; together R290, saving R30), and an order to collect at the Rosebank Mall
 * locker, quoted now with its R45 delivery discount. Inserted after every other order and dated among the older ones: earlier ids stay.
 */
function seedPickupAndTogether(ctx: SandboxContext, shopper: number, work: number, url: (portal: number, path: string) => string): { together: number; pickup: number } {
  const together = insertOrder(ctx, { userId: shopper, portalId: 2, addressId: work, daysAgo: 10, products: [
    { name: 'Denim jacket', description: url(2, 'prd/771204'), quantity: 1, comment: 'Size M' },
    { name: 'Leather belt', description: url(2, 'prd/550981'), quantity: 1 },
  ] });
  priceQuietly(ctx, together, [[890, 130, 180], [240, 35, 80]], daysAgoIso(9));
  ctx.db.prepare("UPDATE orders SET status = 'goods purchased', pickup = ?, shipping = 'Courier partner' WHERE id = ?").run(dateFromToday(-6), together);
  dateJourney(ctx, together, [['processing', 9], ['paid', 8], ['goods purchased', 5]]);
  seedEvents(ctx, together, [['received', 5, 11]]);
  const pickup = insertOrder(ctx, { userId: shopper, portalId: 3, addressId: null, daysAgo: 4, products: [
    { name: 'Dri-FIT running cap', description: url(3, 't/dri-fit-cap'), quantity: 1, comment: 'Black' },
    { name: 'Running socks (3 pairs)', description: url(3, 't/running-socks'), quantity: 1, comment: 'Size M' },
  ] });
  ctx.db.prepare("UPDATE orders SET delivery_method = 'pickup', pickup_point_code = ? WHERE id = ?").run(DEMO_PICKUP_POINT, pickup);
  priceQuietly(ctx, pickup, [[420, 60, 70], [260, 40, 50]], nowIso());
  return { together, pickup };
}

function advance(ctx: SandboxContext, orderId: number, status: string, extra: { delivery?: string; pickup?: string; shipping?: string } = {}) {
  issueQuote(ctx, orderId);
  setStatus(ctx, orderId, status);
  ctx.db
    .prepare('UPDATE orders SET delivery_date = COALESCE(?, delivery_date), pickup = ?, shipping = ? WHERE id = ?')
    .run(extra.delivery ?? null, extra.pickup ?? null, extra.shipping ?? 'Courier partner', orderId);
}

function insertReturn(ctx: SandboxContext, parentId: number, status: 'returning' | 'returned', reason: string, daysAgo: number): number {
  const parent = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(parentId) as { user_id: number; portal_id: number; address_id: number };
  const product = ctx.db.prepare('SELECT * FROM products WHERE order_id = ? ORDER BY id LIMIT 1').get(parentId) as {
    id: number; name: string; description: string; screenshot: string;
  };
  const id = Number(
    ctx.db
      .prepare(
        `INSERT INTO orders (user_id, portal_id, address_id, order_type, status, created_at, pickup, parent_order_id,
          return_product_id, return_quantity, return_reason, return_photo, delivery_date)
         VALUES (?, ?, ?, 'return', ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
      )
      .run(parent.user_id, parent.portal_id, parent.address_id, status, daysAgoIso(daysAgo), dateFromToday(2 - daysAgo),
        parentId, product.id, reason, screenshot(ctx), status === 'returned' ? dateFromToday(3 - daysAgo) : null).lastInsertRowid,
  );
  ctx.db
    .prepare('INSERT INTO products (order_id, name, description, quantity, comment, screenshot) VALUES (?, ?, ?, 1, ?, ?)')
    .run(id, product.name, product.description, reason, product.screenshot);
  return id;
}

/** Fills an empty database with the catalogue's portals, adverts, the demo shopper, a second user and their data. */
export function seed(ctx: SandboxContext): void {
  const { db } = ctx;
  db.transaction(() => {
    const missing = SEED_PORTAL_IDS.filter((id) => !PORTALS.some((p) => p.id === id));
    if (missing.length > 0) throw new Error(`The demo data needs shops with portalId ${missing.join(', ')} in sandbox/src/portals.json`);
    syncPortals(ctx);
    syncPickupPoints(ctx);
    const addAdvert = db.prepare('INSERT INTO adverts (portal_id, name, start_date, end_date, created_at, picture) VALUES (?, ?, ?, ?, ?, ?)');
    addAdvert.run(1, 'Amazon tech week', dateFromToday(-10), dateFromToday(30), daysAgoIso(12), '/adverts/1.svg');
    addAdvert.run(2, 'ASOS summer edit', dateFromToday(-5), dateFromToday(45), daysAgoIso(6), '/adverts/2.svg');
    addAdvert.run(3, 'Nike running season', dateFromToday(-1), dateFromToday(60), daysAgoIso(2), '/adverts/3.svg');
    addAdvert.run(9, 'Zara winter sale (ended)', dateFromToday(-60), dateFromToday(-5), daysAgoIso(61), '/adverts/4.svg');

    const shopper = insertUser(ctx, { first: 'Thandi', last: 'Nkosi', email: DEMO_USER.email, mobile: '+27821234567', birth: '1992-04-18', password: DEMO_USER.password });
    const jhb = insertAddress(ctx, shopper, ['Home', '14 Jan Smuts Avenue, Parktown', 'Johannesburg', 'Gauteng', '2193']);
    const cpt = insertAddress(ctx, shopper, ['Work', '3 Dock Road, V&A Waterfront', 'Cape Town', 'Western Cape', '8001']);
    db.prepare("INSERT INTO cards (user_id, token, card_name, is_preferred, is_valid, created_at) VALUES (?, 'tok_demo_visa_4242', 'Personal Visa', 1, 1, ?)").run(shopper, daysAgoIso(90));

    const url = (portal: number, path: string) => shopPage(PORTALS.find((p) => p.id === portal)?.link ?? 'https://example.com', path);
    insertOrder(ctx, { userId: shopper, portalId: 1, addressId: jhb, daysAgo: 1, products: [
      { name: 'Kindle Paperwhite', description: url(1, 'dp/B08KTZ8249'), quantity: 1, comment: '16 GB, black' },
      { name: 'USB-C charger', description: url(1, 'dp/B0BXPL4ZGN'), quantity: 2 },
    ] });
    const processing = insertOrder(ctx, { userId: shopper, portalId: 2, addressId: cpt, daysAgo: 2, products: [
      { name: 'Linen shirt', description: url(2, 'prd/203948'), quantity: 1, comment: 'Size M' },
      { name: 'Canvas tote', description: url(2, 'prd/118273'), quantity: 1 },
    ] });
    issueQuote(ctx, processing, { cost: [650, 320], customs: [95, 40], delivery: [80, 45] });
    const paid = insertOrder(ctx, { userId: shopper, portalId: 3, addressId: jhb, daysAgo: 5, products: [
      { name: 'Pegasus 41 running shoes', description: url(3, 't/pegasus-41'), quantity: 1, comment: 'UK 6' },
    ] });
    advance(ctx, paid, 'paid');
    const purchased = insertOrder(ctx, { userId: shopper, portalId: 7, addressId: cpt, daysAgo: 8, products: [
      { name: 'Vitamin C serum', description: url(7, 'product/vitamin-c-serum'), quantity: 2 },
    ] });
    advance(ctx, purchased, 'goods purchased', { pickup: dateFromToday(-6) });
    const transit = insertOrder(ctx, { userId: shopper, portalId: 5, addressId: jhb, daysAgo: 12, products: [
      { name: 'Desk lamp', description: url(5, 'p/forsa-work-lamp'), quantity: 1 },
      { name: 'Storage boxes', description: url(5, 'p/kuggis-box'), quantity: 3, comment: 'White' },
    ] });
    advance(ctx, transit, 'in transit', { pickup: dateFromToday(-9), delivery: dateFromToday(5) });
    const arrived = insertOrder(ctx, { userId: shopper, portalId: 6, addressId: cpt, daysAgo: 16, products: [
      { name: 'Trail backpack 30L', description: url(6, 'product/trail-30'), quantity: 1 },
    ] });
    advance(ctx, arrived, 'arrived in SA', { pickup: dateFromToday(-13), delivery: dateFromToday(2) });
    const deliveredA = insertOrder(ctx, { userId: shopper, portalId: 1, addressId: jhb, daysAgo: 30, products: [
      { name: 'Noise-cancelling headphones', description: url(1, 'dp/B0CX23V2ZK'), quantity: 1 },
      { name: 'Phone case', description: url(1, 'dp/B0C1234567'), quantity: 2, comment: 'Clear' },
    ] });
    advance(ctx, deliveredA, 'delivered', { pickup: dateFromToday(-27), delivery: dateFromToday(-18) });
    const deliveredB = insertOrder(ctx, { userId: shopper, portalId: 4, addressId: cpt, daysAgo: 40, products: [
      { name: 'Training leggings', description: url(4, 'products/vital-seamless-leggings'), quantity: 2, comment: 'Size S' },
      { name: 'Sports bra', description: url(4, 'products/everyday-sports-bra'), quantity: 1 },
      { name: 'Water bottle', description: url(4, 'products/bottle'), quantity: 1 },
    ] });
    advance(ctx, deliveredB, 'delivered', { pickup: dateFromToday(-37), delivery: dateFromToday(-28) });
    insertReturn(ctx, deliveredA, 'returning', 'Left ear cup crackles', 3);
    const returned = insertReturn(ctx, deliveredB, 'returned', 'Wrong size', 20);

    const other = insertUser(ctx, { first: 'Sipho', last: 'Dlamini', email: OTHER_USER.email, mobile: '0831234567', birth: '1988-09-02', password: OTHER_USER.password });
    const otherAddress = insertAddress(ctx, other, ['Home', '22 Florida Road, Morningside', 'Durban', 'KwaZulu-Natal', '4001']);
    db.prepare("INSERT INTO cards (user_id, token, card_name, is_preferred, is_valid, created_at) VALUES (?, 'tok_other_mc_5454', 'Business Mastercard', 0, 1, ?)").run(other, daysAgoIso(50));
    insertOrder(ctx, { userId: other, portalId: 9, addressId: otherAddress, daysAgo: 4, products: [
      { name: 'Wool coat', description: url(9, 'za/en/wool-coat-p0123.html'), quantity: 1 },
    ] });
    const received = seedTrustedQuotes(ctx, shopper, jhb, url);
    seedJourneys(ctx, { paid, purchased, transit, arrived, deliveredA, deliveredB, received });
    seedCredit(ctx, shopper, { deliveredA, returned, received });
    seedPickupAndTogether(ctx, shopper, cpt, url);
  })();
}

/** Seeds on first start, when the users table is empty; on later starts brings the portals up to date with the catalogue (sandbox/src/portals.json). */
export function seedIfEmpty(ctx: SandboxContext): boolean {
  const row = ctx.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number };
  if (row.n > 0) {
    syncPortals(ctx);
    syncPickupPoints(ctx);
    return false;
  }
  seed(ctx);
  return true;
}
