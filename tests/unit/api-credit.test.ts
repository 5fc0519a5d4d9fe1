// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelWithdrawal, creditFromWire, getCredit, requestWithdrawal, withdrawalFromWire } from '../../src/lib/api/credit';
import { config } from '../../src/lib/config';
import { bankAccountProblem, findBank, SA_BANKS } from '../../src/lib/sa-banks';
import { clearTokens, storeTokens } from '../../src/lib/stores/session';

// Issue 56's store credit as the sandbox sends it (docs/api-contract.md, "Store credit"): money as decimal strings in the
// spec dialect, numbers in the envelope.
const specCredit = {
  balance: '1203.50',
  movements: [
    { id: 4, kind: 'withdrawal', order_id: null, reason: 'Paid to FNB ···4821', amount: '-500.00', balance_after: '1203.50', created_at: '2026-11-20T09:15:00.000Z' },
    { id: 2, kind: 'return_refund', order_id: 15, reason: 'Order 15: Training leggings returned', amount: '725.00', balance_after: '1703.50', created_at: '2026-11-10T09:15:00.000Z' },
    { id: 1, kind: 'item_not_bought', order_id: 12, reason: 'Order 12: Bluetooth speaker sold out', amount: '978.50', balance_after: '978.50', created_at: '2026-11-01T09:15:00.000Z' },
  ],
  withdrawals: [
    {
      id: 2, amount: '500.00', status: 'paid', bank: 'FNB', account_holder: 'T Nkosi', account_ending: '4821', account_type: 'cheque',
      requested_at: '2026-11-20T09:15:00.000Z', expected_by: '2026-11-25', paid_at: '2026-11-24T10:00:00.000Z',
    },
  ],
};
const envelopeCredit = {
  ...specCredit,
  balance: 1203.5,
  movements: specCredit.movements.map((m) => ({ ...m, amount: Number(m.amount), balance_after: Number(m.balance_after) })),
  withdrawals: specCredit.withdrawals.map((w) => ({ ...w, amount: 500 })),
};
const statement = {
  balance: 1203.5,
  movements: [
    { id: 4, kind: 'withdrawal', orderId: null, reason: 'Paid to FNB ···4821', amount: -500, balanceAfter: 1203.5, createdAt: '2026-11-20T09:15:00.000Z' },
    { id: 2, kind: 'return_refund', orderId: 15, reason: 'Order 15: Training leggings returned', amount: 725, balanceAfter: 1703.5, createdAt: '2026-11-10T09:15:00.000Z' },
    { id: 1, kind: 'item_not_bought', orderId: 12, reason: 'Order 12: Bluetooth speaker sold out', amount: 978.5, balanceAfter: 978.5, createdAt: '2026-11-01T09:15:00.000Z' },
  ],
  withdrawals: [
    {
      id: 2, amount: 500, status: 'paid', bank: 'FNB', accountHolder: 'T Nkosi', accountEnding: '4821', accountType: 'cheque',
      requestedAt: '2026-11-20T09:15:00.000Z', expectedBy: '2026-11-25', paidAt: '2026-11-24T10:00:00.000Z',
    },
  ],
};

describe('store credit (decoding issue 56)', () => {
  it.each([
    ['spec dialect (bare, decimal strings)', specCredit],
    ['envelope ({ data }, numbers)', { data: envelopeCredit }],
    ['named ({ credit })', { credit: specCredit }],
  ])('reads the balance, the statement and the withdrawals of the %s', (_, body) => {
    expect(creditFromWire(body)).toEqual(statement);
  });

  it('leaves out a movement or withdrawal without a readable amount, and reads junk as empty', () => {
    const credit = creditFromWire({
      balance: 'lots',
      movements: [{ id: 1, amount: 'x' }, null, 'line', { id: 2, kind: 'Spent ', amount: -10, balance_after: null, created_at: 'yesterday' }],
      withdrawals: { id: 3 },
    });
    expect(credit).toEqual({
      balance: 0,
      movements: [{ id: 2, kind: 'spent', orderId: null, reason: '', amount: -10, balanceAfter: null, createdAt: '' }],
      withdrawals: [],
    });
    expect(withdrawalFromWire({ id: 1, amount: '-5' })).toBeUndefined();
  });

  it('keeps no more than the last four digits of an account number, whatever the service sent', () => {
    expect(withdrawalFromWire({ id: 1, amount: 10, account_ending: '62123 44821' })?.accountEnding).toBe('4821');
  });
});

describe('the SA bank list and its check (shared with the sandbox)', () => {
  it('has each bank with its universal branch code and account number length', () => {
    expect(SA_BANKS.map((b) => `${b.name} ${b.branchCode} ${b.minDigits}-${b.maxDigits}`)).toEqual([
      'ABSA 632005 9-11', 'African Bank 430000 11-11', 'Bidvest Bank 462005 10-11', 'Capitec 470010 10-10', 'Discovery Bank 679000 10-10',
      'FNB 250655 10-11', 'Investec 580105 9-11', 'Nedbank 198765 10-11', 'Old Mutual 462005 10-11', 'Standard Bank 051001 9-11',
      'TymeBank 678910 11-11',
    ]);
    expect(findBank(' fnb ')?.name).toBe('FNB');
  });

  it.each([
    ['FNB', '62123448210', {}],
    ['Capitec', '1234567890', {}],
    ['Bank of Mars', '1234567890', { bank: 'is not a bank we can pay into' }],
    ['Bank of Mars', '12a', { bank: 'is not a bank we can pay into', account_number: 'must be digits only' }],
    ['FNB', '', { account_number: "can't be blank" }],
    ['FNB', '6212 3448 21', { account_number: 'must be digits only' }],
    ['FNB', '123456789', { account_number: 'must be 10 to 11 digits for FNB' }],
    ['Capitec', '12345678901', { account_number: 'must be 10 digits for Capitec' }],
  ])('%s %j: %j', (bank, digits, problems) => {
    expect(bankAccountProblem(bank, digits)).toEqual(problems);
  });
});

describe('the credit calls', () => {
  let answers: { status: number; body: unknown }[] = [];
  let sent: { url: string; method: string; body: unknown }[] = [];

  beforeEach(() => {
    storeTokens('access-1', 'refresh-1', false);
    sent = [];
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      sent.push({ url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
      const next = answers.shift() ?? { status: 500, body: { error: 'no answer set' } };
      return Promise.resolve(new Response(JSON.stringify(next.body), { status: next.status, headers: { 'Content-Type': 'application/json' } }));
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearTokens();
  });

  it('GET /credit reads the statement', async () => {
    answers = [{ status: 200, body: { data: envelopeCredit } }];
    expect(await getCredit()).toEqual(statement);
    expect(sent[0]).toMatchObject({ url: `${config.apiBase}/credit`, method: 'GET' });
  });

  it.each([404, 405])('a service without credit (%i) is no credit: undefined', async (status) => {
    answers = [{ status, body: { error: 'Not found' } }];
    expect(await getCredit()).toBeUndefined();
  });

  it('another failure is thrown as it came', async () => {
    answers = [{ status: 500, body: { error: 'Internal server error' } }];
    await expect(getCredit()).rejects.toMatchObject({ status: 500, kind: 'server' });
  });

  it('POST /credit/withdrawals sends the wire names and the amount as text with two decimals; reads the pending withdrawal', async () => {
    const pending = { ...specCredit.withdrawals[0], id: 7, status: 'pending', paid_at: null };
    answers = [{ status: 201, body: pending }];
    const withdrawal = await requestWithdrawal({
      accountHolder: 'T Nkosi', bank: 'FNB', accountNumber: '62123448210', accountType: 'cheque', amount: 0.1 + 0.2, currentPassword: 'Shopper#2026',
    });
    expect(sent[0]).toEqual({
      url: `${config.apiBase}/credit/withdrawals`,
      method: 'POST',
      body: {
        withdrawal: {
          account_holder: 'T Nkosi', bank: 'FNB', account_number: '62123448210', account_type: 'cheque', amount: '0.30', current_password: 'Shopper#2026',
        },
      },
    });
    expect(withdrawal).toMatchObject({ id: 7, status: 'pending', accountEnding: '4821', expectedBy: '2026-11-25', paidAt: null });
  });

  it('a refused withdrawal keeps its field errors for the form', async () => {
    answers = [{ status: 422, body: { error: 'Amount can\'t be more than your credit of R1203.50', errors: { amount: ["can't be more than your credit of R1203.50"] } } }];
    await expect(
      requestWithdrawal({ accountHolder: 'T', bank: 'FNB', accountNumber: '1234567890', accountType: 'savings', amount: 5000, currentPassword: 'x' }),
    ).rejects.toMatchObject({ status: 422, errors: { amount: ["can't be more than your credit of R1203.50"] } });
  });

  it('DELETE /credit/withdrawals/{id} reads the cancelled withdrawal (envelope)', async () => {
    answers = [{ status: 200, body: { data: { ...envelopeCredit.withdrawals[0], id: 7, status: 'cancelled', paid_at: null } } }];
    expect(await cancelWithdrawal(7)).toMatchObject({ id: 7, status: 'cancelled', amount: 500 });
    expect(sent[0]).toMatchObject({ url: `${config.apiBase}/credit/withdrawals/7`, method: 'DELETE' });
  });
});
