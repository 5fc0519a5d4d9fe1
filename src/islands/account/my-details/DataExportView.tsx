import { useEffect, useRef, type ReactNode } from 'react';
import type { Address } from '../../../lib/api/addresses';
import type { Order } from '../../../lib/api/orders';
import type { PersonalData } from '../../../lib/data-export';
import { formatDate, formatDateTime, formatRand, orderTitle } from '../../../lib/format';
import { notificationLabel } from '../../../lib/notification-methods';
import { statusLabel } from '../../../lib/progress';

function print(): void {
  // Only the copy prints (see .printing-export in account.css), and only for this print.
  document.documentElement.classList.add('printing-export');
  window.addEventListener('afterprint', () => document.documentElement.classList.remove('printing-export'), { once: true });
  window.print();
}

function addressText(a: Address): string {
  return [a.name, a.address, a.townCity, a.province, a.postalCode].filter(Boolean).join(', ');
}

function OrderItem({ order }: { order: Order }): ReactNode {
  return (
    <li>
      <h4>{orderTitle(order)}</h4>
      <p>
        {statusLabel(order.status)}, placed {formatDate(order.createdDate) || 'on a date not given'}
        {order.quote ? `, total ${formatRand(order.totalCharged ?? order.quote.total)}` : ', no quote yet'}
      </p>
      {order.address && <p>Deliver to: {addressText(order.address)}</p>}
      <ul>
        {order.products.map((p) => (
          <li key={p.id}>
            {p.quantity} × {p.name || 'Product'}: {p.description}
            {p.comment && ` (${p.comment})`}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The copy of the shopper's data, to read or print (loaded once they ask for it). */
export function PersonalDataView({ data }: { data: PersonalData }): ReactNode {
  const { profile } = data;
  const section = useRef<HTMLElement>(null);
  // The copy appears below the button: the focus goes to it, so a screen reader reads it next.
  useEffect(() => section.current?.focus(), [data]);
  return (
    <section ref={section} className="data-export-view" aria-labelledby="data-export-title" tabIndex={-1}>
      <h3 id="data-export-title">Copy of your data, read {formatDateTime(data.readAt)}</h3>
      <button type="button" className="button button--ghost no-print" onClick={print}>
        Print
      </button>
      <h4>Details</h4>
      <dl className="facts">
        {(
          [
            ['Name', `${profile.firstName} ${profile.lastName}`.trim()],
            ['E-mail', profile.email],
            ['Mobile', profile.mobile],
            ['Date of birth', formatDate(profile.birthDate)],
            ['Notification method', notificationLabel(profile.notificationMethod) ?? 'E-mail'],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value || 'Not given'}</dd>
          </div>
        ))}
      </dl>
      <h4>Addresses ({data.addresses.length})</h4>
      <ul>
        {data.addresses.map((a) => (
          <li key={a.id}>{addressText(a)}</li>
        ))}
      </ul>
      <h4>Saved cards ({data.cards.length})</h4>
      <ul>
        {data.cards.map((c, i) => (
          <li key={i}>
            {c.cardName}
            {c.isPreferred && ', preferred'}
            {c.isValid ? '' : ', not yet confirmed'}
          </li>
        ))}
      </ul>
      <h4>Orders ({data.orders.length})</h4>
      <ul className="data-export-view__orders">
        {data.orders.map((o) => (
          <OrderItem key={o.id} order={o} />
        ))}
      </ul>
      <h4>Returns ({data.returns.length})</h4>
      <ul className="data-export-view__orders">
        {data.returns.map((o) => (
          <OrderItem key={o.id} order={o} />
        ))}
      </ul>
    </section>
  );
}
