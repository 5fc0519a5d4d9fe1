import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { OrderProduct } from '../../../lib/api/orders';
import { statusLabel } from '../../../lib/progress';
import { QUOTE_EXPIRED } from '../../../lib/quote-clock';
import { accountMessages } from '../../../lib/account-messages';
import { $now } from '../../../lib/stores/clock';
import { $removeProduct, $restoreProduct, orderDetailStore, type OrderDetail } from '../../../lib/stores/order-detail';
import { orderTitle } from '../../../lib/format';
import { answerOnce, providerFlag, type ProviderFlag } from '../../../lib/provider-return';
import { $payment, resetPayment, returnFromProvider } from '../../../lib/stores/payment';
import { cancelTarget, creditOffer, payBar, payLabel, paymentMessages, paymentStep, quotePageView, removedMessage } from './quote-page';
import { isDeclared } from '../../../lib/stores/checkout';
import { choiceGate, declarationProblem, paymentChoice, quoteCostExtras, type QuoteChoice } from '../../../lib/stores/quote-choice';
import { goTo, pathTo, replaceWith } from '../../../lib/stores/router';
import { Modal } from '../../ui/Modal';
import { notify, toastError } from '../../ui/Toasts';
import { CardPicker } from './CardPicker';
import { PayBar } from './PayBar';
import './quote-payment.css';
import { CostSummary } from '../shared/CostSummary';
import { DeclarationTable } from '../shared/CustomsDeclaration';
import { Loaded } from '../shared/Loaded';
import { OrderFacts } from '../shared/OrderFacts';
import { ProductTable } from '../shared/ProductTable';
import { goToProvider } from '../shared/provider-redirect';
import { QuoteChoices } from './QuoteChoices';
import { QuoteDeadline } from '../shared/QuoteDeadline';
import { RouteLink } from '../shared/RouteLink';
import type { RouteProps } from '../shared/lazy-screen';
import { Screen } from '../shared/Screen';
import { ShippingAddress } from './ShippingAddress';

function leave(): void {
  if (cancelTarget(window.history.length) === 'back') window.history.back();
  else goTo('orderHistory');
}

async function restore(orderId: number, productId: number): Promise<void> {
  const done = await $restoreProduct.mutate({ orderId, productId });
  if (done && 'error' in done) toastError(done.error);
}

/** The quote page's content, once its order is in. */
function QuotePayment({ detail }: { detail: OrderDetail }): ReactNode {
  const { order, quote, products } = detail;
  const payment = useStore($payment);
  const { loading: removing } = useStore($removeProduct);
  const now = useStore($now);
  const view = quotePageView(detail, now, payment);
  // The shopper's choices stay while the order is read again (after a refusal, with the new speeds or premium).
  const [choice, setChoice] = useState<QuoteChoice>({ insure: false, confirmed: false });
  const gate = view.canPay ? choiceGate(detail, choice) : undefined;
  const declared = isDeclared(products);
  const costExtras = view.canPay ? quoteCostExtras(detail, choice) : undefined;
  const credit = creditOffer(view, detail, costExtras, choice);
  const bar = payBar(view, quote, costExtras, gate, credit);
  const [confirmingCredit, setConfirmingCredit] = useState(false);

  const remove = async (product: OrderProduct) => {
    const done = await $removeProduct.mutate({ orderId: order.id, productId: product.id });
    if (done && 'error' in done) toastError(done.error);
    else if (done) notify.undo(removedMessage(product, done.data), () => void restore(order.id, product.id));
  };

  const pay = async (cardId?: number) => {
    const step = paymentStep(await $payment.mutate({ orderId: order.id, cardId, choice: paymentChoice(detail, choice) }));
    if (step.kind === 'failed') notify.error(step.message);
    else if (step.kind === 'leave') await goToProvider(step.location);
  };

  const payWithCredit = async () => {
    setConfirmingCredit(false);
    const step = paymentStep(await $payment.mutate({ orderId: order.id, choice: paymentChoice(detail, choice), creditOnly: true }));
    if (step.kind === 'failed') notify.error(step.message);
  };

  const finish = () => {
    resetPayment();
    goTo('orderHistory');
  };

  let paymentPart: ReactNode;
  if (view.part.kind === 'expired') {
    paymentPart = (
      <>
        <p className="notice">
          {QUOTE_EXPIRED} <a href={view.queryHref}>Query Order</a> to ask for a new one.
        </p>
        <CardPicker onPay={pay} onCancel={leave} paying={view.paying} disabled={!view.canPay} />
      </>
    );
  } else if (view.part.kind === 'pay') {
    paymentPart = (
      <>
        {view.returnNotice && (
          <p className="field-error" role="alert">
            {view.returnNotice}
          </p>
        )}
        <QuoteChoices options={quote?.shippingOptions} insurance={quote?.insurance} choice={choice} onChange={setChoice} />
        {credit && (
          <label className="choice">
            <input
              type="checkbox"
              checked={choice.useCredit === true}
              onChange={(event) => setChoice({ ...choice, useCredit: event.target.checked })}
            />
            {credit.label}
          </label>
        )}
        {gate && (
          <p className="notice" id="pay-gate">
            {gate}
          </p>
        )}
        {credit?.covers ? (
          // The credit pays it all: no card, no other way; one press, confirmed.
          <div className={bar ? 'button-row credit-pay credit-pay--bar' : 'button-row credit-pay'}>
            <button
              type="button"
              className="button button--accent credit-pay__pay"
              disabled={view.paying || gate !== undefined}
              aria-describedby={gate && 'pay-gate'}
              onClick={() => setConfirmingCredit(true)}
            >
              {view.paying ? payLabel(true) : credit.payLabel}
            </button>
            <button type="button" className="button button--ghost" onClick={leave}>
              Cancel Order
            </button>
          </div>
        ) : (
          <>
            <CardPicker
              onPay={pay}
              onCancel={leave}
              paying={view.paying}
              disabled={!view.canPay || gate !== undefined}
              describedBy={gate && 'pay-gate'}
              barred={bar !== undefined}
            />
            {view.otherWay === 'offered' ? (
              <p>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={view.paying || gate !== undefined}
                  aria-describedby={gate && 'pay-gate'}
                  onClick={() => void pay()}
                >
                  Pay another way (Instant EFT, SnapScan and more)
                </button>
              </p>
            ) : (
              <p className="notice">{paymentMessages.otherWayUnavailable}</p>
            )}
          </>
        )}
      </>
    );
  } else if (view.part.kind === 'awaiting-quote') {
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
        This order is {statusLabel(view.part.status)}.{' '}
        <RouteLink href={pathTo('invoice', { id: String(order.id) })}>See the invoice</RouteLink>
      </p>
    );
  }

  return (
    <>
      <div className="quote-layout">
        <section className="account-panel" aria-labelledby="summary-title">
          <h2 id="summary-title">{orderTitle(order)}</h2>
          <OrderFacts order={order} total={costExtras?.totals.total} />
          <section aria-labelledby="cost-title">
            <h3 id="cost-title">Cost summary</h3>
            <CostSummary quote={quote} extras={costExtras} />
            {view.showDeadline ? <QuoteDeadline quote={quote} /> : null}
          </section>
          <a className="button button--ghost button--small" href={view.queryHref}>
            Query Order
          </a>
        </section>
        <ShippingAddress order={order} payment={payment} />
        <section className="account-panel quote-layout__wide" aria-labelledby="products-title">
          <h2 id="products-title">Products</h2>
          <ProductTable
            caption={`Products of ${orderTitle(order)}`}
            products={products}
            onDelete={view.canDelete ? remove : undefined}
            busy={removing}
          />
        </section>
        {declared && (
          <section className="account-panel quote-layout__wide" aria-labelledby="declaration-title">
            <h2 id="declaration-title">Customs declaration</h2>
            <DeclarationTable
              caption={`What is declared to customs for ${orderTitle(order)}`}
              products={products}
              problemOf={view.canPay ? declarationProblem : undefined}
            />
            {view.canPay && (
              <label className="choice">
                <input
                  type="checkbox"
                  checked={choice.confirmed}
                  onChange={(event) => setChoice({ ...choice, confirmed: event.target.checked })}
                />
                I confirm this customs declaration
              </label>
            )}
          </section>
        )}
        <section className="account-panel quote-layout__wide" aria-labelledby="payment-title">
          <h2 id="payment-title">Payment</h2>
          {paymentPart}
        </section>
      </div>
      {bar && <PayBar bar={bar} onCredit={() => setConfirmingCredit(true)} />}
      {confirmingCredit && credit?.covers && (
        <Modal title={credit.question} onClose={() => setConfirmingCredit(false)}>
          <div className="button-row">
            <button type="button" className="button button--accent" onClick={() => void payWithCredit()}>
              Pay
            </button>
            {/* The safe answer has the focus, so a second press of Enter pays nothing. */}
            <button type="button" className="button button--ghost" data-autofocus onClick={() => setConfirmingCredit(false)}>
              Cancel
            </button>
          </div>
        </Modal>
      )}
      {view.paidDialog && (
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

/** Quote and payment (the query says success=true or cancel=true after the provider's page, whose outcome the service is asked for): order summary, cost summary, shipping address, products, card picker, paying another way, success dialog. */
export function QuotePaymentScreen({ id, search }: RouteProps): ReactNode {
  const $detail = useMemo(() => orderDetailStore(id), [id]);
  const flag = providerFlag(search);
  const [readReturn] = useState(() => answerOnce((back: ProviderFlag | undefined) => back));
  useEffect(() => {
    resetPayment();
    return resetPayment;
  }, [id]);
  useEffect(() => {
    const back = readReturn(String(id), flag);
    if (!back) return;
    void returnFromProvider(id, back);
    // The flag is read once: a reload or a shared link must not ask again.
    replaceWith('quotePayment', { id: String(id) });
  }, [readReturn, flag, id]);

  return (
    <Screen page="quotePayment">
      <Loaded read={$detail} label="Loading your order…">
        {(detail) => <QuotePayment detail={detail} />}
      </Loaded>
    </Screen>
  );
}
