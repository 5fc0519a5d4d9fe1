import type { RunningSandbox } from '../../../sandbox/src/server';
import { Client, goodPng, OTHER, orderForm, SHOPPER, start, type Json } from './helpers';

// Issue 56: store credit (sandbox/README.md rule 17). A fresh sandbox per test: every test starts from the demo
// shopper's seeded balance of R1 203,50.
let sandbox: RunningSandbox;
let c: Client;
let card: number;
let homeId: number;

beforeEach(async () => {
  sandbox = await start();
  c = new Client(sandbox.url);
  await c.login();
  card = (await c.json('GET', '/cards')).body.data[0].id;
  homeId = (await c.json('GET', '/addresses')).body.data[0].id;
});
afterEach(() => sandbox.close());

const item = (name: string) => ({ name, description: 'https://www.nike.com/t/shoe', quantity: '1', screenshot: goodPng() });

/** A new order of the demo shopper quoted per item (fee R185); the default makes a total of R2282.75, `cheap` R672.75. */
async function quotedOrder(cheap = false): Promise<{ id: number; products: Json[] }> {
  const id = (await c.json('POST', '/orders', orderForm({ portal: '3', address: String(homeId) }, [item('Shoes'), item('Socks')]))).body.data.id;
  const prices = cheap ? { cost: [300, 100], customs: 0, delivery: 0 } : { cost: [1000, 500], customs: 100, delivery: 50 };
  await c.json('POST', `/__sandbox/orders/${id}/quote`, prices);
  return { id, products: (await c.json('GET', `/orders/${id}/products`)).body.data };
}

const credit = async (client = c): Promise<Json> => (await client.json('GET', '/credit')).body.data;
const orderOf = async (id: number): Promise<Json> => (await c.json('GET', `/orders/${id}`)).body.data;
const outbox = async (): Promise<Json[]> => (await c.json('GET', '/__sandbox/outbox')).body.data;
const goodWithdrawal = (over: Record<string, unknown> = {}) => ({
  withdrawal: { account_holder: 'T Nkosi', bank: 'FNB', account_number: '6212344821', account_type: 'cheque', amount: '200.00', current_password: SHOPPER.password, ...over },
});
const withdraw = (over: Record<string, unknown> = {}) => c.json('POST', '/credit/withdrawals', goodWithdrawal(over));
/** Leaves the demo shopper `rand` of credit by withdrawing the rest. */
const leave = async (rand: number) => expect((await withdraw({ amount: (1203.5 - rand).toFixed(2) })).status).toBe(201);

describe('the balance and the statement', () => {
  it('shows the seeded balance, the statement newest first with each balance after, and the paid-out withdrawal without the account number', async () => {
    const res = await c.call('GET', '/credit');
    const text = await res.text();
    expect(text).not.toContain('6212344821');
    const data = JSON.parse(text).data as Json;
    expect(data.balance).toBe(1203.5);
    expect(data.movements.map((m: Json) => m.kind)).toEqual(['item_not_bought', 'item_not_bought', 'withdrawal', 'return_refund', 'refund']);
    expect(data.movements[1].reason).toMatch(/^Order \d+: Merino socks sold out$/);
    // Each balance after is the older one's plus the amount: the ledger adds up.
    const oldestFirst = [...data.movements].reverse();
    oldestFirst.reduce((before: number, m: Json) => {
      expect(m.balance_after).toBeCloseTo(before + m.amount, 2);
      return m.balance_after;
    }, 0);
    expect(data.movements[0].balance_after).toBe(data.balance);
    expect(data.withdrawals).toEqual([
      expect.objectContaining({ amount: 500, status: 'paid', bank: 'FNB', account_holder: 'T Nkosi', account_ending: '4821', account_type: 'cheque', paid_at: expect.any(String) }),
    ]);
  });
});

describe('credit when it is due', () => {
  it('an item not bought (sold out, or a cheaper alternative) credits its amount at once with its reason, and the shopper is told by e-mail', async () => {
    const { id, products } = await quotedOrder();
    const early = await c.json('POST', `/__sandbox/orders/${id}/products/${products[0].id}/not-bought`, {});
    expect(early.status).toBe(422);
    expect((await c.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: card } })).status).toBe(200);
    const before = (await outbox()).length;
    // Shoes: (1000 + 100 + 50) with VAT = 1322.50.
    const soldOut = await c.json('POST', `/__sandbox/orders/${id}/products/${products[0].id}/not-bought`, { reason: 'sold_out' });
    expect(soldOut.body.data).toMatchObject({ channel: 'email', balance: 2526, movement: { kind: 'item_not_bought', order_id: id, reason: `Order ${id}: Shoes sold out`, amount: 1322.5, balance_after: 2526 } });
    const cheaper = await c.json('POST', `/__sandbox/orders/${id}/products/${products[1].id}/not-bought`, { reason: 'cheaper_alternative', amount: 120.5 });
    expect(cheaper.body.data.movement).toMatchObject({ reason: `Order ${id}: Socks cost less`, amount: 120.5, balance_after: 2646.5 });
    expect((await c.json('POST', `/__sandbox/orders/${id}/products/${products[0].id}/not-bought`, {})).status).toBe(422);
    expect((await credit()).movements[0]).toMatchObject({ reason: `Order ${id}: Socks cost less` });
    const told = (await outbox()).slice(0, (await outbox()).length - before);
    expect(told).toEqual([
      expect.objectContaining({ kind: 'credit_added', channel: 'email', recipient: SHOPPER.email, subject: 'Store credit added', payload: expect.objectContaining({ amount: 120.5, balance: 2646.5 }) }),
      expect.objectContaining({ kind: 'credit_added', channel: 'email', payload: expect.objectContaining({ amount: 1322.5, reason: `Order ${id}: Shoes sold out` }) }),
    ]);
  });

  it('a return refunded and a partial refund credit with their reasons; a shopper on WhatsApp is told by WhatsApp', async () => {
    sandbox.ctx.db.prepare("UPDATE users SET notification_method = 'whatsapp' WHERE email = ?").run(SHOPPER.email);
    const returning: Json = (await c.json('GET', '/orders?type=return&status=returning')).body.data[0];
    expect((await c.json('POST', `/__sandbox/orders/${returning.id}/refund-return`)).status).toBe(422);
    await c.json('GET', `/orders/${returning.id}/complete_return_order`);
    const refunded = await c.json('POST', `/__sandbox/orders/${returning.id}/refund-return`);
    expect(refunded.body.data).toMatchObject({ channel: 'whatsapp', movement: { kind: 'return_refund', reason: `Order ${returning.id}: Noise-cancelling headphones returned`, amount: 115 } });
    expect((await c.json('POST', `/__sandbox/orders/${returning.id}/refund-return`)).status).toBe(422);
    const partial = await c.json('POST', '/__sandbox/users/credit', { email: SHOPPER.email, amount: 50, reason: 'Delivery refund', order_id: returning.parent_order_id });
    expect(partial.body.data.movement).toMatchObject({ kind: 'refund', reason: `Order ${returning.parent_order_id}: Delivery refund`, amount: 50, balance_after: 1368.5 });
    const [last] = await outbox();
    expect(last).toMatchObject({ kind: 'credit_added', channel: 'whatsapp', recipient: '+27821234567', payload: { amount: 50, balance: 1368.5 } });
    const othersOrder = (await c.json('GET', '/__sandbox/orders/11')).body.data;
    expect(othersOrder.user_id).not.toBe(1);
    expect((await c.json('POST', '/__sandbox/users/credit', { email: SHOPPER.email, amount: 50, reason: 'x', order_id: 11 })).status).toBe(404);
    expect((await c.json('POST', '/__sandbox/users/credit', { email: SHOPPER.email, amount: 0, reason: 'x' })).status).toBe(422);
  });
});

describe('withdrawals', () => {
  it('refuses each bad field in the words of the contract and keeps the balance', async () => {
    const res = await withdraw({ account_holder: ' ', bank: 'Bank of Mars', account_number: '12a', account_type: 'credit', amount: '0', current_password: '' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      account_holder: ["can't be blank"],
      bank: ['is not a bank we can pay into'],
      account_number: ['must be digits only'],
      account_type: ['must be cheque, savings or transmission'],
      amount: ['must be more than R0'],
      current_password: ["can't be blank"],
    });
    expect((await withdraw({ account_number: '123456789' })).body.errors).toEqual({ account_number: ['must be 10 to 11 digits for FNB'] });
    expect((await withdraw({ bank: 'Capitec', account_number: '12345678901' })).body.errors).toEqual({ account_number: ['must be 10 digits for Capitec'] });
    expect((await withdraw({ amount: 1203.51 })).body.errors).toEqual({ amount: ["can't be more than your credit of R1203.50"] });
    expect((await withdraw({ account_holder: 'x'.repeat(256) })).body.errors).toEqual({ account_holder: ['is too long (maximum is 255 characters)'] });
    expect((await withdraw({ current_password: 'Wrong#2026' })).body.errors).toEqual({ current_password: ['is invalid'] });
    expect((await credit()).balance).toBe(1203.5);
  });

  it('takes the amount off at once, says when to expect it, is paid out by the operator, and is cancelled only while pending', async () => {
    const res = await withdraw({ amount: 200 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ amount: 200, status: 'pending', bank: 'FNB', account_ending: '4821', paid_at: null, expected_by: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(JSON.stringify(res.body)).not.toContain('6212344821');
    const workingDays = (from: Date, to: string) => {
      let n = 0;
      for (const d = new Date(from.toISOString().slice(0, 10)); d.toISOString().slice(0, 10) < to; ) {
        d.setUTCDate(d.getUTCDate() + 1);
        if (d.getUTCDay() % 6 !== 0) n += 1;
      }
      return n;
    };
    expect(workingDays(new Date(res.body.data.requested_at), res.body.data.expected_by)).toBe(3);
    const after = await credit();
    expect(after.balance).toBe(1003.5);
    expect(after.movements[0]).toMatchObject({ kind: 'withdrawal', amount: -200, balance_after: 1003.5, reason: 'Withdrawal to FNB account ending 4821' });
    const id = res.body.data.id;
    const other = new Client(sandbox.url);
    await other.login(OTHER);
    expect((await other.json('DELETE', `/credit/withdrawals/${id}`)).status).toBe(404);
    const cancelled = await c.json('DELETE', `/credit/withdrawals/${id}`);
    expect(cancelled.body.data).toMatchObject({ id, status: 'cancelled' });
    expect((await credit()).movements[0]).toMatchObject({ kind: 'withdrawal_cancelled', amount: 200, balance_after: 1203.5 });
    expect((await c.json('DELETE', `/credit/withdrawals/${id}`)).body).toEqual({ error: 'Only a pending withdrawal can be cancelled' });
    const second = (await withdraw({ amount: '100.00' })).body.data.id;
    expect((await c.json('POST', `/__sandbox/withdrawals/${second}/pay`)).body.data).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    expect((await c.json('DELETE', `/credit/withdrawals/${second}`)).status).toBe(422);
    expect((await credit()).balance).toBe(1103.5);
    expect((await credit(other)).balance).toBe(0);
  });
});

describe('spending credit on a quote', () => {
  it('shows the balance on the quote of an order the shopper can pay, and not once it is paid', async () => {
    const { id } = await quotedOrder();
    expect((await orderOf(id)).quote.credit).toEqual({ balance: 1203.5 });
    expect((await c.json('GET', `/orders/${id}/cost_summary`)).body.data.credit).toEqual({ balance: 1203.5 });
    await c.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: card } });
    expect((await orderOf(id)).quote).not.toHaveProperty('credit');
  });

  it('partly: holds min(balance, total) while on PayFast, releases it when cancelled or ended, spends it when paid; the card pays the rest', async () => {
    const { id } = await quotedOrder();
    const hosted = async () => (await c.json('POST', `/orders/${id}/create_hosted_payment`, { order: { use_credit: true } })).body.data;
    const first = await hosted();
    expect(first.order.checkout).toMatchObject({ total: 2282.75, credit_used: 1203.5, paid_now: 1079.25 });
    expect((await credit()).balance).toBe(0);
    expect((await orderOf(id)).quote).not.toHaveProperty('credit');
    const page = first.location.replace(sandbox.url, '');
    expect(await (await c.call('GET', page)).text()).toContain('R1079.25');
    await c.call('POST', `${page}/cancel`, '', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect((await credit()).balance).toBe(1203.5);
    expect((await orderOf(id)).checkout).not.toHaveProperty('credit_used');
    const second = await hosted();
    // A newer payment without credit ends the one that held it: the hold goes back.
    await c.json('POST', `/orders/${id}/create_hosted_payment`, { order: {} });
    expect((await credit()).balance).toBe(1203.5);
    const third = (await hosted()).location.replace(sandbox.url, '');
    expect((await c.call('GET', second.location.replace(sandbox.url, ''))).status).toBe(409);
    const paid = await c.call('POST', `${third}/confirm`, new URLSearchParams({ amount_gross: '1079.25' }).toString(), { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(paid.status).toBe(303);
    const order = await orderOf(id);
    expect(order).toMatchObject({ status: 'paid', checkout: { total: 2282.75, credit_used: 1203.5, paid_now: 1079.25 } });
    const after = await credit();
    expect(after.balance).toBe(0);
    expect(after.movements[0]).toMatchObject({ kind: 'spent', order_id: id, reason: `Order ${id}: paid with credit`, amount: -1203.5, balance_after: 0 });
  });

  it('partly by card at once: the card charges the rest and the order records both', async () => {
    await leave(1000);
    const { id } = await quotedOrder();
    const res = await c.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: card, use_credit: true } });
    expect(res.body.data.order).toMatchObject({ status: 'paid', checkout: { credit_used: 1000, paid_now: 1282.75 } });
    const row = sandbox.ctx.db.prepare('SELECT paid_amount_cents FROM orders WHERE id = ?').get(id) as { paid_amount_cents: number };
    expect(row.paid_amount_cents).toBe(128_275);
    expect((await credit()).balance).toBe(0);
  });

  it('fully: pay_with_credit pays at once with no card; credit that no longer covers the total is refused and nothing is paid', async () => {
    const big = await quotedOrder();
    const short = await c.json('POST', `/orders/${big.id}/pay_with_credit`, { order: { use_credit: true } });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ use_credit: ['Your credit no longer covers this total: pay the rest by card or another way'] });
    expect((await orderOf(big.id)).status).toBe('processing');
    const { id } = await quotedOrder(true);
    expect((await c.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: card, use_credit: true } })).body.errors).toEqual({
      use_credit: ['Your credit covers this total: pay with your credit, no card needed'],
    });
    const paid = await c.json('POST', `/orders/${id}/pay_with_credit`, { order: { use_credit: true } });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', order: { status: 'paid', checkout: { total: 672.75, credit_used: 672.75, paid_now: 0 } } });
    expect((await credit()).balance).toBe(530.75);
    expect((await c.json('POST', `/orders/${id}/pay_with_credit`, { order: { use_credit: true } })).status).toBe(422);
  });

  it('two tabs at once never take the balance below 0: two payments, or two withdrawals', async () => {
    const a = await quotedOrder(true);
    const b = await quotedOrder(true);
    const payments = await Promise.all([a.id, b.id].map((id) => c.json('POST', `/orders/${id}/pay_with_credit`, { order: { use_credit: true } })));
    expect(payments.map((p) => p.status).sort()).toEqual([200, 422]);
    expect((await credit()).balance).toBe(530.75);
    const withdrawals = await Promise.all([withdraw({ amount: 500 }), withdraw({ amount: 500 })]);
    expect(withdrawals.map((w) => w.status).sort()).toEqual([201, 422]);
    const after = await credit();
    expect(after.balance).toBe(30.75);
    expect(after.movements.every((m: Json) => m.balance_after >= 0)).toBe(true);
  });
});
