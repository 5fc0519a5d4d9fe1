import { api } from './client';
import { asAmount, asInt, asNullableInt, asNumber, asRecords, asText, asWord, readOne, unreadable, type WireRecord } from './decode';
import { isApiError } from './errors';
import { dayFromWire, instantFromWire } from './tracking';
import { ACCOUNT_TYPES, type AccountType } from '../sa-banks';

// Store credit (issue 56; docs/api-contract.md, "Store credit"): the balance, its statement and withdrawals to a bank.
// Read defensively as every answer is: money as a number or a decimal string, unknown keys ignored, a movement or a
// withdrawal without a readable amount left out, never more than an account number's last four digits kept.

/** Why the balance moved. */
export const MOVEMENT_KINDS = ['item_not_bought', 'return_refund', 'refund', 'spent', 'spent_reversed', 'withdrawal', 'withdrawal_cancelled'] as const;

/** One of {@link MOVEMENT_KINDS}. */
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** One line of the statement: `amount` signed (positive adds, negative takes), the balance it left. */
export interface CreditMovement {
  id: number;
  /** One of {@link MOVEMENT_KINDS}, or the word a newer service sent. */
  kind: MovementKind | string;
  orderId: number | null;
  reason: string;
  amount: number;
  /** Null when the service sent none the client can read. */
  balanceAfter: number | null;
  /** ISO 8601 UTC; '' when unreadable. */
  createdAt: string;
}

/** Where a withdrawal stands. */
export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'cancelled'] as const;

/** A withdrawal to the shopper's bank: only the account number's last four digits ever come back. */
export interface Withdrawal {
  id: number;
  amount: number;
  /** pending, paid or cancelled, or the word a newer service sent. */
  status: (typeof WITHDRAWAL_STATUSES)[number] | string;
  bank: string;
  accountHolder: string;
  /** The account number's last four digits. */
  accountEnding: string;
  accountType: AccountType | string;
  /** ISO 8601 UTC; '' when unreadable. */
  requestedAt: string;
  /** The day the money is expected (YYYY-MM-DD); '' when unreadable. */
  expectedBy: string;
  /** ISO 8601 UTC once paid, else null. */
  paidAt: string | null;
}

/** The shopper's store credit: the balance they can spend or withdraw now (holds of open payments taken off), the statement newest first, and the withdrawals. */
export interface CreditStatement {
  balance: number;
  movements: CreditMovement[];
  withdrawals: Withdrawal[];
}

/** What the withdrawal form sends: the bank's name from the list, the account number's digits, the amount in rand and the current password. */
export interface WithdrawalRequest {
  accountHolder: string;
  bank: string;
  accountNumber: string;
  accountType: AccountType;
  amount: number;
  currentPassword: string;
}

/** A statement line from the wire; undefined when its amount cannot be read. */
export function movementFromWire(m: WireRecord): CreditMovement | undefined {
  const amount = asNumber(m.amount, Number.NaN);
  if (!Number.isFinite(amount)) return undefined;
  const balanceAfter = asNumber(m.balance_after, Number.NaN);
  return {
    id: asInt(m.id),
    kind: asWord(m.kind, MOVEMENT_KINDS),
    orderId: asNullableInt(m.order_id),
    reason: asText(m.reason).trim(),
    amount,
    balanceAfter: Number.isFinite(balanceAfter) ? balanceAfter : null,
    createdAt: instantFromWire(m.created_at),
  };
}

/** A withdrawal from the wire; undefined when its amount cannot be read. */
export function withdrawalFromWire(w: WireRecord): Withdrawal | undefined {
  const amount = asAmount(w.amount);
  if (amount === null) return undefined;
  return {
    id: asInt(w.id),
    amount,
    status: asWord(w.status, WITHDRAWAL_STATUSES),
    bank: asText(w.bank).trim(),
    accountHolder: asText(w.account_holder).trim(),
    // Never more than the last four, whatever the service sent: the whole number must not reach the page.
    accountEnding: asText(w.account_ending).replace(/\D/g, '').slice(-4),
    accountType: asWord(w.account_type, ACCOUNT_TYPES),
    requestedAt: instantFromWire(w.requested_at),
    expectedBy: dayFromWire(w.expected_by),
    paidAt: instantFromWire(w.paid_at) || null,
  };
}

const present = <T>(value: T | undefined): value is T => value !== undefined;

/** The answer of GET /credit, bare or in `{ data }` (or `{ credit }`). */
export function creditFromWire(body: unknown): CreditStatement {
  const c = readOne(body, 'credit');
  return {
    balance: asAmount(c.balance) ?? 0,
    movements: asRecords(c.movements).map(movementFromWire).filter(present),
    withdrawals: asRecords(c.withdrawals).map(withdrawalFromWire).filter(present),
  };
}

function readWithdrawal(body: unknown): Withdrawal {
  const withdrawal = withdrawalFromWire(readOne(body, 'withdrawal'));
  if (!withdrawal) throw unreadable('withdrawal');
  return withdrawal;
}

/** The shopper's store credit (GET /credit); undefined when the service has no credit (404 or 405): the site then shows none anywhere. */
export async function getCredit(): Promise<CreditStatement | undefined> {
  try {
    return creditFromWire(await api<unknown>('/credit'));
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 405)) return undefined;
    throw error;
  }
}

/** Asks for credit to be paid to a bank (POST /credit/withdrawals): the pending withdrawal, its amount already off the balance. */
export async function requestWithdrawal(request: WithdrawalRequest): Promise<Withdrawal> {
  const body = await api<unknown>('/credit/withdrawals', {
    method: 'POST',
    body: {
      withdrawal: {
        account_holder: request.accountHolder,
        bank: request.bank,
        account_number: request.accountNumber,
        account_type: request.accountType,
        // Text with two decimals: a float such as 0.1 + 0.2 never reaches the service.
        amount: request.amount.toFixed(2),
        current_password: request.currentPassword,
      },
    },
  });
  return readWithdrawal(body);
}

/** Cancels a pending withdrawal (DELETE /credit/withdrawals/{id}): its amount is back in the balance. */
export async function cancelWithdrawal(id: number): Promise<Withdrawal> {
  return readWithdrawal(await api<unknown>(`/credit/withdrawals/${id}`, { method: 'DELETE' }));
}
