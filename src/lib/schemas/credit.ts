import * as yup from 'yup';
import { accountMessages } from '../account-messages';
import { formatRand } from '../format';
import { ACCOUNT_TYPES, bankAccountProblem, type AccountType } from '../sa-banks';

/** Values of the withdrawal form: everything as typed (the amount too, '1 203,50'); the account type '' until one is chosen. */
export interface WithdrawalValues {
  accountHolder: string;
  bank: string;
  accountNumber: string;
  accountType: AccountType | '';
  amount: string;
  currentPassword: string;
}

/** The withdrawal form's own messages; the bank and account number say the service's words (src/lib/sa-banks.ts). */
export const withdrawalMessages = {
  holderBlank: "Can't be blank",
  holderLong: 'Is too long (maximum is 255 characters)',
  bankBlank: 'Choose your bank',
  typeBlank: 'Choose the account type',
  typeUnknown: 'Must be cheque, savings or transmission',
  amountBlank: 'Enter the amount to pay to your bank',
  amountUnreadable: 'Must be an amount in rand, like 500 or 500,50',
  amountZero: 'Must be more than R0',
} as const;

/** A message of the service as a sentence under its field ("must be digits only" -> "Must be digits only"). */
export function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** The account number as the form sends it: the digits as typed, without the spaces a shopper groups them with. */
export function accountDigits(typed: string): string {
  return typed.replace(/[\s\u00a0\u202f]/g, '');
}

/** The cents of an amount typed in rand ('1 203,50', '500.5', '500'); null when it is not one. */
export function typedCents(typed: string): number | null {
  const plain = typed.replace(/[\s\u00a0\u202f]/g, '').replace(/^R/i, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  return Math.round(Number(plain) * 100);
}

/** What is wrong with a typed amount for a balance: blank, not an amount, R0, or more than the balance (compared in cents). */
export function amountProblem(typed: string, balance: number): string | undefined {
  if (typed.trim() === '') return withdrawalMessages.amountBlank;
  const cents = typedCents(typed);
  if (cents === null) return withdrawalMessages.amountUnreadable;
  if (cents <= 0) return withdrawalMessages.amountZero;
  if (cents > Math.round(balance * 100)) return `Can't be more than your credit of ${formatRand(balance)}`;
  return undefined;
}

/** The withdrawal form's rules for a balance: the bank and account number by src/lib/sa-banks.ts (the service's own check), the amount at most the balance, the current password. */
export function withdrawalSchema(balance: number): yup.ObjectSchema<WithdrawalValues> {
  return yup.object({
    accountHolder: yup.string().default('').trim().required(withdrawalMessages.holderBlank).max(255, withdrawalMessages.holderLong),
    bank: yup
      .string()
      .default('')
      .required(withdrawalMessages.bankBlank)
      .test('bank', (value, context) => {
        // A blank choice is the required rule's.
        const problem = value === '' ? undefined : bankAccountProblem(value, '').bank;
        return problem ? context.createError({ message: sentence(problem) }) : true;
      }),
    accountNumber: yup
      .string()
      .default('')
      .test('account-number', (value, context) => {
        const parent = context.parent as Partial<WithdrawalValues>;
        const problem = bankAccountProblem(parent.bank ?? '', accountDigits(value)).account_number;
        return problem ? context.createError({ message: sentence(problem) }) : true;
      }),
    accountType: yup
      .mixed<AccountType | ''>()
      .default('')
      .test('account-type', (value, context) => {
        if (!value) return context.createError({ message: withdrawalMessages.typeBlank });
        return (ACCOUNT_TYPES as readonly string[]).includes(value) ? true : context.createError({ message: withdrawalMessages.typeUnknown });
      }),
    amount: yup
      .string()
      .default('')
      .test('amount', (value, context) => {
        const problem = amountProblem(value, balance);
        return problem ? context.createError({ message: problem }) : true;
      }),
    currentPassword: yup.string().default('').required(accountMessages.currentPasswordNeeded),
  });
}
