import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $cards } from '../../lib/stores/cards';
import { errorMessage } from '../../lib/stores/query';
import { pathTo } from '../../lib/stores/router';
import { PaymentCard } from '../ui/PaymentCard';
import { Spinner } from '../ui/Spinner';
import { LoadError } from './LoadError';
import { RouteLink } from './RouteLink';

/** The saved cards and the 'Add Credit Card' tile. */
export function CardList(): ReactNode {
  const { data, error } = useStore($cards);
  if (!data && error) return <LoadError message={errorMessage(error)} onRetry={$cards.revalidate} />;
  if (!data) return <Spinner label="Loading your cards…" />;
  return (
    <ul className="tile-grid">
      {data.map((card) => (
        <li key={card.id}>
          <PaymentCard card={card} />
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
  );
}
