import { useStore } from '@nanostores/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { OrderProduct } from '../../lib/api/orders';
import { statusLabel } from '../../lib/progress';
import { QUOTE_EXPIRED, quoteClock } from '../../lib/quote-clock';
import { accountMessages } from '../../lib/account-messages';
import { $now } from '../../lib/stores/clock';
import { $removeProduct, $restoreProduct, isOpenOrder, orderDetailStore, type OrderDetail } from '../../lib/stores/order-detail';
import { orderTitle } from '../../lib/format';
import { $payment, resetPayment, returnedPaid } from '../../lib/stores/payment';
import { goTo, pathTo, replaceWith } from '../../lib/stores/router';
import { Modal } from '../ui/Modal';
import { notify, toastError } from '../ui/Toasts';
import { CardPicker } from './CardPicker';
import { CostSummary } from './CostSummary';
import { Loaded } from './Loaded';
import { OrderFacts } from './OrderFacts';
import { ProductTable } from './ProductTable';
import { goToProvider } from './provider-redirect';
import { QuoteDeadline } from './QuoteDeadline';
import { RouteLink } from './RouteLink';
import type { RouteProps } from './lazy-screen';
import { Screen } from './Screen';
import { ShippingAddress } from './ShippingAddress';

/** The contact page prefilled with a query title (the contact page reads ?title=). */
function contactHref(title: string): string {
  return `/contact-us/?${new URLSearchParams({ title }).toString()}`;
}

function leave(): void {
  // Cancel goes back where the shopper came from; a deep link has nowhere to go back to.
  if (window.history.length > 1) window.history.back();
  else goTo('orderHistory');
}

async function restore(orderId: number, productId: number): Promise<void> {
  const done = await $restoreProduct.mutate({ orderId, productId });
  if (done && 'error' in done) toastError(done.error);
}

/** The quote page's content, once its order is in. */
function QuotePayment({ detail: { order, quote, products } }: { detail: OrderDetail }): ReactNode {
  const { loading: paying, data: payment } = useStore($payment);
  const { loading: removing } = useStore($removeProduct);
  const now = useStore($now);
  const canDelete = isOpenOrder(order) && products.length > 1;

  const remove = async (product: OrderProduct) => {
    const done = await $removeProduct.mutate({ orderId: order.id, productId: product.id });
    if (done && 'error' in done) toastError(done.error);
    else if (done) notify.undo(`${done.data || product.name} removed`, () => void restore(order.id, product.id));
  };

  const pay = async (cardId: number) => {
    const done = await $payment.mutate({ orderId: order.id, cardId });
    if (done && 'error' in done) toastError(done.error);
    else if (done?.data.status === 'leaving') await goToProvider(done.data.location);
  };

  const finish = () => {
    resetPayment();
    goTo('orderHistory');
  };

  const expired = quote ? quoteClock(quote.quotedAt, now)?.expired === true : false;
  let paymentPart: ReactNode;
  if (order.status === 'processing' && quote && expired) {
    paymentPart = (
      <>
        <p className="notice">
          {QUOTE_EXPIRED} <a href={contactHref(orderTitle(order))}>Query Order</a> to ask for a new one.
        </p>
        <CardPicker onPay={pay} onCancel={leave} paying={paying || payment?.status === 'leaving'} disabled />
      </>
    );
  } else if (order.status === 'processing' && quote) {
    paymentPart = <CardPicker onPay={pay} onCancel={leave} paying={paying || payment?.status === 'leaving'} />;
  } else if (isOpenOrder(order)) {
    paymentPart = (
      <div className="button-row">
        <p className="notice">You can pay once the quote has arrived.</p>
        <button type="button" className="button button--ghost" onClick={leave}>
          Cancel Order
        </button>
      </div>
    );
  } else {
    paymentPart = (
      <p className="notice">
        This order is {statusLabel(order.status)}.{' '}
        <RouteLink href={pathTo('invoice', { id: String(order.id) })}>See the invoice</RouteLink>
      </p>
    );
  }

  return (
    <>
      <div className="quote-layout">
        <section className="account-panel" aria-labelledby="summary-title">
          <h2 id="summary-title">{orderTitle(order)}</h2>
          <OrderFacts order={order} />
          <section aria-labelledby="cost-title">
            <h3 id="cost-title">Cost summary</h3>
            <CostSummary quote={quote} />
            {order.status === 'processing' ? <QuoteDeadline quote={quote} /> : null}
          </section>
          <a className="button button--ghost button--small" href={contactHref(orderTitle(order))}>
            Query Order
          </a>
        </section>
        <ShippingAddress order={order} />
        <section className="account-panel quote-layout__wide" aria-labelledby="products-title">
          <h2 id="products-title">Products</h2>
          <ProductTable
            caption={`Products of ${orderTitle(order)}`}
            products={products}
            onDelete={canDelete ? remove : undefined}
            busy={removing}
          />
        </section>
        <section className="account-panel quote-layout__wide" aria-labelledby="payment-title">
          <h2 id="payment-title">Payment</h2>
          {paymentPart}
        </section>
      </div>
      {payment?.status === 'paid' && (
        <Modal title={accountMessages.paymentSuccess} onClose={finish}>
          <p>Thank you. {orderTitle(order)} is paid; you can follow it on Track Order.</p>
          <button type="button" className="button button--accent" data-autofocus onClick={finish}>
            Continue
          </button>
        </Modal>
      )}
    </>
  );
}

/** Quote and payment (the query says success=true or cancel=true after the provider's page): order summary, cost summary, shipping address, products, card picker, success dialog. */
export function QuotePaymentScreen({ id, search }: RouteProps): ReactNode {
  const $detail = useMemo(() => orderDetailStore(id), [id]);
  const providerFlag = search.success === 'true' ? 'success' : search.cancel === 'true' ? 'cancel' : undefined;
  useEffect(() => {
    resetPayment();
    return resetPayment;
  }, [id]);
  useEffect(() => {
    if (!providerFlag) return;
    if (providerFlag === 'success') returnedPaid();
    else notify.warning(accountMessages.paymentCancelled);
    // The flag is shown once: a reload or a shared link must not repeat it.
    replaceWith('quotePayment', { id: String(id) });
  }, [providerFlag, id]);

  return (
    <Screen page="quotePayment">
      <Loaded read={$detail} label="Loading your order…">
        {(detail) => <QuotePayment detail={detail} />}
      </Loaded>
    </Screen>
  );
}
