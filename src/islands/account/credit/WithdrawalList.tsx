import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Withdrawal } from '../../../lib/api/credit';
import { $cancelWithdrawal } from '../../../lib/stores/credit';
import { notify, toastError } from '../../ui/Toasts';
import { cancelledText, cancelQuestion, withdrawalView } from './credit';

/** The withdrawals, newest first, each with its status and when the money comes; a pending one can be cancelled after a confirmation. */
export function WithdrawalList({ withdrawals }: { withdrawals: readonly Withdrawal[] }): ReactNode {
  const { loading } = useStore($cancelWithdrawal);
  const [confirming, setConfirming] = useState<number>();
  const keep = useRef<HTMLButtonElement>(null);

  // The question takes the focus with its safe answer, so a second press of Enter keeps the withdrawal.
  useEffect(() => {
    if (confirming !== undefined) keep.current?.focus();
  }, [confirming]);

  const cancel = async (withdrawal: Withdrawal): Promise<void> => {
    const done = await $cancelWithdrawal.mutate(withdrawal.id);
    if (done && 'error' in done) toastError(done.error);
    else if (done) {
      setConfirming(undefined);
      notify.success(cancelledText(done.data));
    }
  };

  return (
    <ul className="withdrawal-list">
      {withdrawals.map((withdrawal) => {
        const view = withdrawalView(withdrawal);
        return (
          <li key={view.id} className="withdrawal">
            <p className="withdrawal__title">
              <strong>{view.title}</strong> <span className={`withdrawal__status withdrawal__status--${withdrawal.status}`}>{view.status}</span>
            </p>
            <p>{view.account}</p>
            <p>{view.when}</p>
            {view.cancellable &&
              (confirming === view.id ? (
                <div className="withdrawal__confirm" role="group" aria-labelledby={`withdrawal-${view.id}-question`}>
                  <p id={`withdrawal-${view.id}-question`}>{cancelQuestion(withdrawal)}</p>
                  <div className="button-row">
                    <button type="button" className="button button--danger button--small" disabled={loading} onClick={() => void cancel(withdrawal)}>
                      Cancel withdrawal
                    </button>
                    <button type="button" className="button button--ghost button--small" ref={keep} onClick={() => setConfirming(undefined)}>
                      Keep withdrawal
                    </button>
                  </div>
                </div>
              ) : (
                <div className="button-row">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`Cancel the withdrawal of ${view.title}`}
                    onClick={() => setConfirming(view.id)}
                  >
                    Cancel
                  </button>
                </div>
              ))}
          </li>
        );
      })}
    </ul>
  );
}
