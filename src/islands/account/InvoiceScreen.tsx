import { useStore } from '@nanostores/react';
import { useMemo, type ReactNode } from 'react';
import { formatDate } from '../../lib/format';
import { statusLabel } from '../../lib/progress';
import { orderDetailStore } from '../../lib/stores/order-detail';
import { errorMessage } from '../../lib/stores/query';
import { pathTo } from '../../lib/stores/router';
import { Spinner } from '../ui/Spinner';
import { CostSummary } from './CostSummary';
import { LoadError } from './LoadError';
import { addressLine } from './OrderCard';
import { ProductTable } from './ProductTable';
import { RouteLink } from './RouteLink';
import { Screen } from './Screen';

/** Props of the invoice screen. */
export interface InvoiceScreenProps {
  /** The order id from the route. */
  id: number;
}

function BackLink(): ReactNode {
  return (
    <RouteLink className="back-link" href={pathTo('orderHistory')} aria-label="Back">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </RouteLink>
  );
}

/** The invoice of a finalized order: back arrow, 'Order No.' and id, products with prices, cost summary, address. */
export function InvoiceScreen({ id }: InvoiceScreenProps): ReactNode {
  const $detail = useMemo(() => orderDetailStore(id), [id]);
  const { data: detail, error } = useStore($detail);

  let body: ReactNode;
  if (!detail && error) body = <LoadError message={errorMessage(error)} onRetry={$detail.revalidate} />;
  else if (!detail) body = <Spinner label="Loading the invoice…" />;
  else {
    const { order, quote, products } = detail;
    body = (
      <div className="invoice">
        <dl className="facts invoice__facts">
          <div>
            <dt>Portal</dt>
            <dd>{order.portalName}</dd>
          </div>
          <div>
            <dt>Customer</dt>
            <dd>{order.userName}</dd>
          </div>
          <div>
            <dt>Order date</dt>
            <dd>{formatDate(order.createdDate)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{statusLabel(order.status)}</dd>
          </div>
          <div>
            <dt>Delivery date</dt>
            <dd>{formatDate(order.deliveryDate) || 'Not yet'}</dd>
          </div>
        </dl>
        <section aria-labelledby="invoice-products">
          <h2 id="invoice-products">Products</h2>
          <ProductTable caption={`Products of order ${order.id}`} products={products} />
        </section>
        <section aria-labelledby="invoice-costs">
          <h2 id="invoice-costs">Cost summary</h2>
          <CostSummary quote={quote} />
        </section>
        <section aria-labelledby="invoice-address">
          <h2 id="invoice-address">Delivery address</h2>
          <p>{addressLine(order)}</p>
        </section>
        <button type="button" className="button button--ghost no-print" onClick={() => window.print()}>
          Print invoice
        </button>
      </div>
    );
  }
  return (
    <Screen page="invoice" title={`Order No. ${id}`} before={<BackLink />}>
      {body}
    </Screen>
  );
}
