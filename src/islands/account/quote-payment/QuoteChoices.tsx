import type { ReactNode } from 'react';
import type { Insurance, ShippingOption } from '../../../lib/api/quote-extras';
import { chosenOption, deliveryWindow, insuranceTerms, optionPrice, type QuoteChoice } from '../../../lib/stores/quote-choice';

/** Props of the quote's shipping speed and insurance choices. */
export interface QuoteChoicesProps {
  options?: ShippingOption[];
  insurance?: Insurance;
  choice: QuoteChoice;
  onChange: (choice: QuoteChoice) => void;
}

/** The shipping speeds with price and delivery window (a radio group of its own, apart from the saved cards), and 'Insure this parcel' with its premium and cover (issue 44). */
export function QuoteChoices({ options, insurance, choice, onChange }: QuoteChoicesProps): ReactNode {
  const chosen = chosenOption(options, choice.shippingId);
  return (
    <>
      {options && (
        <fieldset>
          <legend>Shipping speed</legend>
          <div className="card-choices">
            {options.map((option) => (
              <label key={option.id} className={chosen === option ? 'payment-card shipping-option payment-card--selected' : 'payment-card shipping-option'}>
                <input
                  type="radio"
                  name="shippingSpeed"
                  value={option.id}
                  checked={chosen === option}
                  onChange={() => onChange({ ...choice, shippingId: option.id })}
                />
                <span className="payment-card__name">{option.label}</span>
                <span className="shipping-option__terms">{[optionPrice(option), deliveryWindow(option)].filter(Boolean).join(', ')}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {insurance && (
        <div>
          <label className="choice">
            <input
              type="checkbox"
              checked={choice.insure}
              aria-describedby="insurance-terms"
              onChange={(event) => onChange({ ...choice, insure: event.target.checked })}
            />
            Insure this parcel
          </label>
          <p id="insurance-terms" className="notice">
            {insuranceTerms(insurance)}
          </p>
        </div>
      )}
    </>
  );
}
