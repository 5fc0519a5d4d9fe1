import type { HttpBindings } from '@hono/node-server';
import type { SignInBackoff } from './backoff';
import type { TrustedProxies } from './client-address';
import type { Db } from './db';
import type { RateLimits } from './rate-limit';
import type { UserRow } from './rows';

// Every module works with the context, so the context imports only modules that import nothing of the sandbox, and
// the shapes of its state (fault switches, Web Push, the answers' dialect) are defined here beside it.

/** Shared state every route module works with. */
export interface SandboxContext {
  db: Db;
  /** Absolute origin used in links (uploads, tokenize location): the configured one, else the listening address once known. */
  publicUrl: string | undefined;
  siteOrigin: string;
  uploadsDir: string;
  /** Signs the expiring links to stored uploads (made at each start: a restart ends every link given out). */
  uploadKey: Buffer;
  clientIds: Set<string>;
  faults: FaultState;
  /** The dialect of the answers: the spec's bare bodies, or the `{ data }` envelope. */
  shape: ResponseShape;
  /** Access-token lifetime for new tokens (changed by the token-lifetime switch), its start value, the refresh-token lifetime, and the refresh family's lifetime from its sign-in. */
  settings: { tokenLifetimeSeconds: number; defaultTokenLifetimeSeconds: number; refreshTokenLifetimeSeconds: number; refreshFamilyLifetimeSeconds: number };
  /** Failed sign-in counts per account and client address, and per client address. */
  backoff: SignInBackoff;
  /** The proxies whose X-Forwarded-For gives the client's address to the backoff and the rate limits. */
  trustedProxies: TrustedProxies;
  /** Calls of the rate-limited routes per e-mail address and per client address. */
  rateLimits: RateLimits;
  /** How a card payment completes: at once, or on the stand-in PayFast page; the default and per-user choices of the tests. */
  payments: PaymentSettings;
  /** Web Push: the VAPID keys, the sends still in flight, and the stand-in push service's inbox. */
  push: PushState;
}

/** A card payment completes at once (`direct`), or after the shopper confirms on the provider's page (`redirect`). */
export type PaymentFlow = 'direct' | 'redirect';

/** The payment flow for everyone and for some users (the payments themselves are attempts in the database: payments.ts). */
export interface PaymentSettings {
  flow: PaymentFlow;
  perUser: Map<number, PaymentFlow>;
}

/** The dialect the sandbox answers in: SPEC.md's (bare bodies, decimals as strings) or the `{ data }` envelope. */
export type ResponseShape = 'spec' | 'envelope';

/** One fault switch: the requests it matches (`<METHOD> <path-regex>`) and what it does to them. */
export interface FaultRule<T> {
  key: string;
  method: string;
  path: RegExp;
  value: T;
}

/** One set of switches: latency, injected statuses and dropped connections. */
export interface FaultRules {
  latency: FaultRule<number>[];
  status: FaultRule<number>[];
  drop: FaultRule<boolean>[];
}

/** Active fault switches, keyed "<METHOD> <path-regex>" (METHOD may be `*`), plus switches scoped to one user. */
export interface FaultState extends FaultRules {
  /** Switches that apply only to the requests of one user, by e-mail; they win over the unscoped ones. */
  users: Map<string, FaultRules>;
}

/** One message the stand-in push service received, as it arrived (`body` base64 of the encrypted bytes). */
export interface StandInMessage {
  token: string;
  /** What the stand-in answered. */
  status: number;
  ttl: number | null;
  urgency: string | null;
  topic: string | null;
  content_encoding: string | null;
  /** `vapid t=<JWT>, k=<public key>`, or null when none was sent. */
  authorization: string | null;
  body: string;
  received_at: string;
}

/** Web Push state: VAPID details, sends in flight, and the stand-in push service (on only with the test switches). */
export interface PushState {
  vapid: { subject: string; publicKey: string; privateKey: string };
  standIn: boolean;
  pending: Set<Promise<void>>;
  inbox: StandInMessage[];
  /** Status the stand-in answers per token (201 otherwise). */
  answers: Map<string, number>;
}

/** Hono environment: the current user, their token's scopes and the origin used for absolute links. */
export interface AppEnv {
  Bindings: Partial<HttpBindings>;
  Variables: { user: UserRow; scopes: string[]; origin: string; family: string; shape: ResponseShape };
}

/** Default access-token lifetime in seconds (Doorkeeper's 2 hours). */
export const DEFAULT_TOKEN_LIFETIME = 7200;

/** Default refresh-token lifetime in seconds (30 days). */
export const DEFAULT_REFRESH_LIFETIME = 2_592_000;

/** Default lifetime of a refresh family (a sign-in and every rotation after it) in seconds, counted from the sign-in (30 days). */
export const DEFAULT_FAMILY_LIFETIME = 2_592_000;

/** Origin of links when the sandbox is used without listening (app.request in tests) and no public URL is set. */
export const FALLBACK_PUBLIC_URL = 'http://127.0.0.1:4010';
