import type { APIRequestContext, Page } from '@playwright/test';
import { createAddress, issueQuote, moveTo, toast } from './account-helpers';
import type { Tokens } from './fixtures';
import { productBlock } from './files/order-kit';
import { expect, FAULTS, inject, messageFor, orderFor, quotedOrderWithCard, retryAll, returningOrder, shown, storedToken, TAG, test, type Call, type Fault } from './resilience-kit';

/** A field the shopper fills while the fault is on, and how to see it survived. */
interface Typed {
  fill(page: Page): Promise<void>;
  check(page: Page): Promise<void>;
}

/** One signed-in screen as the resilience cases drive it. */
interface ScreenCase {
  name: string;
  /** Makes the shopper's data and returns the path to open. */
  prepare(request: APIRequestContext, tokens: Tokens): Promise<string>;
  /** The calls the screen loads its data with (none for a screen that loads nothing). */
  load: Call[];
  /** Sees the loaded data on screen. */
  loaded(page: Page): Promise<void>;
  /** Typed while the load fails, kept through the recovery. */
  typed?: Typed;
  /** The screen's own action, when it has one. */
  submit?: {
    calls: Call[];
    /** Uploads wait longer than 5 s by design: no timeout case for them. */
    faults?: readonly Fault[];
    typed: Typed;
    act(page: Page): Promise<void>;
    /** The SPEC section 8 text the action shows for a fault (default: the catalogue message). */
    message?: string;
    done(page: Page): Promise<void>;
  };
}

const get = (path: string): Call => ({ method: 'GET', path });
const ORDERS = get('^/api/web/v1/orders$');
const ORDER_DETAIL = [get('^/api/web/v1/orders/\\d+$'), get('^/api/web/v1/orders/\\d+/cost_summary$'), get('^/api/web/v1/orders/\\d+/products$')];

const field = (label: string, value: string, scope = (page: Page) => page.locator('main')): Typed => ({
  fill: (page) => scope(page).getByLabel(label, { exact: true }).fill(value),
  check: (page) => expect(scope(page).getByLabel(label, { exact: true })).toHaveValue(value),
});

const both = (...all: Typed[]): Typed => ({
  fill: async (page) => {
    for (const t of all) await t.fill(page);
  },
  check: async (page) => {
    for (const t of all) await t.check(page);
  },
});

const product = (page: Page) => productBlock(page, 'Product 1');
const addressForm = (page: Page) => page.getByRole('form', { name: 'Add a new address' });

async function fillAddress(page: Page): Promise<void> {
  const form = addressForm(page);
  await form.getByLabel('Street address').fill('9 Long Street');
  await form.getByLabel('Town or city').fill('Cape Town');
  await form.getByLabel('Province').fill('Western Cape');
  await form.getByLabel('Postal code').fill('8001');
}

const SCREENS: ScreenCase[] = [
  {
    name: 'order form',
    prepare: async (request, tokens) => {
      await createAddress(request, tokens, 'Home');
      return '/upload-orders/';
    },
    load: [get('^/api/web/v1/addresses$')],
    loaded: async (page) => {
      await page.getByRole('combobox', { name: 'Delivery address' }).click();
      await expect(page.getByRole('option', { name: 'Home' })).toBeVisible();
      await page.keyboard.press('Escape');
    },
    typed: both(field('Product page URL', 'https://shop.example/kept', product), field('Comment', 'Size M', product)),
    submit: {
      calls: [{ method: 'POST', path: '^/api/web/v1/addresses$' }],
      typed: field('Location name', 'Office', addressForm),
      act: async (page) => {
        await fillAddress(page);
        await addressForm(page).getByRole('button', { name: 'Add Address' }).click();
      },
      done: async (page) => {
        await expect(toast(page, 'Address Added')).toBeVisible();
        await expect(page.getByRole('combobox', { name: 'Delivery address' })).toHaveValue('Office');
        await expect(product(page).getByLabel('Product page URL')).toHaveValue('https://shop.example/kept');
      },
    },
  },
  {
    name: 'my details',
    prepare: async (request, tokens) => {
      await createAddress(request, tokens, 'Home');
      return '/my-details/';
    },
    load: [get('^/api/web/v1/users/show_details$'), get('^/api/web/v1/addresses$'), get('^/api/web/v1/cards$')],
    loaded: async (page) => {
      await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Lerato');
      await expect(page.getByRole('region', { name: 'Addresses' }).getByText('Home', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Add Credit Card' })).toBeVisible();
    },
    typed: field('Location name', 'Office', addressForm),
    submit: {
      calls: [{ method: 'PATCH', path: '^/api/web/v1/users/\\d+$' }],
      typed: field('First name', 'Naledi'),
      act: (page) => page.getByRole('button', { name: 'Save Details' }).click(),
      done: (page) => expect(toast(page, 'Details Updated')).toBeVisible(),
    },
  },
  {
    name: 'add card',
    prepare: async () => '/add-card/',
    load: [],
    loaded: (page) => expect(page.getByRole('button', { name: 'Continue to PayFast' })).toBeVisible(),
    submit: {
      calls: [{ method: 'POST', path: '^/api/web/v1/cards$' }],
      typed: field('Card name', 'Travel Visa'),
      act: (page) => page.getByRole('button', { name: 'Continue to PayFast' }).click(),
      message: 'Failed to create card',
      // 'Redirecting to PayFast' shows for 800 ms only; the provider's page naming the card is the lasting proof.
      done: async (page) => {
        await expect(page).toHaveURL(/\/stand-in\/payfast\/cards\/\d+$/);
        await expect(page.getByText('Travel Visa')).toBeVisible();
      },
    },
  },
  {
    name: 'track order',
    prepare: async (request, tokens) => {
      await orderFor(request, tokens);
      return '/track-order/';
    },
    load: [ORDERS],
    loaded: async (page) => {
      await expect(page.getByText('Order status:')).toBeVisible();
      await expect(page.getByRole('progressbar')).toBeVisible();
    },
  },
  {
    name: 'order history',
    prepare: async (request, tokens) => {
      await orderFor(request, tokens);
      return '/my-orders-history/';
    },
    load: [ORDERS],
    loaded: (page) => expect(page.getByRole('region', { name: /^Pending/ }).getByRole('article')).toHaveCount(1),
  },
  {
    name: 'returns',
    prepare: async (request, tokens) => {
      await returningOrder(request, tokens);
      return '/my-returns/';
    },
    load: [ORDERS],
    loaded: async (page) => {
      await expect(page.getByRole('button', { name: 'Mark as Picked Up' })).toBeVisible();
      await expect(page.getByText('No Returns History')).toBeVisible();
    },
    typed: field('Reason', 'The sleeves are too short'),
    submit: {
      calls: [get('^/api/web/v1/orders/\\d+/complete_return_order$')],
      typed: field('Reason', 'The sleeves are too short'),
      act: (page) => page.getByRole('button', { name: 'Mark as Picked Up' }).click(),
      message: 'Order failed to be marked as picked up',
      done: async (page) => {
        await expect(toast(page, 'Order marked as picked up')).toBeVisible();
        await expect(page.getByText('No Pending Returns')).toBeVisible();
      },
    },
  },
  {
    name: 'quote and payment',
    prepare: async (request, tokens) => `/quote-payment/${await quotedOrderWithCard(request, tokens, 'Travel Visa')}/`,
    load: [...ORDER_DETAIL, get('^/api/web/v1/cards$')],
    loaded: async (page) => {
      await expect(page.getByRole('heading', { name: /^Order \d+ - Amazon$/ })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Travel Visa' })).toBeVisible();
    },
    submit: {
      calls: [{ method: 'POST', path: '^/api/web/v1/orders/\\d+/create_card_payment$' }],
      typed: {
        fill: (page) => page.getByRole('radio', { name: 'Travel Visa' }).check(),
        check: (page) => expect(page.getByRole('radio', { name: 'Travel Visa' })).toBeChecked(),
      },
      act: (page) => page.getByRole('button', { name: 'Make Payment' }).click(),
      message: 'Failed to initiate payment with PayFast',
      done: (page) => expect(page.getByRole('dialog', { name: 'Your Payment was a Success!' })).toBeVisible(),
    },
  },
  {
    name: 'invoice',
    prepare: async (request, tokens) => {
      const { orderId } = await orderFor(request, tokens);
      await issueQuote(request, orderId);
      await moveTo(request, orderId, 'paid');
      return `/my-invoice/${orderId}/`;
    },
    load: ORDER_DETAIL,
    loaded: async (page) => {
      await expect(page.getByRole('table', { name: /^Products of order/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Print invoice' })).toBeVisible();
    },
  },
  {
    name: 'order uploaded',
    prepare: async (request, tokens) => `/order-uploaded/${(await orderFor(request, tokens)).orderId}/`,
    load: [get('^/api/web/v1/orders/\\d+$')],
    loaded: (page) => expect(page.getByText(/^Placed on /)).toBeVisible(),
  },
];

for (const screen of SCREENS) {
  test.describe(`${screen.name} screen`, () => {
    for (const fault of FAULTS) {
      const submitFaults = screen.submit?.faults ?? FAULTS;
      const parts = [screen.load.length > 0 ? 'load' : '', screen.submit && submitFaults.includes(fault) ? 'submit' : ''].filter(Boolean);
      if (parts.length === 0) continue;
      test(`${TAG} ${screen.name}: ${fault} on ${parts.join(' and ')} shows the message, keeps the input and recovers`, async ({ page, request, signedIn }) => {
        test.setTimeout(60_000);
        const path = await screen.prepare(request, signedIn.tokens);

        if (screen.load.length > 0) {
          const clear = await inject(page, request, signedIn.email, fault, screen.load);
          await page.goto(path);
          await expect(shown(page, messageFor(fault))).toBeVisible({ timeout: 12_000 });
          // A fault is never a sign-out.
          expect(await storedToken(page)).not.toBe('');
          await screen.typed?.fill(page);
          await clear();
          await retryAll(page);
          await screen.loaded(page);
          await screen.typed?.check(page);
          await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
        } else {
          await page.goto(path);
          await screen.loaded(page);
        }

        const submit = screen.submit;
        if (submit && submitFaults.includes(fault)) {
          await submit.typed.fill(page);
          const clear = await inject(page, request, signedIn.email, fault, submit.calls);
          await submit.act(page);
          await expect(shown(page, submit.message ?? messageFor(fault))).toBeVisible({ timeout: 12_000 });
          await submit.typed.check(page);
          expect(await storedToken(page)).not.toBe('');
          await clear();
          await submit.act(page);
          await submit.done(page);
        }
      });
    }
  });
}
