import fees from '../content/estimate/fees.yaml?raw';
import { formatUsd, MINIMUM_ORDER_USD } from './estimate';

/**
 * The facilitation fee in US dollars, from the text of src/content/estimate/fees.yaml as the content studio writes it
 * (a list of flat maps): the `amountUsd` of the entry whose id is `facilitation`. Its collection schema checks the file
 * at build, and /estimate/ fails the build without that entry; here the island reads the same entry.
 */
export function facilitationFeeUsd(yaml: string): number {
  for (const entry of yaml.split(/^- /m)) {
    if (!/^id: (['"]?)facilitation\1\s*$/m.test(entry)) continue;
    const amount = /^\s*amountUsd: ([\d.]+)\s*$/m.exec(entry)?.[1];
    if (amount !== undefined) return Number(amount);
  }
  throw new Error('src/content/estimate/fees.yaml needs a "facilitation" entry with an amountUsd');
}

/** The facilitation fee in US dollars as the content editors set it: the same entry the cost estimator charges. */
export const FACILITATION_FEE_USD = facilitationFeeUsd(fees);

/** The order form's lines on the minimum order value and the fee, written from the figures given. */
export function orderRuleWords(minimumUsd: number, feeUsd: number): { minimum: string; fee: string } {
  return {
    minimum: `The minimum order value is ${formatUsd(minimumUsd)}.`,
    fee: `Your quote includes a facilitation fee of about ${formatUsd(feeUsd)}, with item cost, shipping and import duties.`,
  };
}

/** The order form's lines on the minimum and the fee: the estimator's minimum (src/lib/estimate.ts) and fee (fees.yaml). */
export const ORDER_RULE_WORDS = orderRuleWords(MINIMUM_ORDER_USD, FACILITATION_FEE_USD);
