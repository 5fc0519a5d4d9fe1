import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Card } from '../../../lib/api/cards';
import { accountMessages } from '../../../lib/account-messages';
import { $cards, $preferCard, $removeCard } from '../../../lib/stores/cards';
import { pathTo } from '../../../lib/stores/router';
import { PaymentCard } from '../../ui/PaymentCard';
import { notify, toastError } from '../../ui/Toasts';
import { Loaded } from '../shared/Loaded';
import { RouteLink } from '../shared/RouteLink';

/** The saved cards, each one removable (after a confirmation) or made the preferred one, and the 'Add Credit Card' tile. */
export function CardList(): ReactNode {
  const removing = useStore($removeCard);
  const preferring = useStore($preferCard);
  const [confirming, setConfirming] = useState<number>();
  // A removed card leaves at once, not when the list has been read again.
  const [removed, setRemoved] = useState<number[]>([]);
  const keep = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  // The question takes the focus with its safe answer, so a second press of Enter keeps the card.
  useEffect(() => {
    if (confirming !== undefined) keep.current?.focus();
  }, [confirming]);

  const remove = async (card: Card): Promise<void> => {
    const done = await $removeCard.mutate(card.id);
    if (done && 'error' in done) toastError(done.error);
    else if (done) {
      setRemoved((ids) => [...ids, card.id]);
      setConfirming(undefined);
      // The card's tile goes: the list keeps the focus rather than the page losing it.
      list.current?.focus();
      notify.success(accountMessages.cardRemoved);
    }
  };

  const prefer = async (card: Card): Promise<void> => {
    const done = await $preferCard.mutate(card.id);
    if (done && 'error' in done) toastError(done.error);
    else if (done) notify.success(accountMessages.cardPreferred);
  };

  return (
    <Loaded read={$cards} label="Loading your cards…">
      {(cards) => (
        <ul className="tile-grid" ref={list} tabIndex={-1} aria-label="Your saved cards">
          {cards
            .filter((card) => !removed.includes(card.id))
            .map((card) => (
              <li key={card.id} className="card-item">
                <PaymentCard card={card} />
                {confirming === card.id ? (
                  <div className="card-item__confirm" role="group" aria-labelledby={`card-${card.id}-question`}>
                    <p id={`card-${card.id}-question`}>Remove {card.cardName}? To pay with it again you would add it again.</p>
                    <div className="button-row">
                      <button
                        type="button"
                        className="button button--danger button--small"
                        disabled={removing.loading}
                        onClick={() => void remove(card)}
                      >
                        Remove card
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        ref={keep}
                        onClick={() => setConfirming(undefined)}
                      >
                        Keep card
                      </button>
                    </div>
                  </div>
                ) : (
                  <div className="button-row">
                    {!card.isPreferred && (
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={`Make preferred: ${card.cardName}`}
                        disabled={preferring.loading}
                        onClick={() => void prefer(card)}
                      >
                        Make preferred
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button--danger button--small"
                      aria-label={`Remove ${card.cardName}`}
                      onClick={() => setConfirming(card.id)}
                    >
                      Remove
                    </button>
                  </div>
                )}
              </li>
            ))}
          <li>
            <RouteLink className="add-card-tile" href={pathTo('addCard')}>
              <span aria-hidden="true" className="add-card-tile__plus">
                +
              </span>
              Add Credit Card
            </RouteLink>
          </li>
        </ul>
      )}
    </Loaded>
  );
}
