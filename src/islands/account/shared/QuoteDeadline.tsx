import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Quote } from '../../../lib/api/orders';
import { QUOTE_EXPIRED, quoteClock } from '../../../lib/quote-clock';
import { $now } from '../../../lib/stores/clock';

/** Until when a quote may be paid and the time left, or that it has expired; nothing when the quote carries no time. */
export function QuoteDeadline({ quote }: { quote: Pick<Quote, 'quotedAt'> | null }): ReactNode {
  const now = useStore($now);
  const clock = quote ? quoteClock(quote.quotedAt, now) : undefined;
  if (!clock) return null;
  if (clock.expired) return <p className="notice quote-clock quote-clock--expired">{QUOTE_EXPIRED}</p>;
  return (
    <p className="quote-clock">
      Valid until {clock.validUntil} <span className="quote-clock__left">({clock.left})</span>
    </p>
  );
}
