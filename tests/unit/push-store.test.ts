// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../src/lib/config';
import { readRegisteredPush } from '../../src/lib/push-support';
import { $pushDetails, $pushDetailsSetting, $pushSetting, $pushState, checkPush, pushMessages, setPush, setPushDetails } from '../../src/lib/stores/push';
import { invalidatePersonal } from '../../src/lib/stores/query';
import { clearTokens, signOut, storeTokens } from '../../src/lib/stores/session';
import { startSession } from '../../src/lib/stores/sign-in';

const KEY = 'B'.repeat(87);
const ENDPOINT = 'https://push.example/send/abc';
/** The signed-in shopper's id (GET /users/show_details). */
const ME = 7;
const registration = (owner = ME, endpoint = ENDPOINT, id = 41) => JSON.stringify({ id, endpoint, owner });
const stored = (showDetails = false) => json({ data: { id: 41, endpoint: ENDPOINT, created_at: '2026-11-26T10:00:00Z', show_details: showDetails } });

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

let sent: Sent[];
let answers: Record<string, () => Response>;
let subscription: { endpoint: string; toJSON: () => unknown; unsubscribe: ReturnType<typeof vi.fn> } | null;
let permission: NotificationPermission;
let askedFor: NotificationPermission;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function browserSubscription(endpoint: string) {
  const made = {
    endpoint,
    toJSON: () => ({ endpoint, keys: { p256dh: 'BP256', auth: 'AUTH' } }),
    unsubscribe: vi.fn(() => {
      subscription = null;
      return Promise.resolve(true);
    }),
  };
  return made;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sent = [];
  subscription = null;
  permission = 'default';
  askedFor = 'granted';
  answers = {
    'GET /push_subscriptions/key': () => json({ data: { public_key: KEY } }),
    'POST /push_subscriptions': () => json({ data: { id: 41, endpoint: ENDPOINT, created_at: '2026-11-26T10:00:00Z' } }, 201),
    'DELETE /push_subscriptions/41': () => new Response(null, { status: 204 }),
    'DELETE /push_subscriptions/40': () => new Response(null, { status: 204 }),
    'GET /push_subscriptions/41': () => stored(),
    'GET /users/show_details': () => json({ data: { id: ME, first_name: 'Thandi', last_name: 'Nkosi', email: 'shopper@example.com' } }),
  };
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = request.url.replace(config.apiBase, '');
    const method = init.method ?? request.method;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    sent.push({ method, url: request.url, body });
    const answer = answers[`${method} ${path}`];
    return Promise.resolve(answer ? answer() : json({}, 200));
  });
  const pushManager = {
    getSubscription: () => Promise.resolve(subscription),
    subscribe: vi.fn((options: { applicationServerKey: string }) => {
      expect(options.applicationServerKey).toBe(KEY);
      subscription = browserSubscription(ENDPOINT);
      return Promise.resolve(subscription);
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission: vi.fn(() => {
      permission = askedFor;
      return Promise.resolve(askedFor);
    }),
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: () => Promise.resolve(registration) },
  });
  vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
  $pushState.set('checking');
  $pushSetting.set({ loading: false });
  $pushDetailsSetting.set({ loading: false });
  storeTokens('access-1', 'refresh-1', true);
  invalidatePersonal('');
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The shopper is read once per session and then cached: whether a case reads it is not what it tests.
const apiCalls = () =>
  sent
    .filter((s) => s.url.startsWith(config.apiBase) && !s.url.endsWith('/users/show_details'))
    .map((s) => `${s.method} ${s.url.replace(config.apiBase, '')}`);

describe('what the page shows before the service answers', () => {
  const stateOnLoad = async () => {
    vi.resetModules();
    return (await import('../../src/lib/stores/push')).$pushState.get();
  };

  it('a browser without push, or with notifications blocked, says so from the first paint; otherwise the service is asked', async () => {
    expect(await stateOnLoad()).toBe('checking');
    permission = 'denied';
    expect(await stateOnLoad()).toBe('blocked');
    Reflect.deleteProperty(window, 'PushManager');
    expect(await stateOnLoad()).toBe('unsupported');
    expect(sent).toEqual([]);
  });
});

describe('turning notifications on', () => {
  it('asks the permission first, then subscribes with the service key and registers the subscription with the service', async () => {
    await checkPush();
    expect($pushState.get()).toBe('off');
    expect(Notification.requestPermission).not.toHaveBeenCalled();
    const done = await setPush('on');
    expect(done).toEqual({ data: 'on' });
    expect(Notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(apiCalls()).toEqual(['GET /push_subscriptions/key', 'POST /push_subscriptions']);
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      push_subscription: { endpoint: ENDPOINT, keys: { p256dh: 'BP256', auth: 'AUTH' }, show_details: false },
    });
    expect($pushState.get()).toBe('on');
    expect(readRegisteredPush()).toEqual({ id: 41, endpoint: ENDPOINT, owner: ME });
    expect($pushDetails.get()).toBe(false);
  });

  it('a refused permission is "blocked", a dismissed one stays "off", and neither calls the service', async () => {
    askedFor = 'denied';
    await setPush('on');
    expect($pushState.get()).toBe('blocked');
    askedFor = 'default';
    permission = 'default';
    await setPush('on');
    expect($pushState.get()).toBe('off');
    expect(apiCalls()).toEqual([]);
  });

  it('a service without the push endpoints (404) is "unavailable", and nothing is subscribed', async () => {
    answers['GET /push_subscriptions/key'] = () => json({ error: 'Not found' }, 404);
    await setPush('on');
    expect($pushState.get()).toBe('unavailable');
    expect(subscription).toBeNull();
  });

  it("the browser's refusal to subscribe is told in the shopper's words, and the state stays off", async () => {
    await checkPush();
    const { pushManager } = await navigator.serviceWorker.ready;
    vi.mocked(pushManager.subscribe).mockRejectedValueOnce(
      new DOMException('Registration failed - push service error', 'AbortError'),
    );
    const done = await setPush('on');
    expect(done && 'error' in done && done.error.message).toBe(pushMessages.failed);
    expect($pushState.get()).toBe('off');
    expect(readRegisteredPush()).toBeNull();
  });
});

describe('where it stands and turning it off', () => {
  it('turning off removes the subscription from the service and the browser', async () => {
    await setPush('on');
    sent = [];
    await setPush('off');
    expect(apiCalls()).toEqual(['DELETE /push_subscriptions/41']);
    expect(subscription).toBeNull();
    expect(readRegisteredPush()).toBeNull();
    expect($pushState.get()).toBe('off');
  });

  it('a subscription the worker renewed is registered in place of the old one, keeping its details choice', async () => {
    const old = 'https://push.example/send/old';
    localStorage.setItem('push-subscription', registration(ME, old, 40));
    answers['GET /push_subscriptions/40'] = () => json({ data: { id: 40, endpoint: old, created_at: '2026-11-26T10:00:00Z', show_details: true } });
    subscription = browserSubscription(ENDPOINT);
    await checkPush();
    expect(apiCalls()).toEqual(['GET /push_subscriptions/40', 'POST /push_subscriptions', 'DELETE /push_subscriptions/40']);
    expect(sent.find((s) => s.method === 'POST')?.body).toMatchObject({ push_subscription: { show_details: true } });
    expect($pushDetails.get()).toBe(true);
    expect(readRegisteredPush()).toEqual({ id: 41, endpoint: ENDPOINT, owner: ME });
    expect($pushState.get()).toBe('on');
  });

  it('one the browser dropped is removed from the service', async () => {
    localStorage.setItem('push-subscription', registration(ME, ENDPOINT, 40));
    await checkPush();
    expect(apiCalls()).toEqual(['DELETE /push_subscriptions/40']);
    expect($pushState.get()).toBe('off');
  });

  it('a phone with nothing registered is off without reading the shopper, and a subscription left by an ended sign-in is dropped', async () => {
    subscription = browserSubscription(ENDPOINT);
    await checkPush();
    expect($pushState.get()).toBe('off');
    expect(subscription).toBeNull();
    expect(sent.map((s) => s.url)).toEqual([]);
  });

  it("is on only when the service says so for this shopper's sign-in, with the details choice it keeps", async () => {
    localStorage.setItem('push-subscription', registration());
    subscription = browserSubscription(ENDPOINT);
    answers['GET /push_subscriptions/41'] = () => stored(true);
    await checkPush();
    expect(apiCalls()).toEqual(['GET /push_subscriptions/41']);
    expect($pushState.get()).toBe('on');
    expect($pushDetails.get()).toBe(true);
  });

  it('a registration the service does not know for this sign-in (404, or a service without the call) is off: forgotten, and the browser unsubscribed', async () => {
    localStorage.setItem('push-subscription', registration());
    subscription = browserSubscription(ENDPOINT);
    answers['GET /push_subscriptions/41'] = () => json({ error: 'Not found' }, 404);
    await checkPush();
    expect($pushState.get()).toBe('off');
    expect(readRegisteredPush()).toBeNull();
    expect(subscription).toBeNull();
  });

  it('offline, nothing here is taken for "on": it shows off until the service answers', async () => {
    localStorage.setItem('push-subscription', registration());
    subscription = browserSubscription(ENDPOINT);
    answers['GET /push_subscriptions/41'] = () => {
      throw new TypeError('Failed to fetch');
    };
    await checkPush();
    expect($pushState.get()).toBe('off');
  });

  it("another shopper's registration on this phone is off for this one, and the browser is unsubscribed", async () => {
    localStorage.setItem('push-subscription', registration(ME + 1));
    subscription = browserSubscription(ENDPOINT);
    await checkPush();
    expect($pushState.get()).toBe('off');
    expect(subscription).toBeNull();
    expect(apiCalls()).toEqual([]);
  });

  it('blocked in the settings, or a browser without push, says so before any button', async () => {
    permission = 'denied';
    await checkPush();
    expect($pushState.get()).toBe('blocked');
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    await checkPush();
    expect($pushState.get()).toBe('unsupported');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
    );
    await checkPush();
    expect($pushState.get()).toBe('home-screen');
  });
});

describe('the details a notification shows', () => {
  it('are off by default; the choice is sent to the service and kept from its answer', async () => {
    await setPush('on');
    expect($pushDetails.get()).toBe(false);
    answers['PATCH /push_subscriptions/41'] = () => stored(true);
    sent = [];
    expect(await setPushDetails(true)).toEqual({ data: true });
    expect(sent.find((s) => s.method === 'PATCH')?.body).toEqual({ push_subscription: { show_details: true } });
    expect($pushDetails.get()).toBe(true);
  });

  it("a failed change says what to do in the shopper's words and keeps the choice as it was", async () => {
    await setPush('on');
    answers['PATCH /push_subscriptions/41'] = () => json({ error: 'boom' }, 500);
    const done = await setPushDetails(true);
    expect(done && 'error' in done && done.error.message).toBe(pushMessages.detailsFailed);
    expect($pushDetails.get()).toBe(false);
  });
});

describe('when a sign-in ends without Log Out', () => {
  it('every path that drops the tokens forgets the registration made in that sign-in', async () => {
    await setPush('on');
    clearTokens();
    expect(readRegisteredPush()).toBeNull();
  });

  it("the next sign-in unsubscribes the browser when its registration is another shopper's, or missing", async () => {
    const tokens = { access_token: 'access-9', refresh_token: 'refresh-9', token_type: 'Bearer', expires_in: 7200, scope: 'read write', created_at: 0 };
    for (const kept of [registration(ME + 1), null]) {
      if (kept) localStorage.setItem('push-subscription', kept);
      subscription = browserSubscription(ENDPOINT);
      await startSession(tokens, false);
      expect(subscription).toBeNull();
      expect(readRegisteredPush()).toBeNull();
    }
    localStorage.setItem('push-subscription', registration());
    subscription = browserSubscription(ENDPOINT);
    await startSession(tokens, false);
    expect(subscription).not.toBeNull();
  });
});

describe('Log Out', () => {
  it("revokes the session's tokens at once, which ends its push subscription on the service, and forgets the registration here", async () => {
    await setPush('on');
    sent = [];
    signOut();
    expect(window.location.assign).toHaveBeenCalledWith('/');
    expect(sent.map((s) => s.url)).toEqual([config.revokeUrl, config.revokeUrl]);
    expect(readRegisteredPush()).toBeNull();
    // The next shopper on this phone finds notifications off: the browser's subscription is theirs to turn on again.
    storeTokens('access-2', 'refresh-2', true);
    await checkPush();
    expect($pushState.get()).toBe('off');
  });
});
