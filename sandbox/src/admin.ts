import { fileURLToPath } from 'node:url';
import { creditNotBought, creditRefund, creditReturn, payWithdrawal } from './credit';
import { createSandbox } from './server';
import { HttpError } from './http';
import { addWarehousePhoto, setDeclaration, setInsurance, setShippingOption } from './order-extras-ops';
import { issueQuote, setStatus, type QuoteInput } from './order-ops';
import { listOrders, listTokens, lockAccount, restoreAccount, shipmentCandidatesOf } from './operator';
import { setOrderWeight, setPointStatus } from './pickup';
import { listOutbox } from './outbox';
import { checkLateOrders, moveExpectedDelivery } from './lateness';
import { addEvent, setCourier } from './tracking';
import { settlePushes } from './push';

const USAGE = `Usage: npm run sandbox:admin -- <command>
  quote <orderId> [--cost 100[,250...]] [--customs 20] [--delivery 30] [--fee 185]
                        issue a quote (rand per item; a comma list gives one value per product)
  status <orderId> <status>   set an order's status (quote "in transit" and "arrived in SA")
  tokens                      list password-reset and unlock tokens
  outbox                      list the messages the sandbox "sent"
  orders [email]              list orders (of one user)
  lock <email>                lock an account: its tokens are revoked and an unlock link is mailed
  restore <email>             reopen a closed account (PATCH /users/{id}/restore): its owner can sign in again
  shipping <orderId> <id> --label Express --price 350 --days 3-5
                              offer (or change) a shipping speed on an open order; --withdraw takes it away
  insurance <orderId> --rate 2 --minimum 50 [--covers "..."]
                              offer insurance (a share of the insured value, at least the minimum); --withdraw takes it away
  declare <productId> --description "Cotton shirt" --value 650 --origin CN
                              declare a quoted product to customs (value in rand per item, at most its price)
  photo <orderId> <productId> add a warehouse photo of a received order's product and push it to the shopper
  event <orderId> <kind> [--description "Weighed at the warehouse: 2.4 kg"] [--status "goods purchased"] [--at 2026-11-20T09:15:00Z]
                              record what happened to a paid order (kinds: received, weighed, left_warehouse, landed,
                              cleared_customs, with_courier, out_for_delivery, delivered)
  courier <orderId> --name "The Courier Guy" --waybill TCG4820193746 [--url https://...]
                              set the courier of an order in transit or later
  deliver-by <orderId> <from> <to> --reason "Held for a customs inspection"
                              move a paid order's expected delivery (dates YYYY-MM-DD)
  late-check                  tell the shoppers of orders whose window passed (once per window)
  not-bought <orderId> <productId> [--cheaper 120.50]
                              credit an item of a paid order not bought: sold out (its line total with VAT), or the
                              difference of a cheaper alternative
  refund-return <orderId>     credit a returned return order's item (its price with VAT)
  credit <email> <amount> --reason "Delivery refund" [--order 12]
                              credit a partial refund (rand)
  pay-withdrawal <id>         mark a pending withdrawal paid out
  pickup-point <code> open|closed
                              open or close a pickup point (an order that chose a closed one cannot be paid)
  weight <orderId> <kg>       set an order's weight (a pickup point that takes less refuses it at payment)
  candidates [email]          list the orders at the warehouse that can ship together (of one user)
Works on SANDBOX_DB (default sandbox/data/sandbox.db).`;

function flags(args: string[]): QuoteInput {
  const input: QuoteInput = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]?.replace(/^--/, '');
    const values = (args[i + 1] ?? '').split(',').map(Number);
    if (values.some((v) => !Number.isFinite(v))) throw new HttpError(422, `--${name} needs numbers`);
    if (name === 'cost' || name === 'customs' || name === 'delivery') input[name] = values;
    else if (name === 'fee') input.fee = values[0];
    else throw new HttpError(422, `Unknown option ${args[i] ?? ''}`);
  }
  return input;
}

/** `--name value` pairs and bare `--withdraw` of the option commands. */
function named(args: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 1) {
    const name = args[i]?.replace(/^--/, '') ?? '';
    if (name === 'withdraw') out.withdraw = 'true';
    else out[name] = args[(i += 1)] ?? '';
  }
  return out;
}

function number(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}

function orderId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw new HttpError(422, 'orderId must be a positive integer');
  return id;
}

async function run(args: string[]): Promise<unknown> {
  const [command, ...rest] = args;
  const env = process.env;
  const db = env.SANDBOX_DB || fileURLToPath(new URL('../data/sandbox.db', import.meta.url));
  // The server's switches and public URL, so that a quote or move reaches its stand-in push service too.
  const sandbox = createSandbox({
    db,
    quiet: true,
    uploadsDir: env.SANDBOX_UPLOADS_DIR || undefined,
    faults: env.SANDBOX_FAULTS === '1',
    publicUrl: env.SANDBOX_PUBLIC_URL || `http://127.0.0.1:${env.SANDBOX_PORT || '4010'}`,
  });
  try {
    switch (command) {
      case 'quote':
        return issueQuote(sandbox.ctx, orderId(rest[0]), flags(rest.slice(1)));
      case 'status':
        if (!rest[1]) throw new HttpError(422, 'status needs <orderId> <status>');
        return setStatus(sandbox.ctx, orderId(rest[0]), rest.slice(1).join(' '));
      case 'tokens':
        return listTokens(sandbox.ctx);
      case 'outbox':
        return listOutbox(sandbox.ctx);
      case 'orders':
        return listOrders(sandbox.ctx, rest[0]);
      case 'lock':
        if (!rest[0]) throw new HttpError(422, 'lock needs <email>');
        return lockAccount(sandbox.ctx, rest[0]);
      case 'shipping': {
        const o = named(rest.slice(2));
        const [min, max] = (o.days ?? '').split('-').map(Number);
        return setShippingOption(sandbox.ctx, orderId(rest[0]), {
          id: rest[1] ?? '', label: o.label, price: number(o.price), minDays: min, maxDays: max ?? min, withdraw: o.withdraw === 'true',
        });
      }
      case 'insurance': {
        const o = named(rest.slice(1));
        return setInsurance(sandbox.ctx, orderId(rest[0]), { ratePercent: number(o.rate), minimum: number(o.minimum), covers: o.covers, withdraw: o.withdraw === 'true' });
      }
      case 'declare': {
        const o = named(rest.slice(1));
        return setDeclaration(sandbox.ctx, orderId(rest[0]), { description: o.description, declared_value: number(o.value), country_of_origin: o.origin });
      }
      case 'event': {
        const o = named(rest.slice(2));
        return addEvent(sandbox.ctx, orderId(rest[0]), { kind: rest[1], description: o.description, status: o.status, occurred_at: o.at });
      }
      case 'courier': {
        const o = named(rest.slice(1));
        return setCourier(sandbox.ctx, orderId(rest[0]), { name: o.name, waybill: o.waybill, tracking_url: o.url });
      }
      case 'deliver-by':
        return moveExpectedDelivery(sandbox.ctx, orderId(rest[0]), { from: rest[1], to: rest[2], reason: named(rest.slice(3)).reason });
      case 'late-check':
        return checkLateOrders(sandbox.ctx);
      case 'photo':
        return addWarehousePhoto(sandbox.ctx, orderId(rest[0]), orderId(rest[1]));
      case 'not-bought': {
        const cheaper = named(rest.slice(2)).cheaper;
        return creditNotBought(sandbox.ctx, orderId(rest[0]), orderId(rest[1]), cheaper === undefined ? {} : { reason: 'cheaper_alternative', amount: Number(cheaper) });
      }
      case 'refund-return':
        return creditReturn(sandbox.ctx, orderId(rest[0]));
      case 'credit': {
        const o = named(rest.slice(2));
        return creditRefund(sandbox.ctx, { email: rest[0], amount: number(rest[1]), reason: o.reason, order_id: number(o.order) });
      }
      case 'pay-withdrawal':
        return payWithdrawal(sandbox.ctx, orderId(rest[0]));
      case 'pickup-point':
        if (!rest[0]) throw new HttpError(422, 'pickup-point needs <code> open|closed');
        return setPointStatus(sandbox.ctx, rest[0], rest[1]);
      case 'weight':
        return setOrderWeight(sandbox.ctx, orderId(rest[0]), number(rest[1]));
      case 'candidates':
        return shipmentCandidatesOf(sandbox.ctx, rest[0]);
      case 'restore':
        if (!rest[0]) throw new HttpError(422, 'restore needs <email>');
        return restoreAccount(sandbox.ctx, rest[0]);
      default:
        return undefined;
    }
  } finally {
    await settlePushes(sandbox.ctx);
    sandbox.close();
  }
}

try {
  const result = await run(process.argv.slice(2));
  if (result === undefined) {
    console.log(USAGE);
    process.exitCode = 1;
  } else {
    console.log(JSON.stringify(result, null, 2));
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}
