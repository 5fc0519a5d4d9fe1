import { Hono, type Context } from 'hono';
import { ACCOUNT_TYPES, bankAccountProblem, findBank } from '../../src/lib/sa-banks';
import { requireUser } from './auth';
import { availableCents } from './credit-ledger';
import { cancelWithdrawal, creditJson, recordWithdrawal, withdrawalJson } from './credit';
import type { AppEnv, SandboxContext } from './context';
import { checkCurrentPassword } from './current-password';
import { FieldReader, pathId, readBody, requireParam } from './http';
import { randText } from './serialize';

/** Rand as a number or a decimal string with at most two decimals, in cents; undefined when it is neither. */
function randCents(value: unknown): number | undefined {
  if (typeof value === 'number') {
    const cents = Math.round(value * 100);
    return Number.isFinite(value) && Math.abs(value * 100 - cents) < 1e-6 ? cents : undefined;
  }
  if (typeof value === 'string' && /^\s*-?\d{1,9}(\.\d{1,2})?\s*$/.test(value)) return Math.round(Number(value) * 100);
  return undefined;
}

/**
 * POST /credit/withdrawals: reads and checks every field (the bank against the shared SA list, the account number's
 * digits and the bank's length, the amount against the credit available now, the current password as rule 10), then
 * records the pending withdrawal with its amount off the balance, in one transaction with the balance check.
 */
function requestWithdrawal(ctx: SandboxContext, c: Context<AppEnv>, params: Record<string, unknown>) {
  const user = c.get('user');
  const f = new FieldReader(params);
  const holder = f.string('account_holder', { required: true })?.trim();
  const bankName = f.string('bank', { required: true }) ?? '';
  const number = f.string('account_number', { required: true }) ?? '';
  if (!f.errors.bank && !f.errors.account_number) {
    const problems = bankAccountProblem(bankName, number);
    if (problems.bank) f.add('bank', problems.bank);
    if (problems.account_number) f.add('account_number', problems.account_number);
  }
  const type = f.string('account_type') ?? '';
  if (!(ACCOUNT_TYPES as readonly string[]).includes(type)) f.add('account_type', 'must be cheque, savings or transmission');
  const amount = params.amount === undefined || params.amount === null || params.amount === '' ? undefined : randCents(params.amount);
  const available = availableCents(ctx, user.id);
  if (params.amount === undefined || params.amount === null || params.amount === '') f.add('amount', "can't be blank");
  else if (amount === undefined) f.add('amount', 'is not a number');
  else if (amount <= 0) f.add('amount', 'must be more than R0');
  else if (amount > available) f.add('amount', `can't be more than your credit of ${randText(available)}`);
  checkCurrentPassword(ctx, c, user, f);
  f.check();
  const bank = findBank(bankName);
  return recordWithdrawal(ctx, user.id, {
    amountCents: amount ?? 0,
    bank: bank?.name ?? bankName,
    branchCode: bank?.branchCode ?? '',
    accountHolder: holder ?? '',
    accountNumber: number,
    accountType: type,
  });
}

/** /credit routes (issue 56): the balance and statement, a withdrawal to a bank, and cancelling one while it is pending. */
export function creditRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.use('*', requireUser(ctx));
  r.get('/', (c) => c.json({ data: creditJson(ctx, c.get('user').id) }));
  r.post('/withdrawals', async (c) => {
    const params = requireParam(await readBody(c), 'withdrawal');
    return c.json({ data: withdrawalJson(requestWithdrawal(ctx, c, params)) }, 201);
  });
  r.delete('/withdrawals/:id', (c) => c.json({ data: withdrawalJson(cancelWithdrawal(ctx, c.get('user').id, pathId(c))) }));
  return r;
}
