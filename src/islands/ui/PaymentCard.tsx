import type { ReactNode } from 'react';
import type { Card } from '../../lib/api/cards';

/** Props of a saved-card tile. */
export interface PaymentCardProps {
  card: Card;
  /** Shows a radio button only when given. */
  onSelect?: (card: Card) => void;
  /** Whether this card is the chosen one (with onSelect). */
  selected?: boolean;
  /** Name of the radio group (with onSelect). */
  group?: string;
  /** Id of the group's error message, for aria-describedby. */
  describedBy?: string;
}

/** A saved card showing its name; a radio to choose it when a select handler is supplied. */
export function PaymentCard({ card, onSelect, selected = false, group = 'card', describedBy }: PaymentCardProps): ReactNode {
  const preferred = card.isPreferred ? <span className="payment-card__badge">Preferred</span> : null;
  if (!onSelect) {
    return (
      <div className="payment-card">
        <span className="payment-card__name">{card.cardName}</span>
        {preferred}
      </div>
    );
  }
  return (
    <label className={selected ? 'payment-card payment-card--selected' : 'payment-card'}>
      <input type="radio" name={group} value={card.id} checked={selected} aria-describedby={describedBy} onChange={() => onSelect(card)} />
      <span className="payment-card__name">{card.cardName}</span>
      {preferred}
    </label>
  );
}
