/** What a shopper can ask for a product that is sold out: each rule as the service names it, with the words the order form shows (ask_me, the default, first). */
export const IF_UNAVAILABLE_LABELS = {
  ask_me: 'Ask me',
  buy_alternative: 'Buy the alternative',
  cancel_item: 'Cancel this item',
} as const;

/** A rule of IF_UNAVAILABLE_LABELS. */
export type IfUnavailableRule = keyof typeof IF_UNAVAILABLE_LABELS;

/** Every rule, in the order the form lists them. */
export const IF_UNAVAILABLE_RULES = Object.keys(IF_UNAVAILABLE_LABELS) as IfUnavailableRule[];

/** What the shopper asked for if a product is unavailable: a known rule (or the text sent) and the alternative ('' when none). */
export interface IfUnavailable {
  rule: IfUnavailableRule | string;
  alternative: string;
}

/** A product's "if unavailable" rule as the quote and invoice show it, e.g. 'If unavailable: buy the alternative (White, same model)'; an unknown rule as sent. */
export function ifUnavailableText({ rule, alternative }: IfUnavailable): string {
  const words = (IF_UNAVAILABLE_LABELS as Partial<Record<string, string>>)[rule]?.toLowerCase() ?? rule;
  return `If unavailable: ${words}${alternative ? ` (${alternative})` : ''}`;
}
