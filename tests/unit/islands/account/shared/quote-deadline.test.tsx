// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Quote } from '../../../../../src/lib/api/orders';
import { OrderCard } from '../../../../../src/islands/account/shared/OrderCard';
import { QuoteDeadline } from '../../../../../src/islands/account/shared/QuoteDeadline';
import { anOrder } from '../../../order-fixture';

afterEach(cleanup);

const HOUR = 3_600_000;

/** A quote issued `hours` ago by the real clock (the clock store reads Date.now() when a screen shows it); undefined: no time. */
function quoteIssued(hours: number | undefined): Quote {
  const quotedAt = hours === undefined ? '' : new Date(Date.now() - hours * HOUR).toISOString();
  return { feesCost: 150, serviceFeeCost: 185, subTotal: 925, totalVat: 138.75, total: 1063.75, quotedAt };
}

const VALID_UNTIL = /^Valid until \d{1,2} [A-Z][a-z]{2} \d{4},? \d{2}:\d{2} \((59 minutes|1 hour \d+ minutes?) left\)$/;

/** The paragraph whose whole text (the time left sits in a span of its own) matches, as a browser reads it. */
const paragraphMatching = (pattern: RegExp) => (_: string, element: Element | null) => element?.tagName === 'P' && pattern.test(element.textContent ?? '');

describe('the quote clock as the quote page and the order card show it', () => {
  it('a quote issued 47 hours ago shows until when it is valid and about an hour left', () => {
    const { container } = render(<QuoteDeadline quote={quoteIssued(47)} />);
    expect(container.textContent).toMatch(VALID_UNTIL);
    expect(screen.queryByText('This quote has expired.')).toBeNull();
  });

  it("a quote issued 49 hours ago says 'This quote has expired.' and no deadline", () => {
    const { container } = render(<QuoteDeadline quote={quoteIssued(49)} />);
    expect(screen.getByText('This quote has expired.')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/^Valid until /);
  });

  it('a quote without a time (an older server) shows neither', () => {
    const { container } = render(<QuoteDeadline quote={quoteIssued(undefined)} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("the order card of a quote issued 47 hours ago shows 'Valid until … left)'", () => {
    render(<OrderCard order={anOrder({ id: 12, status: 'processing', quote: quoteIssued(47) })} />);
    expect(screen.getByRole('link', { name: 'Quote for order 12' })).toBeInTheDocument();
    expect(screen.getByText(paragraphMatching(/^Valid until .*left\)$/))).toBeInTheDocument();
  });

  it("the order card of a quote issued 49 hours ago says 'This quote has expired.'", () => {
    render(<OrderCard order={anOrder({ id: 12, status: 'processing', quote: quoteIssued(49) })} />);
    expect(screen.getByText('This quote has expired.')).toBeInTheDocument();
  });
});
