import type { ReactNode } from 'react';
import { PAYMENT_FORM_ID } from './CardPicker';
import type { PayBar as PayBarView } from './quote-page';

/**
 * The total and Make Payment at the foot of a narrow screen, in view however far the shopper scrolls (issue 55). Its
 * button submits the card picker's form, whose own Make Payment is hidden there; on a wide screen the bar is hidden.
 */
export function PayBar({ bar }: { bar: PayBarView }): ReactNode {
  return (
    <div className="pay-bar">
      <p className="pay-bar__total">
        <span>Total</span> <strong>{bar.total}</strong>
      </p>
      {bar.note && (
        <p className="pay-bar__note" id="pay-bar-note">
          {bar.note}
        </p>
      )}
      <button
        type="submit"
        form={PAYMENT_FORM_ID}
        className="button button--accent"
        disabled={bar.disabled}
        aria-describedby={bar.note ? 'pay-bar-note' : undefined}
      >
        {bar.label}
      </button>
    </div>
  );
}
