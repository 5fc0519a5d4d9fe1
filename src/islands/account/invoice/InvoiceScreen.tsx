import { useMemo, type ReactNode } from 'react';
import { formatDate, formatDateTime } from '../../../lib/format';
import { statusLabel } from '../../../lib/progress';
import { isOpenOrder, orderDetailStore, type OrderDetail } from '../../../lib/stores/order-detail';
import { checkoutCostExtras, isDeclared } from '../../../lib/stores/checkout';
import { SUPPLIER } from '../../../lib/supplier';
import { BackLink } from '../shared/BackLink';
import { CostSummary } from '../shared/CostSummary';
import { DeclarationTable } from '../shared/CustomsDeclaration';
import { Loaded } from '../shared/Loaded';
import { addressLine } from '../shared/OrderCard';
import { PickupPointCard } from '../shared/PickupPointCard';
import { pickupPointView } from '../shared/pickup-point';
import { ProductTable } from '../shared/ProductTable';
import type { RouteProps } from '../shared/lazy-screen';
import { Screen } from '../shared/Screen';

function Invoice({ detail: { order, quote, products } }: { detail: OrderDetail }): ReactNode {
  const issued = quote?.quotedAt || order.createdDate;
  const point = order.delivery ? pickupPointView(order.delivery, isOpenOrder(order)) : undefined;
  return (
    <div className="invoice">
      <header className="invoice__head">
        <h2 className="invoice__title">Tax Invoice</h2>
        <dl className="facts invoice__numbers">
          <div>
            <dt>Invoice No.</dt>
            <dd>{order.id}</dd>
          </div>
          <div>
            <dt>Invoice date</dt>
            <dd>{formatDate(issued) || 'Not given'}</dd>
          </div>
        </dl>
      </header>
      <div className="invoice__parties">
        <section aria-labelledby="invoice-supplier">
          <h3 id="invoice-supplier">Supplier</h3>
          <address>
            <strong>{SUPPLIER.legalName}</strong>
            {SUPPLIER.address.map((line) => (
              <span key={line}>{line}</span>
            ))}
            <span>VAT registration number {SUPPLIER.vatNumber}</span>
            <span>
              {SUPPLIER.email}, {SUPPLIER.phone}
            </span>
          </address>
        </section>
        <section aria-labelledby="invoice-recipient">
          <h3 id="invoice-recipient">Recipient</h3>
          <address>
            <strong>{order.userName || 'Customer'}</strong>
            {point ? null : <span>{addressLine(order)}</span>}
          </address>
          {point ? <PickupPointCard view={point} level={4} /> : null}
        </section>
      </div>
      <dl className="facts invoice__facts">
        <div>
          <dt>Portal</dt>
          <dd>{order.portalName}</dd>
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
        <h3 id="invoice-products">Products</h3>
        <ProductTable caption={`Products of order ${order.id}`} products={products} withAmounts />
      </section>
      {isDeclared(products) && (
        <section aria-labelledby="invoice-declaration">
          <h3 id="invoice-declaration">Customs declaration</h3>
          <DeclarationTable caption={`What was declared to customs for order ${order.id}`} products={products} />
          {order.checkout?.declarationConfirmedAt && (
            <p>Confirmed by the shopper on {formatDateTime(order.checkout.declarationConfirmedAt)}.</p>
          )}
        </section>
      )}
      <section aria-labelledby="invoice-costs">
        <h3 id="invoice-costs">Cost summary</h3>
        <CostSummary quote={quote} extras={checkoutCostExtras(order.checkout, quote?.shippingOptions)} />
        {quote && <p className="invoice__vat-note">VAT is charged at 15 % on the sub-total. All amounts are in rand.</p>}
      </section>
      <button type="button" className="button button--ghost no-print" onClick={() => window.print()}>
        Print invoice
      </button>
    </div>
  );
}

/** The tax invoice of an order (VAT Act section 20): 'Tax Invoice', supplier with VAT number, invoice number and date, recipient and address, each product with quantity and amount, VAT and total; back arrow and 'Order No.' as SPEC says. */
export function InvoiceScreen({ id }: RouteProps): ReactNode {
  const $detail = useMemo(() => orderDetailStore(id), [id]);
  return (
    <Screen page="invoice" title={`Order No. ${id}`} before={<BackLink />}>
      <Loaded read={$detail} label="Loading the invoice…">
        {(detail) => <Invoice detail={detail} />}
      </Loaded>
    </Screen>
  );
}
