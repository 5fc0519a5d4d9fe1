import type { APIRequestContext, Page } from '@playwright/test';
import { choose, createAddress, issueQuote, moveTo, photo, toast } from './account-helpers';
import type { Tokens } from './fixtures';
import { productBlock } from './files/order-kit';
import { accountPath } from '../../src/lib/account-paths';
import { ACCOUNT_ROUTES, type AccountRoute } from '../../src/lib/account-routes';
import { expect, FAULTS, inject, messageFor, orderFor, quotedOrderWithCard, retryAll, returningOrder, sendThrough, shown, storedToken, TAG, test, type Call, type Fault } from './resilience-kit';

/** What the shopper has on screen while the fault is on (typed, chosen or listed), and how to see it survived. */
interface Typed {
  fill(page: Page): Promise<void>;
  check(page: Page): Promise<void>;
}

/** A screen's own action (a form submit or a button), put through the faults. */
interface Action {
  calls: Call[];
  /** Uploads wait longer than 5 s by design: no timeout case for them. */
  faults?: readonly Fault[];
  typed: Typed;
  act(page: Page): Promise<void>;
  /** The SPEC section 8 text the action shows for a fault (default: the catalogue message). */
  message?: string;
  done(page: Page): Promise<void>;
}

/** One signed-in screen as the resilience cases drive it. */
interface ScreenCase {
  name: string;
  /** The screen's route in the route table (src/lib/account-routes.ts). */
  route: AccountRoute;
  /** Makes the shopper's data and returns the order id the page opens with, for a route that has one. */
  prepare(request: APIRequestContext, tokens: Tokens): Promise<number | undefined>;
  /** The calls the screen loads its data with (none for a screen that loads nothing). */
  load: Call[];
  /** Sees the loaded data on screen. */
  loaded(page: Page): Promise<void>;
  /** Typed while the load fails, kept through the recovery. */
  typed?: Typed;
  /** The screen's own action, when it has one; its cases also fail the load first. */
  submit?: Action;
  /** Further actions of the screen, each in cases of its own after a clean load. */
  actions?: (Action & { name: string })[];
}

/** A screen's address from the route table, with the order id for a page that has one. */
async function open(screen: ScreenCase, request: APIRequestContext, tokens: Tokens): Promise<string> {
  const id = await screen.prepare(request, tokens);
  return id === undefined ? accountPath(screen.route) : `${accountPath(screen.route)}${id}/`;
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

/** Nothing typed: an address card that must still be listed. */
const listed = (name: string): Typed => ({
  fill: async () => undefined,
  check: (page) => expect(page.getByRole('article', { name: `Address ${name}` })).toBeVisible(),
});

const newAddress = both(
  field('Location name', 'Office', addressForm),
  field('Street address', '9 Long Street', addressForm),
  field('Town or city', 'Cape Town', addressForm),
  field('Province', 'Western Cape', addressForm),
  field('Postal code', '8001', addressForm),
);

/** A return of the second item of the delivered order behind the shopper's pending return. */
const newReturn: Typed = {
  fill: async (page) => {
    await choose(page, 'Portal', 'Amazon');
    await choose(page, 'Order', /^Order \d+ - Amazon/);
    await choose(page, 'Item', 'Kindle cover (2)');
    await page.getByLabel('Quantity').fill('2');
    await page.getByLabel('Reason').fill('Wrong colour');
    await page.getByLabel('Photo of the item').setInputFiles(photo);
  },
  check: async (page) => {
    await expect(page.getByRole('combobox', { name: 'Portal' })).toHaveValue('Amazon');
    await expect(page.getByRole('combobox', { name: 'Order' })).toHaveValue(/^Order \d+ - Amazon/);
    await expect(page.getByRole('combobox', { name: 'Item' })).toHaveValue('Kindle cover (2)');
    await expect(page.getByLabel('Quantity')).toHaveValue('2');
    await expect(page.getByLabel('Reason')).toHaveValue('Wrong colour');
    await expect(page.getByRole('img', { name: 'Preview of the chosen file' })).toBeVisible();
  },
};

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
    route: 'uploadOrders',
    prepare: async (request, tokens) => {
      await createAddress(request, tokens, 'Home');
      return undefined;
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
    route: 'myDetails',
    prepare: async (request, tokens) => {
      await createAddress(request, tokens, 'Home');
      return undefined;
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
    actions: [
      {
        name: 'adding an address',
        calls: [{ method: 'POST', path: '^/api/web/v1/addresses$' }],
        typed: newAddress,
        act: (page) => addressForm(page).getByRole('button', { name: 'Add Address' }).click(),
        done: async (page) => {
          await expect(toast(page, 'Address Added')).toBeVisible();
          await expect(page.getByRole('article', { name: 'Address Office' })).toBeVisible();
          await expect(addressForm(page).getByLabel('Location name')).toHaveValue('');
        },
      },
      {
        name: 'deleting an address',
        calls: [{ method: 'DELETE', path: '^/api/web/v1/addresses/\\d+$' }],
        typed: both(field('Location name', 'Office', addressForm), listed('Home')),
        act: (page) => page.getByRole('button', { name: 'Delete address Home' }).click(),
        done: async (page) => {
          await expect(toast(page, 'Address Home deleted')).toBeVisible();
          await expect(page.getByRole('article', { name: 'Address Home' })).toHaveCount(0);
          await expect(addressForm(page).getByLabel('Location name')).toHaveValue('Office');
        },
      },
    ],
  },
  {
    name: 'add card',
    route: 'addCard',
    prepare: async () => undefined,
    load: [],
    loaded: (page) => expect(page.getByRole('button', { name: 'Continue to PayFast' })).toBeVisible(),
    submit: {
      calls: [{ method: 'POST', path: '^/api/web/v1/cards$' }],
      typed: field('Card name', 'Travel Visa'),
      act: (page) => page.getByRole('button', { name: 'Continue to PayFast' }).click(),
      message: 'Failed to create card',
      // 'Redirecting to PayFast' shows for 800 ms only; the provider's page naming the card is the lasting proof.
      done: async (page) => {
        await expect(page).toHaveURL(/\/stand-in\/payfast\/cards\/\d+\/[\w-]+$/);
        await expect(page.getByText('Travel Visa')).toBeVisible();
      },
    },
  },
  {
    name: 'track order',
    route: 'trackOrder',
    prepare: async (request, tokens) => {
      await orderFor(request, tokens);
      return undefined;
    },
    load: [ORDERS],
    loaded: async (page) => {
      await expect(page.getByText('Order status:')).toBeVisible();
      await expect(page.getByRole('progressbar')).toBeVisible();
    },
  },
  {
    name: 'order history',
    route: 'orderHistory',
    prepare: async (request, tokens) => {
      await orderFor(request, tokens);
      return undefined;
    },
    load: [ORDERS],
    loaded: (page) => expect(page.getByRole('region', { name: /^Pending/ }).getByRole('article')).toHaveCount(1),
  },
  {
    name: 'returns',
    route: 'returns',
    prepare: async (request, tokens) => {
      await returningOrder(request, tokens);
      return undefined;
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
    actions: [
      {
        name: 'scheduling a return',
        calls: [{ method: 'POST', path: '^/api/web/v1/orders/\\d+/return_order$' }],
        faults: ['server error', 'dropped connection', 'offline'],
        typed: newReturn,
        act: (page) => page.getByRole('button', { name: 'Schedule Return' }).click(),
        done: async (page) => {
          await expect(toast(page, 'Refund Created')).toBeVisible();
          await expect(page.getByRole('region', { name: 'Returns Pending' }).getByText('Wrong colour', { exact: true })).toBeVisible();
          await expect(page.getByLabel('Reason')).toHaveValue('');
        },
      },
    ],
  },
  {
    name: 'quote and payment',
    route: 'quotePayment',
    prepare: async (request, tokens) => {
      const orderId = await quotedOrderWithCard(request, tokens, 'Travel Visa');
      await createAddress(request, tokens, 'Office');
      return orderId;
    },
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
    actions: [
      {
        name: 'changing the shipping address',
        calls: [{ method: 'PATCH', path: '^/api/web/v1/orders/\\d+$' }],
        typed: {
          fill: (page) => choose(page, 'Change shipping address', 'Office'),
          check: (page) => expect(page.getByRole('combobox', { name: 'Change shipping address' })).toHaveValue('Office'),
        },
        act: (page) => page.getByRole('button', { name: 'Change Address' }).click(),
        done: async (page) => {
          await expect(toast(page, 'Shipping address updated')).toBeVisible();
          await expect(page.getByRole('combobox', { name: 'Change shipping address' })).toHaveValue('');
        },
      },
    ],
  },
  {
    name: 'invoice',
    route: 'invoice',
    prepare: async (request, tokens) => {
      const { orderId } = await orderFor(request, tokens);
      await issueQuote(request, orderId);
      await moveTo(request, orderId, 'paid');
      return orderId;
    },
    load: ORDER_DETAIL,
    loaded: async (page) => {
      await expect(page.getByRole('table', { name: /^Products of order/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Print invoice' })).toBeVisible();
    },
  },
  {
    name: "an order's page",
    route: 'order',
    prepare: async (request, tokens) => {
      const { orderId } = await orderFor(request, tokens);
      await issueQuote(request, orderId);
      await moveTo(request, orderId, 'paid');
      return orderId;
    },
    load: ORDER_DETAIL,
    loaded: async (page) => {
      await expect(page.getByRole('region', { name: 'Progress' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
    },
  },
  {
    name: 'store credit',
    route: 'credit',
    prepare: async () => undefined,
    load: [get('^/api/web/v1/credit$')],
    loaded: (page) => expect(page.getByRole('region', { name: 'Your balance' })).toBeVisible(),
  },
  {
    name: 'ship together',
    route: 'shipTogether',
    prepare: async (request, tokens) => {
      const { orderId } = await orderFor(request, tokens);
      await issueQuote(request, orderId);
      await moveTo(request, orderId, 'goods purchased');
      return undefined;
    },
    load: [get('^/api/web/v1/shipments/candidates$'), ORDERS],
    loaded: (page) => expect(page.getByText(/^No orders can ship together right now\./)).toBeVisible(),
  },
  {
    name: 'order uploaded',
    route: 'orderUploaded',
    prepare: async (request, tokens) => (await orderFor(request, tokens)).orderId,
    load: [get('^/api/web/v1/orders/\\d+$')],
    loaded: (page) => expect(page.getByText(/^Placed on /)).toBeVisible(),
  },
];

test('every screen of the route table is put through the faults', () => {
  // Help is a static page (no screen): its offline case is in resilience-session.spec.ts.
  const screens = Object.entries(ACCOUNT_ROUTES).flatMap(([route, entry]) => (entry.screen === null ? [] : [route]));
  expect(SCREENS.map((screen) => screen.route).sort()).toEqual(screens.sort());
});

/** Fails the action's calls: the message shows, what is on screen stays; once the fault clears the same action succeeds. */
async function faultOn(page: Page, request: APIRequestContext, email: string, fault: Fault, action: Action): Promise<void> {
  await action.typed.fill(page);
  const clear = await inject(page, request, email, fault, action.calls);
  await sendThrough(page, fault, action.calls, () => action.act(page));
  await expect(shown(page, action.message ?? messageFor(fault))).toBeVisible({ timeout: 12_000 });
  await action.typed.check(page);
  expect(await storedToken(page)).not.toBe('');
  await clear();
  await action.act(page);
  await action.done(page);
}

for (const screen of SCREENS) {
  test.describe(`${screen.name} screen`, () => {
    for (const fault of FAULTS) {
      const submitFaults = screen.submit?.faults ?? FAULTS;
      const parts = [screen.load.length > 0 ? 'load' : '', screen.submit && submitFaults.includes(fault) ? 'submit' : ''].filter(Boolean);
      if (parts.length === 0) continue;
      test(`${TAG} ${screen.name}: ${fault} on ${parts.join(' and ')} shows the message, keeps the input and recovers`, async ({ page, request, signedIn }) => {
        test.setTimeout(60_000);
        // The page's own clock, flowing as the real one: a timeout case moves it past the client's timeout.
        if (fault === 'timeout') await page.clock.install();
        const path = await open(screen, request, signedIn.tokens);

        if (screen.load.length > 0) {
          const clear = await inject(page, request, signedIn.email, fault, screen.load);
          await sendThrough(page, fault, screen.load, () => page.goto(path));
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

        if (screen.submit && submitFaults.includes(fault)) await faultOn(page, request, signedIn.email, fault, screen.submit);
      });

      for (const action of screen.actions ?? []) {
        if (!(action.faults ?? FAULTS).includes(fault)) continue;
        test(`${TAG} ${screen.name}: ${fault} on ${action.name} shows the message, keeps the input and recovers`, async ({ page, request, signedIn }) => {
          test.setTimeout(60_000);
          if (fault === 'timeout') await page.clock.install();
          await page.goto(await open(screen, request, signedIn.tokens));
          await screen.loaded(page);
          await faultOn(page, request, signedIn.email, fault, action);
        });
      }
    }
  });
}
