import http from 'node:http';
import { makePng } from '../../../sandbox/src/png';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../sandbox/src/server';

/** Parsed JSON of a response, loosely typed for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked by the assertions that read them
export type Json = any;

/** The demo shopper and second user of the seed. */
export const SHOPPER = { email: 'shopper@example.com', password: 'Shopper#2026' };
export const OTHER = { email: 'other@example.com', password: 'Other#2026' };

/** Rate limits high enough for the tests that are not about them: every test client calls from one address. */
const ROOMY_RATE_LIMITS = { perEmail: 1000, perAddress: 1000 };

/** Starts a quiet sandbox with faults enabled on a free port over a fresh in-memory database; the rule tests read the envelope dialect (shape.test.ts covers the spec's). */
export function start(options: Partial<SandboxOptions> = {}): Promise<RunningSandbox> {
  return startSandbox({ db: ':memory:', port: 0, faults: true, quiet: true, shape: 'envelope', rateLimits: ROOMY_RATE_LIMITS, ...options });
}

/** A JSON request that connects from another loopback address (127.0.0.2, ...): another client as the sandbox sees it. */
export function jsonFrom(localAddress: string, base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Json }> {
  const url = path.startsWith('/oauth') || path.startsWith('/__') ? `${base}${path}` : `${base}/api/web/v1${path}`;
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, localAddress, headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** A small HTTP client bound to one sandbox. */
export class Client {
  token = '';

  /** Binds the client to a sandbox origin. */
  constructor(readonly base: string) {}

  /** Sends a request; objects are sent as JSON, FormData as multipart, strings as-is. */
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (this.token && !('Authorization' in h)) h.Authorization = `Bearer ${this.token}`;
    if (body instanceof FormData) init.body = body;
    else if (typeof body === 'string') {
      init.body = body;
      h['Content-Type'] ??= 'application/json';
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      h['Content-Type'] = 'application/json';
    }
    const url = path.startsWith('/oauth') || path.startsWith('/__') || path.startsWith('/users/auth') || path.startsWith('/stand-in') || path.startsWith('/uploads')
      ? `${this.base}${path}`
      : `${this.base}/api/web/v1${path}`;
    return fetch(url, { ...init, redirect: 'manual' });
  }

  /** Sends a request and returns status and parsed JSON body. */
  async json<T = Json>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await this.call(method, path, body);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** Password grant; stores the access token on the client and returns the token response. */
  async login(user = SHOPPER): Promise<Json> {
    const res = await this.json('POST', '/oauth/token', {
      grant_type: 'password', username: user.email, password: user.password, client_id: 'shopper-web', scope: 'read write',
    });
    if (res.status !== 200) throw new Error(`login failed ${res.status}`);
    this.token = res.body.access_token;
    return res.body;
  }
}

/** A valid PNG of about `bytes` bytes (noise keeps it from compressing). */
export function pngOfSize(bytes: number): Blob {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return new Blob([new Uint8Array(makePng(side, [10, 20, 30], true))], { type: 'image/png' });
}

/** A PNG signature followed by padding: passes the magic-byte check at any size. */
export function paddedPng(bytes: number): Blob {
  const data = Buffer.alloc(bytes);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Blob([data], { type: 'image/png' });
}

/** A 60 KB PNG, acceptable as a screenshot. */
export const goodPng = () => pngOfSize(60_000);

/** Multipart body of POST /orders with the given products. */
export function orderForm(
  fields: { portal?: string; address?: string },
  products: { name?: string; description?: string; quantity?: string; comment?: string; screenshot?: Blob; fileName?: string }[],
): FormData {
  const form = new FormData();
  if (fields.portal !== undefined) form.append('order[portal_id]', fields.portal);
  form.append('order[order_type]', 'normal');
  form.append('order[status]', 'placed');
  if (fields.address !== undefined) form.append('order[address_id]', fields.address);
  products.forEach((p, i) => {
    if (p.name !== undefined) form.append(`order[products][${i}][name]`, p.name);
    if (p.description !== undefined) form.append(`order[products][${i}][description]`, p.description);
    if (p.quantity !== undefined) form.append(`order[products][${i}][quantity]`, p.quantity);
    form.append(`order[products][${i}][comment]`, p.comment ?? '');
    if (p.screenshot) form.append(`order[products][${i}][screenshot]`, p.screenshot, p.fileName ?? 'shot.png');
  });
  return form;
}
