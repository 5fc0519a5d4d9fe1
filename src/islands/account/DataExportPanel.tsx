import { useStore } from '@nanostores/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Address } from '../../lib/api/addresses';
import type { Order } from '../../lib/api/orders';
import { exportFileName, type PersonalData } from '../../lib/data-export';
import { formatDate, formatDateTime, formatRand } from '../../lib/format';
import { notificationLabel } from '../../lib/notification-methods';
import { statusLabel } from '../../lib/progress';
import { $dataExport, clearMyData, EXPORT_STEPS, readMyData } from '../../lib/stores/data-export';
import { orderTitle } from '../../lib/format';
import { errorMessage } from '../../lib/error-message';
import { toastError } from '../ui/Toasts';

function save(data: PersonalData): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(data);
  link.click();
  // The click has handed the file to the browser; a later revoke keeps Safari from cancelling it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

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
        {order.quote ? `, total ${formatRand(order.quote.total)}` : ', no quote yet'}
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

function PersonalDataView({ data }: { data: PersonalData }): ReactNode {
  const { profile } = data;
  return (
    <section className="data-export-view" aria-labelledby="data-export-title" tabIndex={-1}>
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

/** Download my data: reads the shopper's data from the API with a progress line, saves it as a JSON file and shows it to read or print. */
export function DataExportPanel(): ReactNode {
  const { loading, step, error, data } = useStore($dataExport);
  const view = useRef<HTMLDivElement>(null);

  // The copy is personal data: it goes when the screen does.
  useEffect(() => clearMyData, []);

  // The copy appears below the button: the focus goes to its heading, so a screen reader reads it next.
  useEffect(() => {
    if (data) view.current?.querySelector<HTMLElement>('.data-export-view')?.focus();
  }, [data]);

  const download = async (): Promise<void> => {
    await readMyData();
    const { data: read, error: failed } = $dataExport.get();
    if (failed) toastError(failed);
    if (!read) return;
    save(read);
  };

  return (
    <>
      <p>
        A copy of what we hold about you, read now: your details, addresses, saved cards (their names only), orders with their
        products and quotes, and returns. It is saved as a file you can keep, and shown here to read or print.
      </p>
      <button type="button" className="button button--ghost" disabled={loading} onClick={() => void download()}>
        {loading ? 'Reading…' : 'Download my data'}
      </button>
      <div role="status" className="notice">
        {loading && step > 0 ? EXPORT_STEPS[step - 1] : ''}
      </div>
      {loading && (
        <progress className="data-export-progress" max={EXPORT_STEPS.length} value={step - 1} aria-label="Reading your data" />
      )}
      {error && !loading && (
        <p className="field-error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      <div ref={view}>{data && <PersonalDataView data={data} />}</div>
    </>
  );
}
