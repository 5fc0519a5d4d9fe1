import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { encodePng } from '../sandbox/src/png.ts';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './find-browser.mjs';
import { createSiteServer } from './serve.mjs';
import { freshShopper, signedInPage, waitFor } from './sandbox-client.mjs';

const PHONE = { width: 1170, height: 2532 };
const TARGET_BYTES = 4_000_000;

/** A phone-sized RGB PNG: a flat app-like background around a photo band (smooth shapes plus sensor-like noise) sized so the file is about 4 MB. */
export function phoneScreenshot(seed = 1, { width = PHONE.width, height = PHONE.height, targetBytes = TARGET_BYTES } = {}) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) & 0xff;
  };
  const rowBytes = width * 3 + 1;
  // A photo band deflates to about 95 % of its raw size, like the camera photos that make real screenshots heavy.
  const noisyRows = Math.min(height, Math.round(targetBytes / (rowBytes * 0.95)));
  const top = Math.round((height - noisyRows) / 3);
  const raw = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y += 1) {
    const noisy = y >= top && y < top + noisyRows;
    for (let px = 0; px < width; px += 1) {
      const at = y * rowBytes + 1 + px * 3;
      if (noisy) {
        const shade = [128 + 90 * Math.sin(px / 97 + y / 151), 128 + 80 * Math.cos(px / 63 - y / 211), 128 + 70 * Math.sin((px + y) / 127)];
        for (let c = 0; c < 3; c += 1) raw[at + c] = Math.max(0, Math.min(255, Math.round(shade[c] + (next() / 255 - 0.5) * 24)));
      } else {
        raw[at] = 245;
        raw[at + 1] = 246 - ((y >> 6) & 7);
        raw[at + 2] = 250;
      }
    }
  }
  return encodePng(width, height, raw);
}

async function choose(page, label, option) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Places a three-product order made from ~4 MB phone screenshots on the real page in Chromium and measures
 * the bytes of the POST /orders body, plus the gzipped JavaScript the order form page loads.
 * `siteUrl` serves a build whose PUBLIC_API_HOST is `apiUrl` (a sandbox).
 */
export async function benchUpload({ siteUrl, apiUrl, chromiumPath = findChromium(), products = 3 } = {}) {
  const tokens = await freshShopper(apiUrl);
  const sources = Array.from({ length: products }, (_, i) => phoneScreenshot(i + 1));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const { context, page } = await signedInPage(browser, new URL(siteUrl).origin, tokens);
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.url().startsWith(new URL(siteUrl).origin)) return;
      try {
        scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
      } catch {
        // A script body that cannot be read (navigation away) is left out.
      }
    });
    let uploadBytes = 0;
    await page.route('**/api/web/v1/orders', async (route) => {
      if (route.request().method() === 'POST') uploadBytes = route.request().postDataBuffer()?.length ?? 0;
      await route.continue();
    });

    await page.goto(`${siteUrl}/upload-orders/`);
    await page.getByLabel('Portal', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const perFile = Object.fromEntries([...scripts].map(([url, bytes]) => [new URL(url).pathname.split('/').pop(), bytes]));
    const sum = (names) => names.reduce((total, name) => total + perFile[name], 0);
    // The lazy chunks of the order form itself (form, cropper, draft store); the rest is shared with the account area.
    const own = Object.keys(perFile).filter((name) => /^(OrderFormScreen|order-form)\./.test(name));
    const js = { totalGzipBytes: sum(Object.keys(perFile)), orderFormGzipBytes: sum(own), files: scripts.size, perFile };

    await choose(page, 'Portal', 'Amazon');
    for (let i = 0; i < products; i += 1) {
      if (i > 0) await page.getByRole('button', { name: 'Add Items' }).click();
      const block = page.getByRole('group', { name: `Product ${i + 1}`, exact: true });
      await block.getByLabel('Product page URL').fill(`https://www.amazon.com/dp/BENCH${i + 1}`);
      await block.getByLabel('Screenshot', { exact: true }).setInputFiles({ name: `phone-${i + 1}.png`, mimeType: 'image/png', buffer: sources[i] });
      const crop = block.getByRole('button', { name: 'Crop Image' });
      await crop.waitFor();
      await page.waitForFunction((el) => !el.disabled, await crop.elementHandle(), { timeout: 30_000 });
      await crop.click();
      await block.getByRole('img', { name: /^Cropped screenshot of/ }).waitFor({ timeout: 30_000 });
    }
    await choose(page, 'Delivery address', 'Home');
    await page.getByLabel('I agree to the terms and conditions').check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order-uploaded\/\d+\/$/, { timeout: 60_000 });
    const orderId = Number(/\/order-uploaded\/(\d+)\//.exec(page.url())?.[1]);
    await context.close();
    return {
      orderId,
      products,
      sourceBytes: sources.map((b) => b.length),
      uploadBytes,
      js,
    };
  } finally {
    await browser.close();
  }
}


// Standalone: serves BENCH_DIST (a build made for SANDBOX_PORT, e.g. by `E2E_PORT=4341 SANDBOX_PORT=4012 npm run test:e2e`)
// with a fresh in-memory sandbox, and prints the figures as JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  const apiPort = Number(process.env.SANDBOX_PORT ?? 4010);
  const sitePort = Number(process.env.BENCH_PORT ?? 4399);
  const dist = process.env.BENCH_DIST ?? 'dist';
  const sandbox = spawn('npx', ['tsx', 'sandbox/src/main.ts'], {
    env: { ...process.env, SANDBOX_PORT: String(apiPort), SANDBOX_DB: ':memory:', SANDBOX_QUIET: '1', SANDBOX_SITE_ORIGIN: `http://127.0.0.1:${sitePort}` },
    stdio: 'ignore',
    detached: true,
  });
  const site = createSiteServer({ root: dist }).listen(sitePort, '127.0.0.1');
  try {
    await waitFor(`http://127.0.0.1:${apiPort}/api/web/v1/portals`);
    const result = await benchUpload({ siteUrl: `http://127.0.0.1:${sitePort}`, apiUrl: `http://127.0.0.1:${apiPort}` });
    console.log(JSON.stringify(result, null, 2));
  } finally {
    site.close();
    process.kill(-sandbox.pid);
  }
}
