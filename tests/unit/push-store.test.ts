// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '../../src/lib/account-messages';
import { config } from '../../src/lib/config';
import { readRegisteredPush } from '../../src/lib/push-support';
import { $pushSetting, $pushState, checkPush, setPush } from '../../src/lib/stores/push';
import { signOut, storeTokens } from '../../src/lib/stores/session';

const KEY = 'B'.repeat(87);
const ENDPOINT = 'https://push.example/send/abc';

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
  storeTokens('access-1', 'refresh-1', true);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const apiCalls = () =>
  sent.filter((s) => s.url.startsWith(config.apiBase)).map((s) => `${s.method} ${s.url.replace(config.apiBase, '')}`);

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
      push_subscription: { endpoint: ENDPOINT, keys: { p256dh: 'BP256', auth: 'AUTH' } },
    });
    expect($pushState.get()).toBe('on');
    expect(readRegisteredPush()).toEqual({ id: 41, endpoint: ENDPOINT });
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
    expect(done && 'error' in done && done.error.message).toBe(accountMessages.pushFailed);
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

  it('a subscription the worker renewed is registered in place of the old one', async () => {
    localStorage.setItem('push-subscription', JSON.stringify({ id: 40, endpoint: 'https://push.example/send/old' }));
    subscription = browserSubscription(ENDPOINT);
    await checkPush();
    expect(apiCalls()).toEqual(['POST /push_subscriptions', 'DELETE /push_subscriptions/40']);
    expect(readRegisteredPush()).toEqual({ id: 41, endpoint: ENDPOINT });
    expect($pushState.get()).toBe('on');
  });

  it('one the browser dropped is removed from the service', async () => {
    localStorage.setItem('push-subscription', JSON.stringify({ id: 40, endpoint: ENDPOINT }));
    await checkPush();
    expect(apiCalls()).toEqual(['DELETE /push_subscriptions/40']);
    expect($pushState.get()).toBe('off');
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
