import { describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/schemas/rules';
import { newAddressSchema } from '../../src/lib/schemas/address';
import { ifUnavailableMessages, orderFieldErrors, orderSchema, type OrderFormValues } from '../../src/lib/schemas/order';

const image = (size: number, type = 'image/webp') => new Blob([new Uint8Array(size)], { type });

function values(overrides: Partial<OrderFormValues> = {}): OrderFormValues {
  return {
    portal: 3,
    addressId: 7,
    agreed: true,
    products: [{ key: 'a', name: 'Product 1', description: 'https://shop.example/item', quantity: 1, comment: '', screenshot: image(60_000), ifUnavailable: 'ask_me', alternative: '' }],
    ...overrides,
  };
}

async function errorsOf(value: unknown): Promise<string[]> {
  try {
    await orderSchema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('order schema (SPEC section 5)', () => {
  it('accepts a complete order', async () => {
    expect(await errorsOf(values())).toEqual([]);
  });

  it('needs a portal and an address', async () => {
    expect(await errorsOf(values({ portal: 0, addressId: 0 }))).toEqual([messages.portal, messages.address]);
  });

  it('needs an http(s) product page URL', async () => {
    for (const description of ['', 'shop.example/item', 'javascript:alert(1)', 'ftp://shop.example/x']) {
      const product = { ...values().products[0]!, description };
      expect(await errorsOf(values({ products: [product] }))).toEqual([messages.url]);
    }
  });

  it('needs a quantity of at least 1', async () => {
    for (const quantity of [0, -2, 1.5, ''] as const) {
      const product = { ...values().products[0]!, quantity };
      expect(await errorsOf(values({ products: [product] }))).toEqual([messages.quantity]);
    }
  });

  it('checks the screenshot: required, type, 10MB max, 50KB min', async () => {
    const cases: [Blob | null, string][] = [
      [null, messages.imageRequired],
      [image(60_000, 'image/gif'), messages.imageType],
      [image(10_000_001), messages.imageMax],
      [image(20_000), messages.imageMin],
    ];
    for (const [screenshot, message] of cases) {
      const product = { ...values().products[0]!, screenshot };
      expect(await errorsOf(values({ products: [product] }))).toEqual([message]);
    }
  });

  it('requires all five address fields', async () => {
    try {
      await newAddressSchema.validate({}, { abortEarly: false });
      expect.unreachable();
    } catch (error) {
      expect((error as { errors: string[] }).errors).toEqual(Array(5).fill(messages.required));
    }
  });
});

describe('"if unavailable" (issue 44)', () => {
  const product = (fields: Record<string, unknown>) => values({ products: [{ ...values().products[0]!, ...fields } as OrderFormValues['products'][number]] });

  it('ask me, cancel this item, or buy the alternative with the alternative named', async () => {
    for (const [ifUnavailable, alternative] of [['ask_me', ''], ['cancel_item', ''], ['ask_me', 'White'], ['buy_alternative', 'UK 7.5']]) {
      expect(await errorsOf(product({ ifUnavailable, alternative })), `${ifUnavailable} ${alternative}`).toEqual([]);
    }
  });

  it('buy the alternative needs an alternative (spaces are none)', async () => {
    for (const alternative of ['', '   ']) {
      expect(await errorsOf(product({ ifUnavailable: 'buy_alternative', alternative }))).toEqual([ifUnavailableMessages.alternative]);
    }
  });

  it('an unknown or missing rule is refused, and an alternative is at most 255 characters', async () => {
    expect(await errorsOf(product({ ifUnavailable: 'substitute' }))).toEqual([ifUnavailableMessages.rule]);
    expect(await errorsOf(product({ ifUnavailable: undefined }))).toEqual([ifUnavailableMessages.rule]);
    expect(await errorsOf(product({ alternative: 'x'.repeat(256) }))).toEqual([ifUnavailableMessages.alternativeLong]);
    expect(await errorsOf(product({ alternative: 'x'.repeat(255) }))).toEqual([]);
  });

  it("the server's products[i].if_unavailable and products[i].alternative land on that product's fields", () => {
    expect(
      orderFieldErrors({
        'products[1].if_unavailable': ['must be buy_alternative, cancel_item or ask_me'],
        'products[0].alternative': ["can't be blank when the rule is buy the alternative"],
      }),
    ).toEqual({
      'products.1.ifUnavailable': 'must be buy_alternative, cancel_item or ask_me',
      'products.0.alternative': "can't be blank when the rule is buy the alternative",
    });
  });
});

describe('orderFieldErrors', () => {
  it('maps the server field map to form paths', () => {
    expect(
      orderFieldErrors({
        portal_id: ['Must select a Portal'],
        address_id: ['Address required'],
        'products[1].description': ['Must be a valid URL'],
        'products[0].screenshot': ['Min file size is 50KB.'],
        description: ['Must be a valid URL'],
        detail: 'ignored',
      }),
    ).toEqual({
      portal: 'Must select a Portal',
      addressId: 'Address required',
      'products.1.description': 'Must be a valid URL',
      'products.0.screenshot': 'Min file size is 50KB.',
    });
  });

  it('gives nothing for a missing map', () => {
    expect(orderFieldErrors(undefined)).toEqual({});
  });
});
