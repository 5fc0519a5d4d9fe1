import { expect, test } from './fixtures';

const MAIN_NAV = [
  { name: 'How It Works', path: '/how-it-works/', h1: 'How It Works' },
  { name: 'Our Shops', path: '/portals/', h1: 'Our Shops' },
  { name: 'About Us', path: '/about-us/', h1: 'About Us' },
  { name: 'Contact Us', path: '/contact-us/', h1: 'Contact Us' },
] as const;

test.describe('public navigation', () => {
  test('every main nav link leads to its page, which marks itself as current', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Shop the world's online stores, delivered to South Africa");
    for (const item of MAIN_NAV) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: item.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${item.path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.h1);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: item.name, exact: true })).toHaveAttribute('aria-current', 'page');
    }
    await page.getByRole('link', { name: 'Shopper home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('guests get Help, Login and Register links to the modal routes, and Order Now goes to /register/', async ({ page }) => {
    await page.goto('/about-us/');
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/login/?next=/help/');
    await expect(account.getByRole('link', { name: 'Help' })).toHaveAttribute('data-modal', 'login');
    await expect(account.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login/');
    await expect(account.getByRole('link', { name: 'Login' })).toHaveAttribute('data-modal', '');
    await expect(account.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register/');
    await expect(account.getByRole('button', { name: 'My Profile' })).toBeHidden();
    await expect(page.getByRole('main').getByRole('link', { name: 'Register', exact: true })).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Order Now' }).click();
    await expect(page).toHaveURL(/\/register\/$/);
  });

  test('footer links reach the other public pages and the policies', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('9am-5pm Monday to Friday, excluding South African public holidays')).toBeVisible();
    for (const name of ['Mastercard', 'Visa', 'PayFast']) await expect(footer.getByRole('img', { name })).toBeAttached();
    await footer.getByRole('link', { name: 'Advertise With Us' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Advertise With Us');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Metaverse Logistics' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Metaverse Logistics');
    await expect(page.getByRole('main').getByRole('img')).toHaveAttribute('alt', /Parcels travel/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'FAQs' })).toHaveAttribute('data-modal', 'login');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Returns' })).toHaveAttribute('data-modal', 'login');
  });

  test('the skip link moves to the main content and Back to top returns to the header', async ({ page }) => {
    await page.goto('/how-it-works/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await page.getByRole('link', { name: 'Back to top' }).click();
    await expect(page).toHaveURL(/#top$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(5);
  });

  test('any other path shows 404 Not Found', async ({ page }) => {
    const response = await page.goto('/no-such-page/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Not Found');
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
    // The not-found page has no address of its own, so it names none as canonical.
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });

  test('each page has its own title, description and canonical link', async ({ page }) => {
    for (const path of ['/', '/about-us/', '/portals/', '/how-it-works/', '/estimate/', '/metaverse-logistics/', '/contact-us/', '/advertise-with-us/', '/policies/privacy-policy/', '/policies/terms-and-conditions/']) {
      await page.goto(path);
      await expect(page).toHaveTitle(/Shopper/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path.replace(/\//g, '\\/')}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-ZA');
    }
  });
});

test.describe('burger menu on a 375 px screen', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the menu button opens and closes the main nav, by mouse and by keyboard', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'How It Works' })).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'How It Works' })).toBeVisible();
    await menu.click();
    await expect(nav.getByRole('link', { name: 'How It Works' })).toBeHidden();

    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'How It Works' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();

    await page.keyboard.press('Space');
    await nav.getByRole('link', { name: 'Our Shops' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Shops');
  });
});

test.describe('signed-in chrome', () => {
  test('a signed-in shopper sees My Profile instead of Login, Order Now leads to the order form, and Log Out signs out', async ({ page, signedIn }) => {
    expect(signedIn.tokens.access_token).not.toBe('');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-session', 'user');
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Login' })).toBeHidden();
    await expect(page.getByRole('main').getByRole('link', { name: 'Register', exact: true })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Register now' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', '/upload-orders/');

    const profile = account.getByRole('button', { name: 'My Profile' });
    await profile.click();
    await expect(profile).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['My Details', 'Track Order', 'Order History', 'Returns']) await expect(account.getByRole('link', { name })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(account.getByRole('link', { name: 'My Details' })).toBeHidden();

    await profile.click();
    await account.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(account.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token') ?? sessionStorage.getItem('access_token'))).toBeNull();
  });

  test('signing out in another tab flips this tab to the guest chrome', async ({ page, context, signedIn }) => {
    expect(signedIn.email).toContain('@');
    await page.goto('/portals/');
    await expect(page.getByRole('button', { name: 'My Profile' })).toBeVisible();
    const other = await context.newPage();
    await other.goto('/about-us/');
    await other.evaluate(() => localStorage.removeItem('access_token'));
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-session', 'guest');
  });
});
