import type { APIRequestContext, Page } from '@playwright/test';
import { callApi, createAddress, issueQuote, moveTo, placeOrder } from './account-helpers';
import { atBothWidths } from './axe-kit';
import { expect, sandbox, test, type Tokens } from './fixtures';
import { offPageElements, smallTargets } from './phone-kit';

// Issue 57, points 3 and 4: orders waiting at the warehouse for one place ship together (freight alone and together
// and the saving before confirming, then 'Ships with Order N' and one quote); a pickup order's point on its page and
// invoice, with how collection works, and a point that closed says so.

const STORAGE = /^Storage free until \d{1,2} [A-Z][a-z]+$/;

/** The phone widths every page fits without scrolling sideways, with targets of at least 24 px. */
async function fitsPhones(page: Page): Promise<void> {
  for (const width of [320, 360, 375, 412]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(offPageElements), `${width} px`).toBeNull();
    expect(await page.evaluate(smallTargets), `${width} px`).toEqual([]);
  }
}

/** A fresh shopper's orders at the warehouse for one address, each quoted with R30 freight and its goods purchased. */
async function ordersAtWarehouse(request: APIRequestContext, tokens: Tokens, count: number): Promise<number[]> {
  const addressId = await createAddress(request, tokens, 'Home');
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = await placeOrder(request, tokens, { addressId });
    await issueQuote(request, id);
    await moveTo(request, id, 'goods purchased');
    ids.push(id);
  }
  return ids;
}

test.describe('ship together, the demo shopper', () => {
  test.use({ account: 'demo' });

  test('orders 4 and 14 wait for Work: freight alone R60 and R260, together R290, saving R30, asked before confirming', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.goto('/ship-together/');
    await expect(page.getByRole('heading', { level: 1, name: 'Ship Together' })).toBeVisible();
    const group = page.getByRole('region', { name: /^To Work: 3 Dock Road, V&A Waterfront, Cape Town/ });
    const four = group.getByRole('checkbox', { name: /^Order 4 - / });
    const fourteen = group.getByRole('checkbox', { name: /^Order 14 - / });
    await expect(four).toBeChecked();
    await expect(fourteen).toBeChecked();
    const rowOf = (id: number) =>
      group.locator('li.ship-order').filter({ has: page.getByRole('checkbox', { name: new RegExp(`^Order ${id} - `) }) });
    await expect(rowOf(4)).toContainText('Freight alone: R60,00');
    await expect(rowOf(14)).toContainText('Freight alone: R260,00');
    await expect(rowOf(4).locator('.ship-order__facts span').nth(1)).toHaveText(STORAGE);
    await expect(rowOf(14).locator('.ship-order__facts span').nth(1)).toHaveText(STORAGE);

    // Before confirming: each alone summed, together, the saving.
    const sum = group.locator('.ship-group__sum');
    const fact = (term: string) =>
      sum.locator('div', { has: page.getByRole('term').filter({ hasText: term }) }).getByRole('definition');
    await expect(fact('Freight each alone')).toHaveText('R320,00');
    await expect(fact('Freight together')).toHaveText('R290,00');
    await expect(fact('You save')).toHaveText('R30,00');

    // One order alone cannot ship together.
    await fourteen.uncheck();
    await expect(sum).toContainText('Choose at least two orders to ship together.');
    await expect(fact('Freight each alone')).toHaveText('R60,00');
    await expect(group.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await fourteen.check();

    await atBothWidths(page, async () => {
      await expect(fact('You save')).toHaveText('R30,00');
    });
    await fitsPhones(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // A question first; its safe answer has the focus.
    await group.getByRole('button', { name: 'Confirm' }).click();
    const question = group.getByRole('group', { name: /^Ship orders 4 and 14 together to Work/ });
    await expect(question).toContainText('They fly as one parcel for R290,00 instead of R320,00.');
    await expect(question.getByRole('button', { name: 'Not now' })).toBeFocused();
    // The demo shopper's data stays as seeded for every other spec: the confirmation itself is a fresh shopper's (below).
    await question.getByRole('button', { name: 'Not now' }).click();
    await expect(question).toBeHidden();
    await expect(four).toBeChecked();
  });

  test('order 15 is collected at the Rosebank Mall locker: the point and how collection works on its page and invoice', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const pin = 'We SMS you a PIN when your parcel is in the locker; collect it within 7 days.';
    const checkPoint = async (where: Page) => {
      const point = where.getByRole('region', { name: 'Collect at' });
      await expect(point).toContainText('Rosebank Mall Locker (PUDO locker)');
      await expect(point.getByRole('definition').first()).toHaveText('50 Bath Avenue, Rosebank, Johannesburg 2196');
      await expect(point).toContainText('Mon-Sun 06:00-22:00');
      await expect(point).toContainText('XL, parcels up to 15 kg');
      await expect(point).toContainText(pin);
      return point;
    };
    await page.goto('/my-orders/15/');
    await expect(page.getByRole('heading', { level: 1, name: 'Order 15' })).toBeVisible();
    let point = await checkPoint(page);
    await expect(point).not.toContainText('has closed');
    await atBothWidths(page, async () => {
      await expect(point).toBeVisible();
    });
    await fitsPhones(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto('/my-invoice/15/');
    point = await checkPoint(page);
    await expect(page.getByRole('region', { name: 'Recipient' })).not.toContainText('Address not specified yet');
    await atBothWidths(page, async () => {
      await expect(point).toBeVisible();
    });
  });
});

test.describe('ship together, a fresh shopper', () => {
  test('two orders at the warehouse confirmed into one shipment with one quote; each then ships with the other, on its page and its history row', async ({
    page,
    request,
    signedIn,
  }) => {
    const [first, second] = await ordersAtWarehouse(request, signedIn.tokens, 2);
    await page.goto('/ship-together/');
    const group = page.getByRole('region', { name: /^To Home: 14 Jan Smuts Avenue/ });
    await group.getByRole('button', { name: 'Confirm' }).click();
    const question = group.getByRole('group', { name: new RegExp(`^Ship orders ${first} and ${second} together to Home`) });
    await expect(question.getByRole('button', { name: 'Not now' })).toBeFocused();
    await question.getByRole('button', { name: 'Yes, ship together' }).click();

    const done = page.getByRole('region', { name: `Orders ${first} and ${second} ship together` });
    await expect(done.getByRole('listitem')).toHaveText([
      `Order ${first}: Ships with Order ${second}`,
      `Order ${second}: Ships with Order ${first}`,
    ]);
    const doneFact = (term: string) =>
      done
        .locator('dl div', { has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
        .getByRole('definition');
    for (const term of ['Freight together', 'You save', 'Sub-total', 'VAT', 'Total'])
      await expect(doneFact(term)).toHaveText(/^R\d/);
    // The group is gone from the candidates; both orders are listed as shipping together.
    await expect(group).toBeHidden();
    const already = page.getByRole('region', { name: 'Already shipping together' });
    await expect(
      already.getByRole('link', { name: new RegExp(`^Order ${first} - .*: Ships with Order ${second}$`) }),
    ).toBeVisible();
    await atBothWidths(page, async () => {
      await expect(done).toBeVisible();
    });

    await page.goto(`/my-orders/${first}/`);
    const reach = page.getByRole('region', { name: 'How it reaches you' });
    await expect(reach.getByRole('listitem')).toHaveText([`Ships with Order ${second}`, STORAGE]);
    await page.goto(`/my-orders/${second}/`);
    await expect(page.getByRole('region', { name: 'How it reaches you' }).getByRole('listitem').first()).toHaveText(
      `Ships with Order ${first}`,
    );
    await page.goto('/my-orders-history/');
    await expect(page.getByRole('article', { name: `Order ${second}`, exact: true })).toContainText(`Ships with Order ${first}`);
    await expect(page.getByRole('article', { name: `Order ${first}`, exact: true })).toContainText(`Ships with Order ${second}`);
  });

  test('a point that closes says so on the order page and the invoice, and where to choose another', async ({
    page,
    request,
    signedIn,
  }) => {
    const addressId = await createAddress(request, signedIn.tokens, 'Home');
    const orderId = await placeOrder(request, signedIn.tokens, { addressId });
    await issueQuote(request, orderId);
    // A point no other spec searches for or chooses (Upington), so closing it for a moment moves nothing of theirs.
    await callApi(request, signedIn.tokens, 'PATCH', `/orders/${orderId}`, {
      order: { delivery: 'pickup', pickup_point_code: 'PARGO-UPT-0001' },
    });
    const closed = 'Pep Upington has closed: choose another pickup point on the quote';
    await sandbox(request, 'POST', '/pickup_points/PARGO-UPT-0001/status', { status: 'closed' });
    try {
      for (const path of [`/my-orders/${orderId}/`, `/my-invoice/${orderId}/`]) {
        await page.goto(path);
        const point = page.getByRole('region', { name: 'Collect at' });
        await expect(point).toContainText('Pep Upington');
        await expect(point.getByText(closed)).toBeVisible();
      }
      await atBothWidths(page, async () => {
        await expect(page.getByText(closed)).toBeVisible();
      });
    } finally {
      await sandbox(request, 'POST', '/pickup_points/PARGO-UPT-0001/status', { status: 'open' });
    }
  });

  test('an order that left the warehouse meanwhile is refused in the service’s words; the other choices are kept and the list read again', async ({
    page,
    request,
    signedIn,
  }) => {
    const [first, second, third] = await ordersAtWarehouse(request, signedIn.tokens, 3);
    await page.goto('/ship-together/');
    const group = page.getByRole('region', { name: /^To Home: 14 Jan Smuts Avenue/ });
    for (const id of [first, second, third])
      await expect(group.getByRole('checkbox', { name: `Order ${id} - Amazon` })).toBeChecked();
    // Part of the group: no figure together yet, the exact one comes with the confirmation.
    await group.getByRole('checkbox', { name: `Order ${first} - Amazon` }).uncheck();
    await expect(group.locator('.ship-group__sum')).toContainText(
      `The freight of orders ${second} and ${third} together comes with the confirmation`,
    );
    await group.getByRole('checkbox', { name: `Order ${first} - Amazon` }).check();

    // The operator moves one order out of the warehouse while the page is open.
    await moveTo(request, third ?? 0, 'in transit');
    await group.getByRole('button', { name: 'Confirm' }).click();
    await group.getByRole('button', { name: 'Yes, ship together' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      `Order ${third} has left the warehouse: it can no longer ship with the others`,
    );
    // The list is read again: the order that left is gone, the two others still picked, now the whole group.
    await expect(group.getByRole('checkbox')).toHaveCount(2);
    await expect(group.getByRole('checkbox', { name: `Order ${first} - Amazon` })).toBeChecked();
    await expect(group.getByRole('checkbox', { name: `Order ${second} - Amazon` })).toBeChecked();
    await expect(group.locator('.ship-group__sum')).toContainText('You save');
    await atBothWidths(page, async () => {
      await expect(page.getByRole('alert')).toBeVisible();
    });
    await fitsPhones(page);
  });

  test('nothing to combine says so; a service without shipping together says it is not available', async ({ page, signedIn }) => {
    void signedIn;
    await page.goto('/ship-together/');
    await expect(page.getByText(/^No orders can ship together right now\./)).toBeVisible();
    await page.route('**/api/web/v1/shipments/candidates*', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"Not Found"}' }),
    );
    await page.reload();
    await expect(page.getByText('Shipping together is not available: each order flies to you on its own.')).toBeVisible();
    await atBothWidths(page, async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Ship Together' })).toBeVisible();
    });
  });
});
