import { useStore } from '@nanostores/react';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { $cards } from '../../../lib/stores/cards';
import { cardChoiceError, payLabel } from './quote-page';
import { pathTo } from '../../../lib/stores/router';
import { PaymentCard } from '../../ui/PaymentCard';
import { Loaded } from '../shared/Loaded';
import { RouteLink } from '../shared/RouteLink';

/** Props of the card picker form. */
export interface CardPickerProps {
  /** Pays with the chosen card. */
  onPay: (cardId: number) => Promise<void>;
  /** Leaves the page without paying. */
  onCancel: () => void;
  /** True while the payment is under way. */
  paying: boolean;
  /** Make Payment stays disabled (an expired quote, or a choice of the quote still to make). */
  disabled?: boolean;
  /** Id of the text that says why Make Payment is disabled. */
  describedBy?: string;
  /** Make Payment is the pay bar's on a narrow screen (the form's own is hidden there, so one is in view and one is heard). */
  barred?: boolean;
}

/** The id of the card picker's form: the pay bar's button submits it. */
export const PAYMENT_FORM_ID = 'payment-form';

/** Choose a saved card (the preferred one is chosen to begin with), then Make Payment or Cancel Order; 'Must select a card' when none is chosen. */
export function CardPicker({ onPay, onCancel, paying, disabled = false, describedBy, barred = false }: CardPickerProps): ReactNode {
  const { data: cards } = useStore($cards);
  // A card the shopper chose stays chosen; until then the preferred one is, once the cards are in. No form library
  // here: formik and yup would be a sixth of this page's script, for one rule.
  const [chosen, setChosen] = useState<number>();
  const [tried, setTried] = useState(false);
  const cardId = chosen ?? cards?.find((card) => card.isPreferred)?.id ?? 0;
  const shownError = tried ? cardChoiceError(cardId) : undefined;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (!cardChoiceError(cardId)) void onPay(cardId);
    // Pressed in the pay bar, the card to choose is out of sight: it takes the focus.
    else if (!event.currentTarget.contains(event.nativeEvent.submitter)) event.currentTarget.querySelector<HTMLElement>('fieldset input, fieldset a')?.focus();
  };

  return (
    <form className={barred ? 'payment-form payment-form--bar' : 'payment-form'} id={PAYMENT_FORM_ID} onSubmit={submit} noValidate>
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
                    selected={cardId === card.id}
                    describedBy={shownError ? 'card-error' : undefined}
                    onSelect={(picked) => setChosen(picked.id)}
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
        <button type="submit" className="button button--accent payment-form__pay" disabled={paying || disabled} aria-describedby={describedBy}>
          {payLabel(paying)}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel Order
        </button>
      </div>
    </form>
  );
}
