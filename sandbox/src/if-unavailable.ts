import { MAX_TEXT, tooLong } from './http';
import type { ProductRow } from './rows';

/** What to do when a product is sold out: buy the alternative, cancel this item, or ask the shopper. */
const IF_UNAVAILABLE_RULES = ['buy_alternative', 'cancel_item', 'ask_me'] as const;

/** A product's "if unavailable" choice as read from the order form; both null when the shopper gave none. */
export interface IfUnavailable {
  rule: string | null;
  alternative: string | null;
}

/**
 * Reads `order[products][i][if_unavailable]` (the rule) and `[alternative]` (size, colour) of one product. Both are
 * optional; an alternative needs a rule, buy_alternative needs an alternative. Problems go to `add(field, message)`.
 */
export function readIfUnavailable(rule: string | undefined, alternative: string | undefined, add: (field: string, message: string) => void): IfUnavailable {
  const chosen = rule?.trim() || null;
  const text = alternative?.trim() || null;
  if (chosen !== null && !(IF_UNAVAILABLE_RULES as readonly string[]).includes(chosen)) add('if_unavailable', 'must be buy_alternative, cancel_item or ask_me');
  if (chosen === null && text !== null) add('if_unavailable', "can't be blank when an alternative is given");
  if (chosen === 'buy_alternative' && text === null) add('alternative', "can't be blank when the rule is buy the alternative");
  if (text !== null && text.length > MAX_TEXT) add('alternative', tooLong(MAX_TEXT));
  return { rule: chosen, alternative: text };
}

/** The product's choice in wire shape (`alternative` empty text when none), or undefined when the shopper gave none. */
export function ifUnavailableJson(p: ProductRow) {
  return p.if_unavailable === null ? undefined : { rule: p.if_unavailable, alternative: p.alternative ?? '' };
}
