import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { MINIMUM_ORDER_USD } from '../../src/lib/estimate';
import { FACILITATION_FEE_USD, facilitationFeeUsd, ORDER_RULE_WORDS, orderRuleWords } from '../../src/lib/order-rules';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const FEES = read('src/content/estimate/fees.yaml');

describe("the order form's minimum and fee", () => {
  test('the words on the form today: $100 minimum, a fee of about $10', () => {
    expect(ORDER_RULE_WORDS).toEqual({
      minimum: 'The minimum order value is $100.',
      fee: 'Your quote includes a facilitation fee of about $10, with item cost, shipping and import duties.',
    });
  });

  test("they come from the estimator's sources: MINIMUM_ORDER_USD and the facilitation entry of fees.yaml", () => {
    const entry = FEES.split(/^- /m).find((text) => text.startsWith('id: facilitation'));
    expect(FACILITATION_FEE_USD).toBe(Number(/amountUsd: (.*)/.exec(entry ?? '')?.[1]));
    expect(ORDER_RULE_WORDS).toEqual(orderRuleWords(MINIMUM_ORDER_USD, FACILITATION_FEE_USD));
  });

  test('another minimum or fee changes the words', () => {
    const edited = FEES.replace(/amountUsd: .*/, 'amountUsd: 12.5');
    expect(orderRuleWords(150, facilitationFeeUsd(edited))).toEqual({
      minimum: 'The minimum order value is $150.',
      fee: 'Your quote includes a facilitation fee of about $12,50, with item cost, shipping and import duties.',
    });
  });

  test('the fee is read from the facilitation entry, wherever it stands and however its id is quoted; without one it is an error', () => {
    const other = '- id: handling\n  name: Handling\n  amountUsd: 3\n  asOf: 2026-11-20\n';
    expect(facilitationFeeUsd(`${other}- id: 'facilitation'\n  name: Facilitation fee\n  amountUsd: 11\n  asOf: 2026-11-20\n`)).toBe(11);
    expect(() => facilitationFeeUsd(other)).toThrow('src/content/estimate/fees.yaml needs a "facilitation" entry with an amountUsd');
  });

  test('the order form writes them from ORDER_RULE_WORDS, with no dollar amount by hand', () => {
    const screen = read('src/islands/account/upload-orders/OrderFormScreen.tsx');
    expect(screen).toContain('<li>{ORDER_RULE_WORDS.minimum}</li>');
    expect(screen).toContain('<li>{ORDER_RULE_WORDS.fee}</li>');
    expect(screen).not.toMatch(/\$\d/);
  });
});
