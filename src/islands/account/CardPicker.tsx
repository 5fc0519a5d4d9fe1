import { useStore } from '@nanostores/react';
import { useFormik } from 'formik';
import { useEffect, type ReactNode } from 'react';
import { paymentSchema, type PaymentValues } from '../../lib/schemas/account';
import { $cards } from '../../lib/stores/cards';
import { pathTo } from '../../lib/stores/router';
import { fieldError } from '../ui/Field';
import { PaymentCard } from '../ui/PaymentCard';
import { Loaded } from './Loaded';
import { RouteLink } from './RouteLink';

/** Props of the card picker form. */
export interface CardPickerProps {
  /** Pays with the chosen card. */
  onPay: (cardId: number) => Promise<void>;
  /** Leaves the page without paying. */
  onCancel: () => void;
  /** True while the payment is under way. */
  paying: boolean;
  /** Make Payment stays disabled (an expired quote). */
  disabled?: boolean;
}

/** Choose a saved card (the preferred one is chosen to begin with), then Make Payment or Cancel Order; 'Must select a card' when none is chosen. */
export function CardPicker({ onPay, onCancel, paying, disabled = false }: CardPickerProps): ReactNode {
  const { data: cards } = useStore($cards);
  const form = useFormik<PaymentValues>({
    initialValues: { cardId: 0 },
    validationSchema: paymentSchema,
    validateOnChange: false,
    onSubmit: (values) => onPay(values.cardId),
  });
  const shownError = fieldError(form, 'cardId');
  const preferredId = cards?.find((card) => card.isPreferred)?.id;
  const { setFieldValue } = form;
  // The preferred card is chosen for the shopper once the cards are in; a card they chose stays chosen.
  useEffect(() => {
    if (preferredId !== undefined) void setFieldValue('cardId', preferredId, false);
  }, [preferredId, setFieldValue]);

  return (
    <form className="payment-form" onSubmit={form.handleSubmit} noValidate>
      <fieldset aria-describedby={shownError ? 'card-error' : undefined}>
        <legend>Pay with a saved card</legend>
        <Loaded read={$cards} label="Loading your cards…">
          {(saved) =>
            saved.length === 0 ? (
              <p>
                You have no saved cards yet. <RouteLink href={pathTo('addCard')}>Add Credit Card</RouteLink>
              </p>
            ) : (
              <div className="card-choices">
                {saved.map((card) => (
                  <PaymentCard
                    key={card.id}
                    card={card}
                    group="cardId"
                    selected={form.values.cardId === card.id}
                    describedBy={shownError ? 'card-error' : undefined}
                    onSelect={(chosen) => {
                      void form.setFieldValue('cardId', chosen.id, true);
                    }}
                  />
                ))}
              </div>
            )
          }
        </Loaded>
      </fieldset>
      {shownError && (
        <p className="field-error" id="card-error">
          {shownError}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button--accent" disabled={paying || disabled}>
          {paying ? 'Paying…' : 'Make Payment'}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel Order
        </button>
      </div>
    </form>
  );
}
