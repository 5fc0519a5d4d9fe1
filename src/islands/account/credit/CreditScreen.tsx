import type { ReactNode } from 'react';
import type { CreditStatement } from '../../../lib/api/credit';
import { formatRand } from '../../../lib/format';
import { $credit } from '../../../lib/stores/credit';
import { Loaded } from '../shared/Loaded';
import { Screen } from '../shared/Screen';
import { NO_CREDIT_TEXT } from './credit';
import { StatementTable } from './StatementTable';
import { WithdrawalForm } from './WithdrawalForm';
import { WithdrawalList } from './WithdrawalList';
import './credit.css';

function CreditPage({ credit }: { credit: CreditStatement }): ReactNode {
  return (
    <>
      <section className="account-panel credit-balance" aria-labelledby="credit-balance-title">
        <h2 id="credit-balance-title">Your balance</h2>
        <p className="credit-balance__amount">{formatRand(credit.balance)}</p>
      </section>
      <section className="account-section" aria-labelledby="credit-statement-title">
        <h2 id="credit-statement-title">Statement</h2>
        <StatementTable movements={credit.movements} />
      </section>
      {credit.withdrawals.length > 0 && (
        <section className="account-section" aria-labelledby="credit-withdrawals-title">
          <h2 id="credit-withdrawals-title">Withdrawals</h2>
          <WithdrawalList withdrawals={credit.withdrawals} />
        </section>
      )}
      <section className="account-panel" aria-labelledby="credit-withdraw-title">
        <h2 id="credit-withdraw-title">Pay my credit to my bank</h2>
        <WithdrawalForm balance={credit.balance} />
      </section>
    </>
  );
}

/** Store credit: the balance, the statement, the withdrawals (a pending one can be cancelled) and the form that pays the credit to a bank; a service without credit says so. */
export function CreditScreen(): ReactNode {
  return (
    <Screen page="credit">
      <Loaded read={$credit} label="Loading your store credit…">
        {(credit) => (credit === null ? <p className="notice">{NO_CREDIT_TEXT}</p> : <CreditPage credit={credit} />)}
      </Loaded>
    </Screen>
  );
}
