import type { CreditMovement, Withdrawal, WithdrawalRequest } from '../../../lib/api/credit';
import { fieldErrors, type FieldAliases } from '../../../lib/field-errors';
import { currentPasswordError } from '../../../lib/details-form';
import { formatDate, formatDay, formatRand } from '../../../lib/format';
import { findBank, type AccountType } from '../../../lib/sa-banks';
import { accountDigits, sentence, typedCents, type WithdrawalValues } from '../../../lib/schemas/credit';
import { pathTo } from '../../../lib/stores/router';

/** What the page says when the service keeps no store credit (GET /credit answers 404 or 405). */
export const NO_CREDIT_TEXT =
  'Store credit is not available yet. Money back from items we could not buy and from returns is refunded the way you paid.';

/** What the statement says before the first movement. */
export const NO_MOVEMENTS_TEXT = 'Nothing yet: money back from items we could not buy, returns and refunds shows here the moment it is due.';

/** What the withdrawal panel says while there is no credit to pay out. */
export const NO_BALANCE_TEXT = 'When you have store credit you can have it paid into your bank account here.';

/** What a kind of movement is, in the shopper's words (a kind the client does not know reads as plain credit). */
export const MOVEMENT_KINDS: Readonly<Record<string, string>> = {
  item_not_bought: 'Item not bought',
  return_refund: 'Return refunded',
  refund: 'Refund',
  spent: 'Spent on an order',
  spent_reversed: 'Spending given back',
  withdrawal: 'Paid to your bank',
  withdrawal_cancelled: 'Withdrawal cancelled',
};

/** A withdrawal's status in the shopper's words. */
export const WITHDRAWAL_STATUSES: Readonly<Record<string, string>> = {
  pending: 'Pending',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** The account types the form offers, as the service names them and as the shopper reads them. */
export const ACCOUNT_TYPE_LABELS = [
  ['cheque', 'Cheque'],
  ['savings', 'Savings'],
  ['transmission', 'Transmission'],
] as const satisfies readonly (readonly [AccountType, string])[];

/** An amount in rand as cents, so sums and limits never meet floating-point remainders. */
export function toCents(rand: number): number {
  return Math.round(rand * 100);
}

/** A signed amount in rand: '+R978,75' adds to the balance, '−R500,00' takes from it (a real minus sign). */
export function signedRand(amount: number): string {
  const cents = toCents(amount);
  if (cents === 0) return 'R0';
  return `${cents > 0 ? '+' : '\u2212'}${formatRand(Math.abs(cents) / 100)}`;
}

/** One row of the statement as the table shows it. */
export interface StatementRow {
  id: number;
  /** The date in en-ZA ('3 Dec 2026'). */
  date: string;
  /** The order the movement belongs to: its link text and address; absent for a movement of no order (a withdrawal). */
  order?: { text: string; href: string };
  /** What kind of movement it is ('Item not bought'). */
  kind: string;
  /** The service's reason ('Order 12: Bluetooth speaker sold out'). */
  reason: string;
  /** The signed amount ('+R978,75', '−R500,00'). */
  amount: string;
  /** Whether it added to the balance. */
  adds: boolean;
  /** The balance after it ('R1 203,50'); '' when the service sent none. */
  balanceAfter: string;
}

/** The statement's rows, newest first as the service sends them. */
export function statementRows(movements: readonly CreditMovement[]): StatementRow[] {
  return movements.map((movement) => ({
    id: movement.id,
    date: formatDate(movement.createdAt),
    order:
      movement.orderId === null || movement.orderId <= 0
        ? undefined
        : { text: `Order ${movement.orderId}`, href: pathTo('order', { id: String(movement.orderId) }) },
    kind: MOVEMENT_KINDS[movement.kind] ?? 'Credit',
    reason: movement.reason,
    amount: signedRand(movement.amount),
    adds: toCents(movement.amount) > 0,
    balanceAfter: movement.balanceAfter === null ? '' : formatRand(movement.balanceAfter),
  }));
}

/** When the money of a withdrawal arrives, or arrived, or that it will not. */
export function withdrawalWhen(withdrawal: Withdrawal): string {
  if (withdrawal.status === 'paid') {
    const on = formatDate(withdrawal.paidAt);
    return on ? `Paid on ${on}` : 'Paid';
  }
  if (withdrawal.status === 'cancelled') return 'Cancelled: the amount is back in your store credit';
  const by = formatDay(withdrawal.expectedBy, true);
  return by ? `Expect the money by ${by}` : 'Expect the money within 3 working days';
}

/** A withdrawal as the list shows it. */
export interface WithdrawalView {
  id: number;
  /** 'R500,00 to FNB ···4821' */
  title: string;
  /** 'T Nkosi, cheque account' */
  account: string;
  status: string;
  when: string;
  /** Only a pending withdrawal can be cancelled. */
  cancellable: boolean;
}

/** A withdrawal's lines, never more of the account number than the service sends back (its last digits). */
export function withdrawalView(withdrawal: Withdrawal): WithdrawalView {
  const type = ACCOUNT_TYPE_LABELS.find(([value]) => value === withdrawal.accountType)?.[1].toLowerCase() ?? withdrawal.accountType;
  return {
    id: withdrawal.id,
    title: `${formatRand(withdrawal.amount)} to ${withdrawal.bank} ending ${withdrawal.accountEnding}`,
    account: `${withdrawal.accountHolder}, ${type} account`,
    status: WITHDRAWAL_STATUSES[withdrawal.status] ?? withdrawal.status,
    when: withdrawalWhen(withdrawal),
    cancellable: withdrawal.status === 'pending',
  };
}

/** What the page says once the service has taken a withdrawal: how much, where, and the date to expect it. */
export function withdrawalConfirmation(withdrawal: Withdrawal): string {
  const by = formatDay(withdrawal.expectedBy, true);
  const when = by ? `by ${by}` : 'within 3 working days';
  return `We will pay ${formatRand(withdrawal.amount)} into your ${withdrawal.bank} account ending ${withdrawal.accountEnding}: expect it ${when}.`;
}

/** The universal branch code of a bank on the list; '' until one is chosen. */
export function branchCode(bank: string): string {
  return findBank(bank)?.branchCode ?? '';
}

/** "Withdraw all": the whole balance as the form's amount ('1203.50'). */
export function wholeBalance(balance: number): string {
  return (toCents(balance) / 100).toFixed(2);
}

/** The form before anything is typed. */
export const initialWithdrawalValues: WithdrawalValues = {
  accountHolder: '',
  bank: '',
  accountNumber: '',
  accountType: '',
  amount: '',
  currentPassword: '',
};

// The service's keys for the withdrawal's fields (the wire names, and the client's in case an answer uses them).
const WITHDRAWAL_FIELDS: FieldAliases<keyof WithdrawalValues> = {
  account_holder: 'accountHolder',
  accountHolder: 'accountHolder',
  bank: 'bank',
  account_number: 'accountNumber',
  accountNumber: 'accountNumber',
  account_type: 'accountType',
  accountType: 'accountType',
  amount: 'amount',
  current_password: 'currentPassword',
  currentPassword: 'currentPassword',
};

/** The fields a refused withdrawal marks, each with the service's first message (the current password's in the words My Details uses). */
export function withdrawalFieldErrors(error: unknown): Partial<Record<keyof WithdrawalValues, string>> {
  const fields = fieldErrors(error, WITHDRAWAL_FIELDS);
  const marked: Partial<Record<keyof WithdrawalValues, string>> = {};
  for (const [field, message] of Object.entries(fields) as [keyof WithdrawalValues, string][])
    marked[field] = field === 'currentPassword' ? currentPasswordError(message) : sentence(message);
  return marked;
}

/** What the form sends for its values (validated): the holder's name trimmed, the account number's digits, the amount in rand. */
export function withdrawalRequest(values: WithdrawalValues): WithdrawalRequest {
  return {
    accountHolder: values.accountHolder.trim(),
    bank: values.bank,
    accountNumber: accountDigits(values.accountNumber),
    accountType: values.accountType === '' ? 'cheque' : values.accountType,
    amount: (typedCents(values.amount) ?? 0) / 100,
    currentPassword: values.currentPassword,
  };
}

/** The question before a withdrawal is cancelled. */
export function cancelQuestion(withdrawal: Withdrawal): string {
  return `Cancel the withdrawal of ${formatRand(withdrawal.amount)} to ${withdrawal.bank}? The amount goes back to your store credit.`;
}

/** What the page says once a withdrawal is cancelled. */
export function cancelledText(withdrawal: Withdrawal): string {
  return `Withdrawal cancelled: ${formatRand(withdrawal.amount)} is back in your store credit.`;
}
