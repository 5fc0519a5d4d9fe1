import { cancelWithdrawal, getCredit, requestWithdrawal, type CreditStatement, type Withdrawal, type WithdrawalRequest } from '../api/credit';
import { currentPasswordWait } from './details';
import { createFetcherStore, createWriteStore } from './query';

const KEY = 'credit';

/**
 * The shopper's store credit (GET /credit): balance, statement and withdrawals, asked again at every screen that shows
 * it (the operator credits it on the server); null when the service keeps no credit (404 or 405).
 */
export const $credit = createFetcherStore<CreditStatement | null>([KEY], async () => (await getCredit()) ?? null, {
  freshness: 'every-mount',
  scope: 'personal',
});

/**
 * Asks for credit to be paid to a bank (POST /credit/withdrawals); resolves with the pending withdrawal. A wrong current
 * password counts as a failed sign-in of the account, so a 429 is waited out with My Details' password wait.
 */
export const $requestWithdrawal = createWriteStore<WithdrawalRequest, Withdrawal>((request) => requestWithdrawal(request), [KEY], {
  waitOut429: currentPasswordWait,
});

/** Cancels a pending withdrawal (DELETE /credit/withdrawals/{id}); resolves with it, cancelled, its amount back in the balance. */
export const $cancelWithdrawal = createWriteStore<number, Withdrawal>((id) => cancelWithdrawal(id), [KEY]);
