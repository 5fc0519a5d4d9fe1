import type { Locator, Page } from '@playwright/test';
// The build the suite runs reads the shops from the committed snapshot of GET /portals: the sandbox starts after it.
import shops from '../../src/content/shops/portals-snapshot.json' with { type: 'json' };
import { expect, siteOrigin, test } from './fixtures';

/** The seven steps of SPEC section 2, in order, as their headings read (with the hidden step number). */
const STEPS = ['Register', 'Shop online', 'Upload your order', 'Get a quote', 'Pay safely', 'Track your order', 'Get it delivered'].map((title, i) => `Step ${i + 1}: ${title}`);
const BENEFITS = ['One account, many stores', 'One inclusive quote', 'Safe payment in rand', 'Delivered to your door'];
const CATEGORIES = ['Fashion', 'Sports', 'Electronics', 'Active', 'Home', 'Outdoors', 'Beauty'];
const HOURS = '9am-5pm Monday to Friday, excluding South African public holidays';
const PUBLIC_PATHS = ['/', '/about-us/', '/portals/', '/how-it-works/', '/estimate/', '/metaverse-logistics/', '/contact-us/', '/advertise-with-us/', '/policies/privacy-policy/', '/policies/terms-and-conditions/'];

/** A category button's name starts with the category (then its check mark and blurb). */
const categoryName = (name: string) => new RegExp(`^${name}\\b`);

/** Expects an image to be shown and its file to have loaded. */
async function expectShown(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect(image).not.toHaveJSProperty('naturalWidth', 0);
}

/** The steps' headings inside the section of that name, in page order. */
function stepHeadings(page: Page, section: string): Locator {
  return page.getByRole('region', { name: section, exact: true }).getByRole('heading', { level: 3 });
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

  const PAGES: { path: string; h1: string; status?: number; content: (page: Page) => Promise<void> }[] = [
    {
      path: '/',
      h1: "Shop the world's online stores, delivered to South Africa",
      content: async (page) => {
        await expect(stepHeadings(page, 'How it works')).toHaveText(STEPS);
        await expect(page.getByRole('region', { name: 'Why shop with us' }).getByRole('heading', { level: 3 })).toHaveText(BENEFITS);
        const logos = page.getByRole('region', { name: 'Shop logos', exact: true });
        for (const shop of shops) await expectShown(logos.getByRole('img', { name: shop.name, exact: true }));
        await expect(page.getByRole('link', { name: 'Register now' })).toBeVisible();
      },
    },
    {
      path: '/about-us/',
      h1: 'About Us',
      content: async (page) => {
        // The markdown's apostrophe is typeset as a right single quotation mark.
        for (const name of ['One account, the world\u2019s shops', 'How we work', 'Why we do it']) await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
        await expect(page.getByRole('region', { name: 'What you get' }).getByRole('heading', { level: 3 })).toHaveText(BENEFITS);
      },
    },
    {
      path: '/portals/',
      h1: 'Our Shops',
      content: async (page) => {
        const categories = page.getByRole('region', { name: 'Shop categories', exact: true }).getByRole('button');
        await expect(categories).toHaveText(CATEGORIES.map((name) => new RegExp(`^\\s*${name}\\b`)));
        await expect(page.getByText('Highlighted: Fashion shops')).toBeVisible();
        const grid = page.getByRole('region', { name: 'All shops' }).getByRole('listitem');
        await expect(grid).toHaveCount(shops.length);
        for (const shop of shops) await expectShown(grid.getByRole('img', { name: shop.name, exact: true }));
      },
    },
    {
      path: '/how-it-works/',
      h1: 'How It Works',
      content: async (page) => {
        await expect(page.getByRole('figure', { name: /How Shopper works, in seven steps/ }).locator('video')).toBeVisible();
        await expect(stepHeadings(page, 'Seven steps to your door')).toHaveText(STEPS);
        await expect(page.getByRole('link', { name: 'Register now' })).toBeVisible();
      },
    },
    {
      path: '/estimate/',
      h1: 'Cost estimator',
      content: async (page) => {
        for (const name of ['How the quote is made up', 'Customs duty by category', 'Shipping by weight', 'Facilitation fee', 'Exchange rates']) await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
        await expect(page.getByText('The calculator needs JavaScript')).toBeVisible();
      },
    },
    {
      path: '/metaverse-logistics/',
      h1: 'Metaverse Logistics',
      content: async (page) => {
        await expectShown(page.getByRole('main').getByRole('img', { name: /^Parcels travel along glowing routes/ }));
      },
    },
    {
      path: '/contact-us/',
      h1: 'Contact Us',
      content: async (page) => {
        for (const label of ['E-mail', 'First name', 'Last name', 'Mobile number', 'Query title', 'Your query']) await expect(page.getByLabel(label)).toBeVisible();
        await expect(page.getByText('Sending this form needs JavaScript')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Send message' })).toBeHidden();
      },
    },
    {
      path: '/advertise-with-us/',
      h1: 'Advertise With Us',
      content: async (page) => {
        for (const label of ['Company name', 'E-mail', 'Mobile number', 'Message']) await expect(page.getByLabel(label)).toBeVisible();
        await expect(page.getByText('Sending this form needs JavaScript')).toBeVisible();
      },
    },
    {
      path: '/policies/privacy-policy/',
      h1: 'Privacy Policy',
      content: async (page) => {
        for (const name of ['What we collect', 'How we use it', 'Your rights']) await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
      },
    },
    {
      path: '/policies/terms-and-conditions/',
      h1: 'Terms and Conditions',
      content: async (page) => {
        for (const name of ['Orders and quotes', 'Payment', 'Delivery and returns']) await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
      },
    },
    {
      path: '/no-such-page/',
      h1: '404 Not Found',
      status: 404,
      content: async (page) => {
        await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
      },
    },
  ];

  for (const item of PAGES) {
    test(`${item.path} reads fully without scripts`, async ({ page }) => {
      const response = await page.goto(item.path);
      expect(response?.status()).toBe(item.status ?? 200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.h1);
      await item.content(page);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
      await expect(page.getByRole('contentinfo').getByText(HOURS)).toBeVisible();
    });
  }
});

test.describe('how it works', () => {
  for (const { width, small } of [
    { width: 700, small: true },
    { width: 701, small: false },
    { width: 1280, small: false },
  ]) {
    test(`at ${width} px the video is there${small ? ' in the smaller player' : ''}, above the seven steps in order`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/how-it-works/');
      const video = page.getByRole('figure', { name: /How Shopper works, in seven steps/ }).locator('video');
      await expect(video).toBeVisible();
      await expect(video).toHaveAttribute('controls', '');
      // The column is wider than 480 px at all three widths; only the smaller player's cap makes it 480.
      const playerWidth = (await video.boundingBox())?.width ?? 0;
      if (small) expect(playerWidth).toBe(480);
      else expect(playerWidth).toBeGreaterThan(480);
      await expect(stepHeadings(page, 'Seven steps to your door')).toHaveText(STEPS);
      await expect(page.getByRole('link', { name: 'Register now' })).toBeVisible();
    });
  }

  test('the video file is served as WebM', async ({ page, request }) => {
    await page.goto('/how-it-works/');
    const source = await page.getByRole('figure', { name: /How Shopper works/ }).locator('video source').getAttribute('src');
    expect(source).toBe('/videos/how-it-works.webm');
    const response = await request.get(source ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('video/webm');
    expect((await response.body()).byteLength).toBeGreaterThan(10_000);
  });
});

test.describe('home and Our Shops', () => {
  test('the home page shows the four benefit blocks and the Register now banner to a guest', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Why shop with us' }).getByRole('heading', { level: 3 })).toHaveText(BENEFITS);
    const banner = page.getByRole('region', { name: 'Ready to shop the world?' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Register now' })).toHaveAttribute('href', '/register/');
  });

  test('Our Shops offers all seven categories, Fashion selected first', async ({ page }) => {
    await page.goto('/portals/');
    const carousel = page.getByRole('region', { name: 'Shop categories', exact: true });
    await expect(carousel.getByRole('button', { name: new RegExp(`^(${CATEGORIES.join('|')})\\b`) })).toHaveCount(CATEGORIES.length);
    for (const name of CATEGORIES) await expect(carousel.getByRole('button', { name: categoryName(name) })).toBeVisible();
    await expect(carousel.getByRole('button', { name: categoryName('Fashion') })).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('sitemap, robots.txt and favicon', () => {
  /** The `<loc>` addresses of a sitemap document. */
  const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');

  test('robots.txt points at the sitemap, which lists the public pages and leaves out modal and account pages', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const index = (await robots.text()).match(/^Sitemap: (.+)$/m)?.[1];
    expect(index).toBe(`${siteOrigin}/sitemap-index.xml`);

    const indexResponse = await request.get(index ?? '');
    expect(indexResponse.status()).toBe(200);
    const sitemaps = locations(await indexResponse.text());
    expect(sitemaps.length).toBeGreaterThan(0);
    const pages: string[] = [];
    for (const sitemap of sitemaps) {
      const response = await request.get(sitemap);
      expect(response.status(), sitemap).toBe(200);
      pages.push(...locations(await response.text()));
    }
    const paths = pages.map((page) => page.replace(siteOrigin, ''));
    // Exactly the public pages: no modal or account page, no 404.
    expect(paths.sort()).toEqual([...PUBLIC_PATHS].sort());
  });

  test('every public page links the favicon, and the favicon is served', async ({ page, request }) => {
    for (const path of [...PUBLIC_PATHS, '/no-such-page/']) {
      await page.goto(path);
      await expect(page.locator('link[rel="icon"]'), path).toHaveAttribute('href', '/favicon.svg');
    }
    const icon = await request.get('/favicon.svg');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });
});
