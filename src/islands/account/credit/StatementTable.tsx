import type { ReactNode } from 'react';
import type { CreditMovement } from '../../../lib/api/credit';
import { RouteLink } from '../shared/RouteLink';
import { NO_MOVEMENTS_TEXT, statementRows } from './credit';

/** The statement: each movement's date, order (a link to it), reason, signed amount and the balance after; on a phone each row is a card. */
export function StatementTable({ movements }: { movements: readonly CreditMovement[] }): ReactNode {
  if (movements.length === 0) return <p className="empty-text">{NO_MOVEMENTS_TEXT}</p>;
  return (
    <table className="credit-table">
      <caption>Every change to your store credit, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Order</th>
          <th scope="col">Reason</th>
          <th scope="col">Amount</th>
          <th scope="col">Balance after</th>
        </tr>
      </thead>
      <tbody>
        {statementRows(movements).map((row) => (
          <tr key={row.id}>
            <th scope="row">{row.date}</th>
            <td data-label="Order">{row.order ? <RouteLink href={row.order.href}>{row.order.text}</RouteLink> : <><span aria-hidden="true">–</span><span className="visually-hidden">No order</span></>}</td>
            <td data-label="Reason">
              {/* One piece beside the label on a phone, so the kind keeps the width of the reason. */}
              <span>
                <span className="credit-table__kind">{row.kind}</span>
                {row.reason}
              </span>
            </td>
            <td data-label="Amount" className={row.adds ? 'credit-table__adds' : undefined}>
              {row.amount}
            </td>
            <td data-label="Balance after">{row.balanceAfter}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
