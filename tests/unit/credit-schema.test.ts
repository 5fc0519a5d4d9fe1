import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { amountProblem, typedCents, withdrawalSchema, type WithdrawalValues } from '../../src/lib/schemas/credit';

const good: WithdrawalValues = {
  accountHolder: 'T Nkosi',
  bank: 'Capitec',
  accountNumber: '1234567890',
  accountType: 'savings',
  amount: '500',
  currentPassword: 'Shopper#2026',
};

/** The schema's message per field for these values (none when they pass). */
async function problems(values: Partial<WithdrawalValues>, balance = 1203.5): Promise<Record<string, string>> {
  try {
    await withdrawalSchema(balance).validate({ ...good, ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message]));
  }
}

describe('the withdrawal form rules', () => {
  it('passes a withdrawal the service takes', async () => {
    expect(await problems({})).toEqual({});
    expect(await problems({ accountNumber: '123 456 7890', amount: '1 203,50' })).toEqual({});
  });

  it('says what each blank field needs', async () => {
    expect(await problems({ accountHolder: '  ', bank: '', accountNumber: '', accountType: '', amount: '', currentPassword: '' })).toEqual({
      accountHolder: "Can't be blank",
      bank: 'Choose your bank',
      accountNumber: "Can't be blank",
      accountType: 'Choose the account type',
      amount: 'Enter the amount to pay to your bank',
      currentPassword: 'Enter your current password',
    });
  });

  it("checks the account number's digits and the chosen bank's length", async () => {
    expect(await problems({ accountNumber: '12345abc90' })).toEqual({ accountNumber: 'Must be digits only' });
    expect(await problems({ accountNumber: '123456789' })).toEqual({ accountNumber: 'Must be 10 digits for Capitec' });
    expect(await problems({ bank: 'FNB', accountNumber: '123456789012' })).toEqual({ accountNumber: 'Must be 10 to 11 digits for FNB' });
    expect(await problems({ bank: 'Bank of Nowhere' })).toEqual({ bank: 'Is not a bank we can pay into' });
    expect(await problems({ accountType: 'current' as WithdrawalValues['accountType'] })).toEqual({
      accountType: 'Must be cheque, savings or transmission',
    });
  });

  it('takes an amount in rand up to the balance, compared in cents', async () => {
    expect(await problems({ amount: '1203.50' })).toEqual({});
    expect(await problems({ amount: '1203.51' })).toEqual({ amount: expect.stringMatching(/^Can't be more than your credit of R1.203,50$/) });
    expect(await problems({ amount: '0,00' })).toEqual({ amount: 'Must be more than R0' });
    expect(await problems({ amount: 'five hundred' })).toEqual({ amount: 'Must be an amount in rand, like 500 or 500,50' });
    expect(await problems({ amount: '0.3' }, 0.1 + 0.2)).toEqual({});
    expect(amountProblem('10.001', 100)).toBe('Must be an amount in rand, like 500 or 500,50');
    expect(typedCents('R 1 203,5')).toBe(120350);
  });
});
