// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CreditMovement, Withdrawal } from '../../../../../src/lib/api/credit';
import { ApiError } from '../../../../../src/lib/api/errors';
import {
  branchCode,
  cancelledText,
  cancelQuestion,
  initialWithdrawalValues,
  signedRand,
  statementRows,
  wholeBalance,
  withdrawalConfirmation,
  withdrawalFieldErrors,
  withdrawalRequest,
  withdrawalView,
  withdrawalWhen,
} from '../../../../../src/islands/account/credit/credit';

// en-ZA groups thousands with a (narrow) no-break space and writes a decimal comma.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const movement = (fields: Partial<CreditMovement> = {}): CreditMovement => ({
  id: 3,
  kind: 'item_not_bought',
  orderId: 12,
  reason: 'Order 12: Bluetooth speaker sold out',
  amount: 978.75,
  balanceAfter: 1203.5,
  createdAt: '2026-11-30T21:30:00Z',
  ...fields,
});

const withdrawal = (fields: Partial<Withdrawal> = {}): Withdrawal => ({
  id: 2,
  amount: 500,
  status: 'pending',
  bank: 'FNB',
  accountHolder: 'T Nkosi',
  accountEnding: '4821',
  accountType: 'cheque',
  requestedAt: '2026-11-30T08:00:00Z',
  expectedBy: '2026-12-03',
  paidAt: null,
  ...fields,
});

describe('the statement', () => {
  it('gives each movement its date in en-ZA (Johannesburg), the order link, kind, signed amount and balance after', () => {
    const [row] = statementRows([movement()]);
    expect(row).toEqual({
      id: 3,
      // 21:30 UTC is 23:30 in Johannesburg: still the 30th.
      date: '30 Nov 2026',
      order: { text: 'Order 12', href: '/my-orders/12/' },
      kind: 'Item not bought',
      reason: 'Order 12: Bluetooth speaker sold out',
      amount: '+R978,75',
      adds: true,
      balanceAfter: expect.stringMatching(/^R1.203,50$/),
    });
    expect(plain(row?.balanceAfter ?? '')).toBe('R1 203,50');
  });

  it('takes with a minus sign, links no order for a withdrawal, and names every kind (an unknown one as credit)', () => {
    const rows = statementRows([
      movement({ id: 4, kind: 'withdrawal', orderId: null, amount: -500, balanceAfter: 703.5, reason: 'Paid to FNB ending 4821' }),
      movement({ id: 5, kind: 'return_refund' }),
      movement({ id: 6, kind: 'refund' }),
      movement({ id: 7, kind: 'spent', amount: -100 }),
      movement({ id: 8, kind: 'spent_reversed' }),
      movement({ id: 9, kind: 'withdrawal_cancelled', orderId: null }),
      movement({ id: 10, kind: 'loyalty_bonus', balanceAfter: null }),
    ]);
    expect(rows[0]).toMatchObject({ amount: '\u2212R500,00', adds: false, order: undefined, balanceAfter: 'R703,50' });
    expect(rows.map((r) => r.kind)).toEqual([
      'Paid to your bank',
      'Return refunded',
      'Refund',
      'Spent on an order',
      'Spending given back',
      'Withdrawal cancelled',
      'Credit',
    ]);
    expect(rows[6]?.balanceAfter).toBe('');
  });

  it('signs amounts in whole cents', () => {
    expect(signedRand(0.1 + 0.2)).toBe('+R0,30');
    expect(signedRand(-0.004)).toBe('R0');
    expect(plain(signedRand(-1203.5))).toBe('\u2212R1 203,50');
  });
});

describe('withdrawals', () => {
  it('a pending one says when to expect the money and can be cancelled', () => {
    expect(withdrawalView(withdrawal())).toEqual({
      id: 2,
      title: 'R500,00 to FNB ending 4821',
      account: 'T Nkosi, cheque account',
      status: 'Pending',
      when: 'Expect the money by 3 December 2026',
      cancellable: true,
    });
    expect(withdrawalWhen(withdrawal({ expectedBy: '' }))).toBe('Expect the money within 3 working days');
  });

  it('a paid or cancelled one says so and cannot be cancelled', () => {
    expect(withdrawalView(withdrawal({ status: 'paid', paidAt: '2026-12-02T10:00:00Z' }))).toMatchObject({
      status: 'Paid',
      when: 'Paid on 02 Dec 2026',
      cancellable: false,
    });
    expect(withdrawalView(withdrawal({ status: 'cancelled', accountType: 'savings' }))).toMatchObject({
      status: 'Cancelled',
      account: 'T Nkosi, savings account',
      when: 'Cancelled: the amount is back in your store credit',
      cancellable: false,
    });
  });

  it('confirms with the date to expect the money, and asks before cancelling', () => {
    expect(withdrawalConfirmation(withdrawal())).toBe('We will pay R500,00 into your FNB account ending 4821: expect it by 3 December 2026.');
    expect(cancelQuestion(withdrawal())).toBe('Cancel the withdrawal of R500,00 to FNB? The amount goes back to your store credit.');
    expect(cancelledText(withdrawal())).toBe('Withdrawal cancelled: R500,00 is back in your store credit.');
  });
});

describe('the withdrawal form', () => {
  it('fills in the universal branch code of the bank chosen', () => {
    expect(branchCode('')).toBe('');
    expect(branchCode('Capitec')).toBe('470010');
    expect(branchCode('Standard Bank')).toBe('051001');
    expect(branchCode('Bank of Nowhere')).toBe('');
  });

  it('"Withdraw all" puts the whole balance, to the cent', () => {
    expect(wholeBalance(1203.5)).toBe('1203.50');
    expect(wholeBalance(0.1 + 0.2)).toBe('0.30');
  });

  it('sends the digits without spaces, the holder trimmed and the amount in rand', () => {
    expect(
      withdrawalRequest({
        ...initialWithdrawalValues,
        accountHolder: '  T Nkosi ',
        bank: 'FNB',
        accountNumber: '62 1234 5678',
        accountType: 'savings',
        amount: '1 203,50',
        currentPassword: 'Shopper#2026',
      }),
    ).toEqual({
      accountHolder: 'T Nkosi',
      bank: 'FNB',
      accountNumber: '6212345678',
      accountType: 'savings',
      amount: 1203.5,
      currentPassword: 'Shopper#2026',
    });
  });

  it("puts the service's field errors on the form's fields, as sentences, the password in My Details' words", () => {
    const refusal = new ApiError('Unprocessable', 'client', {
      status: 422,
      errors: {
        account_number: ['must be 10 digits for Capitec'],
        amount: ["can't be more than your credit of R978.75"],
        current_password: ['is invalid'],
        account_holder: ["can't be blank"],
        bank: ['is not a bank we can pay into'],
        account_type: ['must be cheque, savings or transmission'],
        something_else: ['ignored'],
      },
    });
    expect(withdrawalFieldErrors(refusal)).toEqual({
      accountNumber: 'Must be 10 digits for Capitec',
      amount: "Can't be more than your credit of R978.75",
      currentPassword: 'That is not your current password',
      accountHolder: "Can't be blank",
      bank: 'Is not a bank we can pay into',
      accountType: 'Must be cheque, savings or transmission',
    });
    expect(withdrawalFieldErrors(new ApiError('Unprocessable', 'client', { status: 422, errors: { current_password: ["can't be blank"] } }))).toEqual({
      currentPassword: 'Enter your current password',
    });
    expect(withdrawalFieldErrors(new ApiError('Server error', 'server', { status: 500 }))).toEqual({});
  });
});
