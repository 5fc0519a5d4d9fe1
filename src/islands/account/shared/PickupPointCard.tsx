import { useId, type ReactNode } from 'react';
import type { PickupPointView } from './pickup-point';
import './pickup-point.css';

/** Props of a pickup point's card. */
export interface PickupPointCardProps {
  view: PickupPointView;
  /** The heading's level where the card sits (3 under a panel's h2). */
  level?: 2 | 3 | 4;
  /** The heading's text: 'Collect at', 'Pickup point'. */
  heading?: string;
}

/** A pickup order's point: name, kind, address, hours, a locker's largest box, how collection works, and a closed point's notice. */
export function PickupPointCard({ view, level = 3, heading = 'Collect at' }: PickupPointCardProps): ReactNode {
  const Heading = `h${level}` as const;
  const id = useId();
  return (
    <section className="pickup-point" aria-labelledby={id}>
      <Heading id={id} className="pickup-point__heading">
        {heading}
      </Heading>
      <p className="pickup-point__name">
        <strong>{view.name}</strong> {view.kind ? <span className="pickup-point__kind">({view.kind})</span> : null}
      </p>
      {view.closed ? (
        <p className="field-error" role="status">
          {view.closed}
        </p>
      ) : null}
      <dl className="facts">
        <div>
          <dt>Address</dt>
          <dd>{view.address || 'Not given'}</dd>
        </div>
        {view.hours ? (
          <div>
            <dt>Opening hours</dt>
            <dd>{view.hours}</dd>
          </div>
        ) : null}
        {view.largestBox ? (
          <div>
            <dt>Largest box</dt>
            <dd>{view.largestBox}</dd>
          </div>
        ) : null}
      </dl>
      {view.collection ? <p className="pickup-point__collection">{view.collection}</p> : null}
    </section>
  );
}
