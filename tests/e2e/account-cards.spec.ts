import { toast } from './account-helpers';
import { quotedOrderWithCard } from './resilience-kit';
import { expect, test } from './fixtures';

test.describe('adding a card through the stand-in PayFast page', () => {
  test('completed: back on My Details with New card added, the query cleaned and the card listed', { tag: '@envelope' }, async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    // Hold the provider page a moment so the hand-off toast can be seen before the browser leaves.
    await page.route('**/stand-in/payfast/cards/**', async (route) => {
      if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/my-details/');
    await page.getByRole('link', { name: 'Add Credit Card' }).click();
    await expect(page).toHaveURL(/\/add-card\/$/);
    await page.getByRole('button', { name: 'Continue to PayFast' }).click();
    await expect(page.getByText('Required')).toBeVisible();
    await expect(page.getByLabel('Card name')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Card name').fill('Travel Mastercard');
    await page.getByRole('button', { name: 'Continue to PayFast' }).click();
    await expect(toast(page, 'Redirecting to PayFast')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'PayFast (sandbox)' })).toBeVisible();
    await expect(page.getByText('Travel Mastercard')).toBeVisible();
    await page.getByRole('button', { name: 'Complete' }).click();
    await expect(toast(page, 'New card added')).toBeVisible();
    await expect(page).toHaveURL(/\/my-details\/$/);
    await expect(page.getByRole('region', { name: 'Saved cards' }).getByText('Travel Mastercard')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Saved cards' }).getByRole('radio')).toHaveCount(0);
  });

  test('cancelled: back on My Details with Card creation cancelled and no new card', async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    await page.goto('/add-card/');
    await page.getByLabel('Card name').fill('Abandoned Visa');
    await page.getByRole('button', { name: 'Continue to PayFast' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(toast(page, 'Card creation cancelled')).toBeVisible();
    await expect(page).toHaveURL(/\/my-details\/$/);
    await expect(page.getByRole('region', { name: 'Saved cards' }).getByText('Abandoned Visa')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My Details' })).toBeVisible();
    await expect(toast(page, 'Card creation cancelled')).toHaveCount(0);
  });

  test('a card location on an unlisted host is refused and the browser stays', async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    await page.route('**/api/web/v1/cards', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      return route.fulfill({
        status: 201,
        contentType: 'application/json',
        body: JSON.stringify({ data: { id: 99, card_name: 'Evil', is_valid: false }, tokenize: { status: 'pending', location: 'https://evil.example/x' } }),
      });
    });
    let left = false;
    page.on('request', (request) => {
      if (request.url().startsWith('https://evil.example')) left = true;
    });
    await page.goto('/add-card/');
    await page.getByLabel('Card name').fill('Evil');
    await page.getByRole('button', { name: 'Continue to PayFast' }).click();
    await expect(toast(page, 'Failed to create card')).toBeVisible();
    await expect(toast(page, 'Redirecting to PayFast')).toHaveCount(0);
    // The refusal's toast is the decision: the page has nowhere left to go once it shows.
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/add-card/');
    expect(left).toBe(false);
    await expect(page.getByLabel('Card name')).toHaveValue('Evil');
  });
});

test.describe('managing saved cards on My Details', () => {
  test(
    'a card made the preferred one is chosen on the quote page; a card removed after its confirmation leaves both',
    { tag: '@envelope' },
    async ({ page, request, signedIn }) => {
      const orderId = await quotedOrderWithCard(request, signedIn.tokens, 'Everyday Visa');
      await quotedOrderWithCard(request, signedIn.tokens, 'Travel Mastercard');
      await page.goto('/my-details/');
      const cards = page.getByRole('region', { name: 'Saved cards' });
      const travel = cards.getByRole('listitem').filter({ hasText: 'Travel Mastercard' });
      await expect(travel).toBeVisible();
      await expect(cards.getByText('Preferred', { exact: true })).toHaveCount(0);

      await cards.getByRole('button', { name: 'Make preferred: Travel Mastercard' }).click();
      await expect(toast(page, 'Preferred card changed')).toBeVisible();
      await expect(travel.getByText('Preferred', { exact: true })).toBeVisible();
      await expect(cards.getByText('Preferred', { exact: true })).toHaveCount(1);
      await expect(cards.getByRole('button', { name: 'Make preferred: Travel Mastercard' })).toHaveCount(0);

      await page.goto(`/quote-payment/${orderId}/`);
      await expect(page.getByRole('radio', { name: /Travel Mastercard/ })).toBeChecked();
      await expect(page.getByRole('radio', { name: /Everyday Visa/ })).not.toBeChecked();

      // Removing asks first, and the safe answer has the focus.
      await page.goto('/my-details/');
      await cards.getByRole('button', { name: 'Remove Everyday Visa' }).click();
      const question = cards.getByRole('group', { name: /Remove Everyday Visa\?/ });
      await expect(question.getByRole('button', { name: 'Keep card' })).toBeFocused();
      await question.getByRole('button', { name: 'Keep card' }).click();
      await expect(cards.getByText('Everyday Visa')).toBeVisible();
      await cards.getByRole('button', { name: 'Remove Everyday Visa' }).click();
      await question.getByRole('button', { name: 'Remove card' }).click();
      await expect(toast(page, 'Card removed')).toBeVisible();
      await expect(cards.getByText('Everyday Visa')).toHaveCount(0);
      await page.reload();
      await expect(cards.getByText('Travel Mastercard')).toBeVisible();
      await expect(cards.getByText('Everyday Visa')).toHaveCount(0);

      await page.goto(`/quote-payment/${orderId}/`);
      await expect(page.getByRole('radio', { name: /Travel Mastercard/ })).toBeChecked();
      await expect(page.getByRole('radio', { name: /Everyday Visa/ })).toHaveCount(0);
    },
  );

  test('a removal the service refuses says why and keeps the card', async ({ page, request, signedIn }) => {
    await quotedOrderWithCard(request, signedIn.tokens, 'Everyday Visa');
    await page.route('**/api/web/v1/cards/*', async (route) => {
      if (route.request().method() !== 'DELETE') return route.continue();
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Card service unavailable' }),
      });
    });
    await page.goto('/my-details/');
    const cards = page.getByRole('region', { name: 'Saved cards' });
    await cards.getByRole('button', { name: 'Remove Everyday Visa' }).click();
    await cards.getByRole('button', { name: 'Remove card' }).click();
    await expect(toast(page, 'Card service unavailable')).toBeVisible();
    await expect(toast(page, 'Card removed')).toHaveCount(0);
    await expect(cards.getByText('Everyday Visa').first()).toBeVisible();
  });
});
