import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from './axe-kit';
import { apiBase, callApi, createAddress, issueQuote, moveTo, placeOrder, toast } from './account-helpers';
import { apiOrigin, DEMO_USER, expect, freshUser, sandbox, seedSession, siteOrigin, spendRateLimit, test, tokensFor, type Tokens } from './fixtures';

// http_ece (web-push's own dependency) decrypts what the sandbox sent, as the browser's push service would hand it on.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (body: Buffer, params: { version: 'aes128gcm'; privateKey: crypto.ECDH; authSecret: string }) => Buffer;
};

test.use({ serviceWorkers: 'allow' });
// The worker installs (about 100 files precached) before a subscription can be made.
test.describe.configure({ timeout: 90_000 });

/** A subscriber's keys, made here as a browser would make them, and the stand-in push service's address for them. */
function subscriber() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const token = crypto.randomBytes(8).toString('hex');
  return {
    ecdh,
    token,
    endpoint: `${apiOrigin}/__sandbox/push-service/${token}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: crypto.randomBytes(16).toString('base64url'),
  };
}

type Subscriber = ReturnType<typeof subscriber>;

/**
 * Headless Chromium has no push service, so `subscribe` answers with the subscriber above; the permission prompt is
 * counted (the context grants it, as a shopper pressing Allow would).
 */
async function stubPush(page: Page, who: Subscriber): Promise<void> {
  await page.context().grantPermissions(['notifications'], { origin: siteOrigin });
  await page.addInitScript(({ endpoint, p256dh, auth }) => {
    const w = window as unknown as { __asks: number; __subscribed: boolean };
    w.__asks = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      w.__asks += 1;
      return ask();
    };
    const made = {
      endpoint,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: () => {
        localStorage.setItem('__unsubscribed', '1');
        localStorage.removeItem('__subscribed');
        return Promise.resolve(true);
      },
    };
    PushManager.prototype.subscribe = function subscribe() {
      localStorage.setItem('__subscribed', '1');
      return Promise.resolve(made as unknown as PushSubscription);
    };
    PushManager.prototype.getSubscription = function getSubscription() {
      return Promise.resolve(localStorage.getItem('__subscribed') ? (made as unknown as PushSubscription) : null);
    };
  }, who);
}

interface Received {
  token: string;
  /** What the stand-in push service answered. */
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** The messages the stand-in push service received for one subscriber. */
async function received(request: APIRequestContext, who: Subscriber): Promise<Received[]> {
  return sandbox<Received[]>(request, 'GET', `/push-service?token=${who.token}`);
}

/** The payload of one received message, decrypted with the subscriber's keys. */
function decrypt(message: Received, who: Subscriber): Record<string, unknown> {
  const plain = ece.decrypt(Buffer.from(message.body, 'base64'), {
    version: 'aes128gcm',
    privateKey: who.ecdh,
    authSecret: who.auth,
  });
  return JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
}

/**
 * Hands a push message to the page's service worker, as the push service would (DevTools protocol), and waits until
 * the worker has handled it: its push event done, the notification it showed written and on display.
 */
async function deliverToWorker(page: Page, data: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  // Once the worker is activated, not merely ready (`serviceWorker.ready` resolves while it is still activating).
  const registrationId = new Promise<string>((resolve) => {
    const ours = new Set<string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      for (const r of registrations) if (r.scopeURL === `${siteOrigin}/` && !r.isDeleted) ours.add(r.registrationId);
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const active = versions.find((v) => ours.has(v.registrationId) && v.status === 'activated');
      if (active) resolve(active.registrationId);
    });
  });
  // DevTools answers before the worker has the event; its end (waitUntil settled: the notification written and on
  // display) comes from Chrome's log of background services. The list is read only then: a getNotifications() that
  // falls between the notification's write and its display drops it from Chrome's store as no longer shown
  // (PlatformNotificationContextImpl's synchronisation), so polling the list meanwhile could leave it empty for good.
  let status: string | undefined;
  cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: event }) => {
    if (event.eventName === 'Push event completed') status = event.eventMetadata.find((m) => m.key === 'Status')?.value;
  });
  await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });
  await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service: 'pushMessaging' });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: siteOrigin, registrationId: await registrationId, data });
  await expect.poll(() => status, { message: 'the worker handled the push message' }).toBe('Success');
  await cdp.detach();
}

/** The notifications the site's worker shows now. */
async function shown(page: Page): Promise<{ title: string; body: string; url: unknown }[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url?: unknown } | null)?.url,
    }));
  });
}

/** Places an order, opens My Details and turns notifications on there; the subscriber, the order and the panel. */
async function turnOnInMyDetails(page: Page, request: APIRequestContext, tokens: Tokens) {
  const who = subscriber();
  await stubPush(page, who);
  const orderId = await placeOrder(request, tokens, { addressId: await createAddress(request, tokens) });
  await page.goto('/my-details/');
  // A cold profile installs the worker (about 100 files precached) before it can subscribe; a busy machine takes a while.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const panel = page.getByRole('region', { name: 'Notifications on this phone' });
  await panel.getByRole('button', { name: 'Turn on notifications on this phone' }).click();
  await expect(panel.getByRole('status')).toHaveText(/Notifications are on for this phone/);
  return { who, orderId, panel };
}

test.describe('push notifications on this phone', () => {
  test('offered after an order is placed: permission only on the press; the quote reaches the phone, which shows only the order and what happened', async ({
    page,
    request,
    signedIn,
  }) => {
    const who = subscriber();
    await stubPush(page, who);
    const orderId = await placeOrder(request, signedIn.tokens, {
      addressId: await createAddress(request, signedIn.tokens),
      portal: 1,
    });
    await page.goto(`/order-uploaded/${orderId}/`);
    const turnOn = page.getByRole('button', { name: 'Tell me on this phone when the quote is ready' });
    await expect(turnOn).toBeEnabled();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(await page.evaluate(() => (window as unknown as { __asks: number }).__asks)).toBe(0);

    await turnOn.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'We will tell you on this phone when the quote is ready.' }),
    ).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __asks: number }).__asks)).toBe(1);

    // The operator issues the quote: the sandbox sends one encrypted message to the subscription the page registered.
    await issueQuote(request, orderId);
    await expect.poll(async () => (await received(request, who)).length).toBe(1);
    const [message] = await received(request, who);
    if (!message) throw new Error('no message');
    const payload = decrypt(message, who);
    // A notification shows on a locked phone: no shop and no amount unless the shopper chose them (My Details).
    expect(payload).toEqual({ kind: 'quote', order_id: orderId, valid_until: expect.any(String), status: 'processing' });

    await deliverToWorker(page, JSON.stringify(payload));
    await expect.poll(() => shown(page)).toHaveLength(1);
    const [notification] = await shown(page);
    expect(notification?.title).toBe('Your quote is ready');
    expect(notification?.body).toMatch(new RegExp(`^Your quote for order ${orderId} is ready, valid until `));
    expect(notification?.url).toBe(`/quote-payment/${orderId}/`);
  });

  test('a setting on My Details: the shop and total only when ticked; turned off there, the phone gets nothing more', async ({
    page,
    request,
    signedIn,
  }) => {
    const { who, orderId, panel } = await turnOnInMyDetails(page, request, signedIn.tokens);
    const details = panel.getByRole('checkbox', { name: /Show the shop and total in notifications/ });
    await expect(details).not.toBeChecked();
    await details.check();
    // The tick shows at once and the box is held while the service stores it: only once it is free again is it saved.
    await expect(details).toBeChecked();
    await expect(details).toBeEnabled();
    await moveTo(request, orderId, 'paid');
    await expect.poll(async () => (await received(request, who)).length).toBe(1);
    const order = await callApi<{ portal: { name: string } }>(request, signedIn.tokens, 'GET', `/orders/${orderId}`);
    expect(decrypt((await received(request, who))[0] as Received, who)).toMatchObject({
      kind: 'status',
      status: 'paid',
      order_id: orderId,
      shop: order.portal.name,
    });
    await page.reload();
    await expect(panel.getByRole('checkbox', { name: /Show the shop and total in notifications/ })).toBeChecked();
    expect(await axeViolations(page, 'all')).toEqual([]);

    await panel.getByRole('button', { name: 'Turn off notifications on this phone' }).click();
    await expect(panel.getByRole('button', { name: 'Turn on notifications on this phone' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('__unsubscribed'))).toBe('1');
    await moveTo(request, orderId, 'in transit');
    // The stand-in's list answers once the sandbox's sends have settled.
    expect(await received(request, who)).toHaveLength(1);
  });

  test('warehouse photos arrive: the phone says so, and the notification opens the order on Track Order', async ({ page, request, signedIn }) => {
    const { who, orderId } = await turnOnInMyDetails(page, request, signedIn.tokens);
    await moveTo(request, orderId, 'goods purchased');
    const sentBefore = (await received(request, who)).length;
    const order = await callApi<{ products: { id: number }[] }>(request, signedIn.tokens, 'GET', `/orders/${orderId}`);
    await sandbox(request, 'POST', `/orders/${orderId}/photos`, { product_id: order.products[0]?.id });
    await expect.poll(async () => (await received(request, who)).length).toBe(sentBefore + 1);
    const payload = decrypt((await received(request, who))[sentBefore] as Received, who);
    expect(payload).toMatchObject({ kind: 'photos', order_id: orderId });

    await deliverToWorker(page, JSON.stringify(payload));
    await expect.poll(() => shown(page)).toContainEqual({
      title: 'Warehouse photos arrived',
      body: `Order ${orderId}: see the photos of your items.`,
      url: `/track-order/?order=${orderId}`,
    });
  });

  test('Log Out removes the subscription: the next move of the order reaches no one', async ({ page, request, signedIn }) => {
    const { who, orderId } = await turnOnInMyDetails(page, request, signedIn.tokens);
    await page.getByRole('button', { name: 'My Profile' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
    // The service deletes the sign-in's subscriptions as it revokes its tokens: once the access token is refused, it has.
    const me = () =>
      request.get(`${apiBase}/users/show_details`, { headers: { Authorization: `Bearer ${signedIn.tokens.access_token}` } });
    await expect.poll(async () => (await me()).status()).toBe(401);
    await moveTo(request, orderId, 'paid');
    expect(await received(request, who)).toHaveLength(0);
    expect(await page.evaluate(() => localStorage.getItem('push-subscription'))).toBeNull();
  });

  test("a sign-in ended by closing the browser takes its notifications with it: the next shopper's sign-in unsubscribes the phone, and their panel says off", async ({
    browser,
    launchOptions,
    request,
  }) => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-phone-'));
    const openBrowser = () =>
      browser.browserType().launchPersistentContext(profile, {
        ...launchOptions,
        baseURL: siteOrigin,
        serviceWorkers: 'allow',
        locale: 'en-ZA',
        timezoneId: 'Africa/Johannesburg',
      });
    try {
      const [a, b] = [await freshUser(request, { firstName: 'Ayanda' }), await freshUser(request, { firstName: 'Bongani' })];
      const first = await openBrowser();
      const aPage = await first.newPage();
      await seedSession(aPage, await tokensFor(request, a), false);
      const { who, orderId } = await turnOnInMyDetails(aPage, request, await tokensFor(request, a));
      await first.close();

      const second = await openBrowser();
      const bPage = await second.newPage();
      await stubPush(bPage, who);
      await bPage.goto('/portals/');
      // The phone is still subscribed for A: nobody logged out.
      expect(await bPage.evaluate(() => localStorage.getItem('__subscribed'))).toBe('1');
      await bPage.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }).click();
      const dialog = bPage.getByRole('dialog', { name: 'Log In' });
      await dialog.getByLabel('Email').fill(b.email);
      await dialog.getByLabel('Password', { exact: true }).fill(b.password);
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(bPage.getByRole('button', { name: 'My Profile' })).toBeVisible();
      await expect.poll(() => bPage.evaluate(() => localStorage.getItem('__unsubscribed'))).toBe('1');
      expect(await bPage.evaluate(() => localStorage.getItem('__subscribed'))).toBeNull();

      // A push service answers 410 for an endpoint its browser unsubscribed: A's next message reaches no phone, and
      // the service drops the subscription, so nothing more is even sent.
      await sandbox(request, 'POST', `/push-service/${who.token}/answer`, { status: 410 });
      await moveTo(request, orderId, 'paid');
      expect((await received(request, who)).map((m) => m.status)).toEqual([410]);
      await moveTo(request, orderId, 'in transit');
      expect((await received(request, who)).map((m) => m.status)).toEqual([410]);

      await bPage.goto('/my-details/');
      const panel = bPage.getByRole('region', { name: 'Notifications on this phone' });
      await expect(panel.getByRole('button', { name: 'Turn on notifications on this phone' })).toBeEnabled();
      await expect(panel).not.toContainText('Notifications are on');
      await second.close();
    } finally {
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  test('over the rate limit, turning on says when to try again and holds the button', async ({ page, request, signedIn }) => {
    await stubPush(page, subscriber());
    const headers = { Authorization: `Bearer ${signedIn.tokens.access_token}` };
    await spendRateLimit(() => request.post(`${apiBase}/push_subscriptions`, { headers, data: { push_subscription: { endpoint: 'nope' } } }));
    await page.goto('/my-details/');
    const turnOn = page.getByRole('region', { name: 'Notifications on this phone' }).getByRole('button', { name: 'Turn on notifications on this phone' });
    await turnOn.click();
    const wait = 'Too many tries to turn on notifications. Please wait 15 minutes before you try again.';
    await expect(toast(page, wait)).toBeVisible();
    await expect(turnOn).toBeDisabled();
    await expect(turnOn).toHaveAccessibleDescription(wait);
  });

  test('where push cannot work, the offer says what to do instead', async ({ page, signedIn }) => {
    expect(signedIn.email).toBeTruthy();
    await page.addInitScript(() => Reflect.deleteProperty(window, 'PushManager'));
    await page.goto('/my-details/');
    const panel = page.getByRole('region', { name: 'Notifications on this phone' });
    await expect(panel).toContainText('This browser cannot show notifications.');
    await expect(panel.getByRole('button')).toHaveCount(0);
  });

  test('on an iPhone outside a Home Screen app, it says how to add Shopper there', async ({ browser, request }) => {
    const context = await browser.newContext({
      baseURL: siteOrigin,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      viewport: { width: 375, height: 667 },
    });
    const page = await context.newPage();
    await seedSession(page, await tokensFor(request, DEMO_USER));
    await page.addInitScript(() => Reflect.deleteProperty(window, 'PushManager'));
    await page.goto('/my-details/');
    await expect(page.getByRole('region', { name: 'Notifications on this phone' })).toContainText(
      'tap Share, then Add to Home Screen',
    );
    await context.close();
  });
});
