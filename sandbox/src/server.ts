import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { mountTokenEndpoint, requireUser } from './auth';
import { DEFAULT_BACKOFF, SignInBackoff, type BackoffConfig } from './backoff';
import { TrustedProxies } from './client-address';
import { DEFAULT_FAMILY_LIFETIME, DEFAULT_REFRESH_LIFETIME, DEFAULT_TOKEN_LIFETIME, FALLBACK_PUBLIC_URL, type AppEnv, type PaymentFlow, type ResponseShape, type SandboxContext } from './context';
import { openDatabase } from './db';
import { emptyFaults, faultMiddleware, faultScopeRoutes } from './faults';
import { HttpError } from './http';
import { checkLateOrders } from './lateness';
import { createPushState, DEFAULT_REMINDER_SECONDS, settlePushes, startReminders } from './push';
import { addressesRoutes } from './routes-addresses';
import { cardsRoutes, paymentsRoutes } from './routes-cards';
import { controlRoutes } from './routes-control';
import { creditRoutes } from './routes-credit';
import { emailRoutes } from './routes-email';
import { ordersRoutes } from './routes-orders';
import { pickupPointsRoutes, shipmentsRoutes } from './routes-pickup';
import { advertsRoutes, portalsRoutes } from './routes-portals';
import { productsRoutes } from './routes-products';
import { DEFAULT_RATE_LIMIT, overLimit, RateLimits, type RateLimitConfig } from './rate-limit';
import { pushServiceRoutes, pushSubscriptionsRoutes } from './routes-push';
import { socialRoutes, standInRoutes } from './routes-stand-in';
import { usersRoutes } from './routes-users';
import { seedIfEmpty } from './seed';
import { SHAPE_HEADER, shapeMiddleware } from './shape';
import { defaultUploadsDir, mountUploads } from './uploads';

/** Options of {@link createSandbox}. */
export interface SandboxOptions {
  /** SQLite file, or `:memory:`. */
  db: string;
  /** Origin used in absolute links; default: the address the server listens on (never a request's Host header). */
  publicUrl?: string;
  /** Mounts /__sandbox control endpoints and applies fault switches. */
  faults?: boolean;
  /** Where uploads are stored; default: `<database file>-uploads` beside it, a fresh temp folder for `:memory:`. */
  uploadsDir?: string;
  /** The site's origin, the only one CORS allows (and PayFast return links); default http://127.0.0.1:4321. */
  siteOrigin?: string;
  /** Accepted OAuth client ids; default `shopper-web`. */
  clientIds?: string[];
  /** Access-token lifetime in seconds, a fault switch: ignored unless `faults` is on; default 7200. */
  tokenLifetime?: number;
  /** Refresh-token lifetime in seconds from its issue; default 30 days. */
  refreshTokenLifetime?: number;
  /** Lifetime in seconds of a refresh family from its sign-in, however often it is refreshed; default 30 days. */
  refreshFamilyLifetime?: number;
  /** Failed sign-in backoff (tests shorten it); default {@link DEFAULT_BACKOFF}. */
  signInBackoff?: Partial<BackoffConfig>;
  /** Proxies (addresses, CIDR ranges) whose X-Forwarded-For names the client to the backoff and rate limits; default none. */
  trustedProxies?: string[];
  /** Limits of forgot password, unlock, registration, contact, advertise and push subscription (tests shorten them); default {@link DEFAULT_RATE_LIMIT}. */
  rateLimits?: Partial<RateLimitConfig>;
  /** Answer in the spec's shape (default) or the `{ data }` envelope. */
  shape?: ResponseShape;
  /** Card payments complete at once (default) or on the stand-in PayFast page (`redirect`). */
  payment?: PaymentFlow;
  /** No per-request log lines. */
  quiet?: boolean;
  /** Seconds between the passes of the push expiry reminder and the late check while listening (`startSandbox`); 0 turns the timer off; default 60. */
  pushReminderSeconds?: number;
}

/** Largest request body read; bigger uploads than 10MB still get the 422 size message. */
const BODY_LIMIT_BYTES = 25_000_000;
/** Default site origin (the Astro dev and preview server). */
export const DEFAULT_SITE_ORIGIN = 'http://127.0.0.1:4321';

/** Builds the sandbox app over a database (seeding it on first start). */
export function createSandbox(options: SandboxOptions) {
  const db = openDatabase(options.db);
  const tempUploads = options.uploadsDir === undefined && options.db === ':memory:';
  const lifetime = (options.faults ? options.tokenLifetime : undefined) ?? DEFAULT_TOKEN_LIFETIME;
  const ctx: SandboxContext = {
    db,
    publicUrl: options.publicUrl?.replace(/\/+$/, ''),
    siteOrigin: (options.siteOrigin ?? DEFAULT_SITE_ORIGIN).replace(/\/+$/, ''),
    uploadsDir: options.uploadsDir ?? defaultUploadsDir(options.db),
    uploadKey: crypto.randomBytes(32),
    clientIds: new Set(options.clientIds ?? ['shopper-web']),
    faults: emptyFaults(),
    shape: options.shape ?? 'spec',
    settings: {
      tokenLifetimeSeconds: lifetime,
      defaultTokenLifetimeSeconds: lifetime,
      refreshTokenLifetimeSeconds: options.refreshTokenLifetime ?? DEFAULT_REFRESH_LIFETIME,
      refreshFamilyLifetimeSeconds: options.refreshFamilyLifetime ?? DEFAULT_FAMILY_LIFETIME,
    },
    backoff: new SignInBackoff({ ...DEFAULT_BACKOFF, ...options.signInBackoff }),
    rateLimits: new RateLimits({ ...DEFAULT_RATE_LIMIT, ...options.rateLimits }),
    trustedProxies: new TrustedProxies(options.trustedProxies ?? []),
    payments: { flow: options.payment ?? 'direct', perUser: new Map() },
    push: createPushState(db, options.faults ?? false),
  };
  fs.mkdirSync(ctx.uploadsDir, { recursive: true });
  seedIfEmpty(ctx);

  const app = new Hono<AppEnv>();
  const quiet = options.quiet ?? process.env.SANDBOX_QUIET === '1';
  app.use(async (c, next) => {
    const started = performance.now();
    c.set('origin', ctx.publicUrl ?? FALLBACK_PUBLIC_URL);
    await next();
    // The path only: query strings may carry codes, so they are never logged.
    if (!quiet) console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`);
  });
  app.use(
    cors({
      origin: (origin) => (origin === ctx.siteOrigin ? origin : null),
      allowHeaders: options.faults ? ['Authorization', 'Content-Type', SHAPE_HEADER] : ['Authorization', 'Content-Type'],
      allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
      // The sign-in screen reads a 429's wait; a cross-origin script sees Retry-After only when exposed.
      exposeHeaders: ['Retry-After'],
      maxAge: 600,
    }),
  );
  if (options.faults) app.use(faultMiddleware(ctx));
  app.use(
    bodyLimit({
      maxSize: BODY_LIMIT_BYTES,
      onError: (c) => c.json({ error: 'Request body is too large' }, 413),
    }),
  );

  mountTokenEndpoint(app, ctx);
  mountUploads(app, ctx);
  app.route('/users/auth', socialRoutes(ctx));
  app.route('/stand-in', standInRoutes(ctx));
  const api = new Hono<AppEnv>();
  api.use(shapeMiddleware(ctx.shape, options.faults ?? false));
  api.route('/users', usersRoutes(ctx));
  api.route('/addresses', addressesRoutes(ctx));
  api.route('/portals', portalsRoutes(ctx));
  api.route('/adverts', advertsRoutes(ctx));
  api.route('/orders', ordersRoutes(ctx));
  api.route('/products', productsRoutes(ctx));
  api.route('/email', emailRoutes(ctx));
  api.route('/payments', paymentsRoutes(ctx));
  api.route('/cards', cardsRoutes(ctx));
  api.route('/credit', creditRoutes(ctx));
  api.route('/pickup_points', pickupPointsRoutes(ctx));
  api.route('/shipments', shipmentsRoutes(ctx));
  // Counted per account before the subscription routes run (their own guard then passes the same token again).
  api.post('/push_subscriptions', requireUser(ctx), async (c, next) => {
    const refused = overLimit(ctx, c, 'push_subscription', c.get('user').email);
    if (refused) return refused;
    await next();
  });
  api.route('/push_subscriptions', pushSubscriptionsRoutes(ctx));
  app.route('/api/web/v1', api);
  if (options.faults) {
    app.route('/__sandbox', faultScopeRoutes(ctx.faults));
    app.route('/__sandbox/push-service', pushServiceRoutes(ctx));
    app.route('/__sandbox', controlRoutes(ctx));
  }

  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  app.onError((err, c) => {
    if (err instanceof HttpError) {
      return c.json(err.errors ? { error: err.message, errors: err.errors } : { error: err.message }, err.status, err.headers);
    }
    console.error('[sandbox] unhandled error:', err);
    return c.json({ error: 'Internal server error' }, 500);
  });

  const close = () => {
    if (db.open) db.close();
    if (tempUploads) fs.rmSync(ctx.uploadsDir, { recursive: true, force: true });
  };
  return { app, ctx, close };
}

/** How long an idle kept-alive connection stays open (Node's default is 5 s). */
export const KEEP_ALIVE_MS = 65_000;

/** A listening sandbox. */
export interface RunningSandbox {
  url: string;
  port: number;
  ctx: SandboxContext;
  close(): Promise<void>;
}

/** Starts the sandbox on `port` (0 picks a free port) at `host` (default 127.0.0.1). */
export function startSandbox(options: SandboxOptions & { port?: number; host?: string }): Promise<RunningSandbox> {
  const sandbox = createSandbox(options);
  const host = options.host ?? '127.0.0.1';
  const reminderSeconds = options.pushReminderSeconds ?? DEFAULT_REMINDER_SECONDS;
  const stopReminders = reminderSeconds > 0 ? startReminders(sandbox.ctx, reminderSeconds, [checkLateOrders]) : () => undefined;
  return new Promise((resolve, reject) => {
    const server: ServerType = serve({ fetch: sandbox.app.fetch, port: options.port ?? 4010, hostname: host }, (info: AddressInfo) => {
      // A wildcard address is no place to send a browser: links then name the loopback address.
      const linkHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
      const url = `http://${linkHost}:${info.port}`;
      sandbox.ctx.publicUrl ??= url;
      resolve({
        url,
        port: info.port,
        ctx: sandbox.ctx,
        close: async () => {
          stopReminders();
          // Sends in flight may be talking to the stand-in on this very server, and delete rows when answered 410.
          await settlePushes(sandbox.ctx);
          await new Promise<void>((done) => {
            server.close(() => {
              sandbox.close();
              done();
            });
            if ('closeAllConnections' in server) server.closeAllConnections();
          });
        },
      });
    });
    // Node closes an idle kept-alive connection after 5 s; a client that sends on it at that moment gets ECONNRESET
    // (seen in CI: a test's control call after a 5 s timeout fault). Idle connections stay open for a minute instead.
    if ('keepAliveTimeout' in server) {
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      server.headersTimeout = KEEP_ALIVE_MS + 1000;
    }
    server.once('error', (err) => {
      stopReminders();
      sandbox.close();
      reject(err);
    });
  });
}
