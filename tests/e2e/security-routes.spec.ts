import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import { ACCOUNT_SAMPLE_ROUTES, fillRoute, NOT_FOUND_ROUTE } from '../../scripts/routes.mjs';
import { cropScreenshot, productBlock, screenshot } from './files/order-kit';
import { expect, siteOrigin, test } from './fixtures';
import { settle, watchProblems, type Problems } from './security-helpers';

/** Opens a route, lets it settle and returns what went wrong on the way. */
async function visit(page: Page, problems: Problems, route: string): Promise<void> {
  if (route.startsWith(NOT_FOUND_ROUTE)) problems.allow404For = `${siteOrigin}${route}`;
  const response = await page.goto(route);
  expect(response?.status(), route).toBe(route.startsWith(NOT_FOUND_ROUTE) ? 404 : 200);
  await settle(page);
}

// Every public, policy, modal and account route (visitor and demo shopper) is loaded with watchProblems once, in
// route-checks.spec.ts, beside its phone and axe checks.
test.describe('account routes opened by a visitor load without a CSP violation or a console error', () => {
  for (const route of ACCOUNT_SAMPLE_ROUTES) {
    test(`visitor on an account route: ${route}`, async ({ page }) => {
      const problems = await watchProblems(page);
      await page.goto(fillRoute(route, { placed: 1, processing: 2, delivered: 7 }));
      // The order form is open to visitors; every other account route sends them home.
      if (route === '/upload-orders/') await expect(page.getByRole('heading', { level: 1, name: 'Order Form' })).toBeVisible();
      else await expect(page).toHaveURL(`${siteOrigin}/`);
      await settle(page);
      expect(problems.list).toEqual([]);
    });
  }
});

test.describe('code and styles loaded on demand stay within the policy', () => {
  test('the login modal opened over a page', async ({ page }) => {
    const problems = await watchProblems(page);
    await visit(page, problems, '/about-us/');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await settle(page);
    expect(problems.list).toEqual([]);
  });

  test("the order form's crop view and an undo toast", async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    const problems = await watchProblems(page);
    await visit(page, problems, '/upload-orders/');
    await cropScreenshot(productBlock(page, 'Product 1'), screenshot(21));
    await page.getByRole('button', { name: 'Add Items' }).click();
    await productBlock(page, 'Product 2').getByRole('button', { name: 'Delete Product 2' }).click();
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
    await settle(page);
    expect(problems.list).toEqual([]);
  });
});

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

test('every built page has exactly one CSP meta tag, before any script, whose script hashes cover its inline scripts', () => {
  const dist = process.env.E2E_DIST ?? 'dist';
  const files = htmlFiles(dist);
  expect(files.length).toBeGreaterThan(20);
  const wrong: string[] = [];
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    const name = relative(dist, file);
    const metas = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/gi)];
    if (metas.length !== 1) {
      wrong.push(`${name}: ${metas.length} CSP meta tags`);
      continue;
    }
    const policy = metas[0]?.[1] ?? '';
    if ((metas[0]?.index ?? 0) > html.search(/<script\b/i)) wrong.push(`${name}: a script comes before the policy`);
    if (!/^<!doctype html>\s*<html[^>]*>\s*<head>\s*<meta charset="utf-8"/i.test(html)) wrong.push(`${name}: the charset is not first in the head`);
    // Astro lists the hashes of every script it may inline on any page (its island runtime, each directive); what
    // matters is that each inline script of this page is among them.
    const scriptSrc = policy.split(';').map((part) => part.trim().split(/\s+/)).find(([directive]) => directive === 'script-src') ?? [];
    const missing = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)]
      .filter((m) => !/type="application\/(ld\+)?json"/i.test(m[1] ?? ''))
      .filter((m) => !scriptSrc.includes(sha256(m[2] ?? '')));
    if (missing.length > 0) wrong.push(`${name}: inline scripts not hashed in script-src: ${missing.map((m) => (m[2] ?? '').slice(0, 40)).join(' | ')}`);
    // The content studio's own page (issue 31) needs inline styles and nothing else unsafe: never in its scripts.
    const unsafe = name === join('admin', 'index.html') ? /'unsafe-eval'|script-src[^;]*'unsafe-inline'/ : /'unsafe-inline'|'unsafe-eval'/;
    if (unsafe.test(policy)) wrong.push(`${name}: an unsafe source in ${policy}`);
  }
  expect(wrong).toEqual([]);
});
