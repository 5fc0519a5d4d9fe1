import type { ReactNode } from 'react';
import { PAYMENT_FORM_ID } from './CardPicker';
import type { PayBar as PayBarView } from './quote-page';

/**
 * The total and Make Payment at the foot of a narrow screen, in view however far the shopper scrolls (issue 55). Its
 * button submits the card picker's form, whose own Make Payment is hidden there; on a wide screen the bar is hidden.
 * When store credit pays it all (issue 56) the button is 'Pay R… with my credit' and asks to confirm (`onCredit`).
 */
export function PayBar({ bar, onCredit }: { bar: PayBarView; onCredit: () => void }): ReactNode {
  const press = bar.action === 'credit' ? { type: 'button' as const, onClick: onCredit } : { type: 'submit' as const, form: PAYMENT_FORM_ID };
  return (
    <div className="pay-bar">
      <p className="pay-bar__total">
        <span>{bar.term}</span> <strong>{bar.total}</strong>
      </p>
      {bar.note && (
        <p className="pay-bar__note" id="pay-bar-note">
          {bar.note}
        </p>
      )}
      <button
        {...press}
        className="button button--accent"
        disabled={bar.disabled}
        aria-describedby={bar.note ? 'pay-bar-note' : undefined}
      >
        {bar.label}
      </button>
    </div>
  );
}
