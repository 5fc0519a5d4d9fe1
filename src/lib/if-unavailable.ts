import type { IfUnavailable } from './api/quote-extras';

const RULE_WORDS: Partial<Record<string, string>> = {
  buy_alternative: 'buy the alternative',
  cancel_item: 'cancel this item',
  ask_me: 'ask me',
};

/** A product's "if unavailable" rule as the quote and invoice show it, e.g. 'If unavailable: buy the alternative (White, same model)'; an unknown rule as sent. */
export function ifUnavailableText({ rule, alternative }: IfUnavailable): string {
  return `If unavailable: ${RULE_WORDS[rule] ?? rule}${alternative ? ` (${alternative})` : ''}`;
}
