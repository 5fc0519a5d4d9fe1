import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';

/** A value the sandbox binds to a `?`; `undefined` is stored as NULL. */
type Param = SQLInputValue | undefined;

/** A prepared statement whose rows the caller casts to its row type. */
export interface Statement {
  /** Runs a write; `lastInsertRowid` and `changes` as SQLite reports them. */
  run(...params: Param[]): { changes: number; lastInsertRowid: number };
  /** The first row, or undefined. */
  get(...params: Param[]): unknown;
  /** Every row. */
  all(...params: Param[]): unknown[];
}

// node:sqlite refuses `undefined` where better-sqlite3 stored NULL; the routes pass optional fields as they come.
const bindable = (params: Param[]): SQLInputValue[] => params.map((value) => value ?? null);

/** The sandbox's connection: node:sqlite with nestable transactions (savepoints inside one). */
export class Db {
  readonly #db: DatabaseSync;
  #depth = 0;

  constructor(file: string) {
    this.#db = new DatabaseSync(file);
  }

  /** Whether the connection is still open. */
  get open(): boolean {
    return this.#db.isOpen;
  }

  /** Runs one or more statements without parameters. */
  exec(sql: string): void {
    this.#db.exec(sql);
  }

  /** Prepares one statement. */
  prepare(sql: string): Statement {
    const statement = this.#db.prepare(sql);
    return {
      run: (...params) => {
        const { changes, lastInsertRowid } = statement.run(...bindable(params));
        return { changes: Number(changes), lastInsertRowid: Number(lastInsertRowid) };
      },
      get: (...params) => statement.get(...bindable(params)),
      all: (...params) => statement.all(...bindable(params)),
    };
  }

  /** Wraps `fn` so that it runs in one transaction, or in a savepoint when one is already open. */
  transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
    return (...args) => {
      const savepoint = `sp${this.#depth}`;
      this.#db.exec(this.#depth === 0 ? 'BEGIN' : `SAVEPOINT ${savepoint}`);
      this.#depth += 1;
      try {
        const result = fn(...args);
        this.#depth -= 1;
        this.#db.exec(this.#depth === 0 ? 'COMMIT' : `RELEASE ${savepoint}`);
        return result;
      } catch (error) {
        this.#depth -= 1;
        this.#db.exec(this.#depth === 0 ? 'ROLLBACK' : `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
        throw error;
      }
    };
  }

  /** Closes the connection. */
  close(): void {
    this.#db.close();
  }
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY,
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  mobile TEXT NOT NULL DEFAULT '',
  notification_method TEXT NOT NULL DEFAULT 'email',
  birth_date TEXT,
  password_hash TEXT NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  locked_at TEXT,
  archived_at TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS user_tokens (
  token TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  kind TEXT NOT NULL CHECK (kind IN ('reset', 'unlock')),
  created_at TEXT NOT NULL,
  used_at TEXT
);
CREATE TABLE IF NOT EXISTS access_tokens (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  token TEXT NOT NULL UNIQUE,
  refresh_token TEXT NOT NULL UNIQUE,
  previous_refresh_token TEXT NOT NULL DEFAULT '',
  expires_in INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER,
  family_id TEXT NOT NULL DEFAULT '',
  scope TEXT NOT NULL DEFAULT 'read write',
  refreshed_at INTEGER,
  family_started_at INTEGER
);
CREATE TABLE IF NOT EXISTS social_codes (
  code TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at INTEGER NOT NULL,
  used_at INTEGER,
  code_challenge TEXT,
  nonce TEXT,
  redirect_uri TEXT
);
CREATE TABLE IF NOT EXISTS portals (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  link TEXT NOT NULL,
  category TEXT NOT NULL,
  tc_link TEXT NOT NULL,
  privacy_policy_link TEXT NOT NULL,
  return_policy_link TEXT NOT NULL,
  picture TEXT NOT NULL,
  visits INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS adverts (
  id INTEGER PRIMARY KEY,
  portal_id INTEGER NOT NULL REFERENCES portals(id),
  name TEXT NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  created_at TEXT NOT NULL,
  picture TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS addresses (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  name TEXT NOT NULL,
  address TEXT NOT NULL,
  city TEXT NOT NULL,
  province TEXT NOT NULL,
  postal_code TEXT NOT NULL,
  deleted_at TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS orders (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  portal_id INTEGER NOT NULL REFERENCES portals(id),
  address_id INTEGER REFERENCES addresses(id),
  order_type TEXT NOT NULL CHECK (order_type IN ('normal', 'return')),
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  delivery_date TEXT,
  pickup TEXT,
  shipping TEXT,
  service_fee_cents INTEGER,
  quoted_at TEXT,
  parent_order_id INTEGER REFERENCES orders(id),
  return_product_id INTEGER,
  return_quantity INTEGER,
  return_reason TEXT,
  return_photo TEXT,
  payment_status TEXT,
  insurance_rate_bp INTEGER,
  insurance_minimum_cents INTEGER,
  insurance_covers TEXT,
  checkout_shipping_option TEXT,
  checkout_shipping_cents INTEGER,
  checkout_insurance_cents INTEGER,
  checkout_declaration_confirmed_at TEXT,
  checkout_sub_total_cents INTEGER,
  paid_attempt_id INTEGER,
  paid_amount_cents INTEGER,
  paid_at TEXT,
  courier_name TEXT,
  courier_waybill TEXT,
  courier_tracking_url TEXT,
  checkout_credit_cents INTEGER,
  delivery_method TEXT,
  pickup_point_code TEXT,
  weight_grams INTEGER,
  shipment_id INTEGER REFERENCES shipments(id)
);
CREATE INDEX IF NOT EXISTS orders_user ON orders(user_id, created_at);
CREATE TABLE IF NOT EXISTS products (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  comment TEXT NOT NULL DEFAULT '',
  cost_cents INTEGER,
  customs_cents INTEGER,
  delivery_cents INTEGER,
  screenshot TEXT,
  deleted_at TEXT,
  if_unavailable TEXT,
  alternative TEXT,
  declared_description TEXT,
  declared_value_cents INTEGER,
  country_of_origin TEXT
);
CREATE INDEX IF NOT EXISTS products_order ON products(order_id);
CREATE TABLE IF NOT EXISTS shipping_options (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  code TEXT NOT NULL,
  label TEXT NOT NULL,
  price_cents INTEGER NOT NULL,
  min_days INTEGER NOT NULL,
  max_days INTEGER NOT NULL,
  withdrawn_at TEXT,
  UNIQUE (order_id, code)
);
CREATE TABLE IF NOT EXISTS payment_attempts (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  secret TEXT UNIQUE,
  method TEXT NOT NULL CHECK (method IN ('card', 'hosted')),
  card_id INTEGER,
  amount_cents INTEGER NOT NULL,
  address_id INTEGER,
  checkout TEXT,
  return_url TEXT,
  cancel_url TEXT,
  state TEXT NOT NULL CHECK (state IN ('pending', 'paid', 'cancelled', 'failed', 'ended')),
  ended_reason TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT,
  credit_cents INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS payment_attempts_order ON payment_attempts(order_id, state);
CREATE TABLE IF NOT EXISTS warehouse_photos (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  file TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS photo_requests (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  message TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  answered_at TEXT
);
CREATE TABLE IF NOT EXISTS status_moves (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  status TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS status_moves_order ON status_moves(order_id);
CREATE TABLE IF NOT EXISTS tracking_events (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  status TEXT NOT NULL,
  kind TEXT NOT NULL,
  description TEXT NOT NULL,
  occurred_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tracking_events_order ON tracking_events(order_id);
CREATE TABLE IF NOT EXISTS expected_deliveries (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id),
  from_date TEXT NOT NULL,
  to_date TEXT NOT NULL,
  reason TEXT,
  previous_from TEXT,
  previous_to TEXT,
  moved_at TEXT,
  late_told_at TEXT
);
CREATE TABLE IF NOT EXISTS cards (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  token TEXT NOT NULL,
  card_name TEXT NOT NULL,
  is_preferred INTEGER NOT NULL DEFAULT 0,
  is_valid INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  tokenize_secret TEXT
);
CREATE TABLE IF NOT EXISTS push_keys (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  public_key TEXT NOT NULL,
  private_key TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS push_subscriptions (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at TEXT NOT NULL,
  family_id TEXT NOT NULL DEFAULT '',
  show_details INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS push_subscriptions_user ON push_subscriptions(user_id);
CREATE TABLE IF NOT EXISTS push_reminders (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id),
  quoted_at TEXT NOT NULL,
  reminded_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS credit_movements (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  kind TEXT NOT NULL,
  order_id INTEGER REFERENCES orders(id),
  product_id INTEGER REFERENCES products(id),
  withdrawal_id INTEGER,
  reason TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  balance_after_cents INTEGER NOT NULL CHECK (balance_after_cents >= 0),
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS credit_movements_user ON credit_movements(user_id, id);
CREATE TABLE IF NOT EXISTS credit_holds (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  attempt_id INTEGER NOT NULL UNIQUE REFERENCES payment_attempts(id),
  order_id INTEGER NOT NULL REFERENCES orders(id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  state TEXT NOT NULL CHECK (state IN ('held', 'spent', 'released')),
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX IF NOT EXISTS credit_holds_user ON credit_holds(user_id, state);
CREATE TABLE IF NOT EXISTS withdrawals (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'cancelled')),
  bank TEXT NOT NULL,
  branch_code TEXT NOT NULL,
  account_holder TEXT NOT NULL,
  account_number TEXT NOT NULL,
  account_type TEXT NOT NULL,
  requested_at TEXT NOT NULL,
  expected_by TEXT NOT NULL,
  paid_at TEXT,
  cancelled_at TEXT
);
CREATE INDEX IF NOT EXISTS withdrawals_user ON withdrawals(user_id);
CREATE TABLE IF NOT EXISTS pickup_points (
  code TEXT PRIMARY KEY,
  provider TEXT NOT NULL CHECK (provider IN ('pudo', 'pargo')),
  kind TEXT NOT NULL CHECK (kind IN ('locker', 'counter')),
  name TEXT NOT NULL,
  address TEXT NOT NULL,
  suburb TEXT NOT NULL,
  city TEXT NOT NULL,
  postal_code TEXT NOT NULL,
  province TEXT NOT NULL,
  opening_hours TEXT NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  box_sizes TEXT NOT NULL DEFAULT '',
  max_weight_kg REAL NOT NULL,
  collect_days INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'closed'))
);
CREATE TABLE IF NOT EXISTS shipments (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  freight_alone_cents INTEGER NOT NULL,
  freight_together_cents INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL DEFAULT 'email',
  kind TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`;

/** Tables in delete order (children first), used by the reset switch; `push_keys` stays, as subscribers' browsers hold its public key. */
export const TABLES = [
  'outbox', 'credit_movements', 'credit_holds', 'withdrawals', 'push_reminders', 'status_moves', 'tracking_events', 'expected_deliveries', 'payment_attempts', 'photo_requests', 'warehouse_photos', 'shipping_options', 'cards', 'products', 'orders', 'shipments', 'pickup_points', 'addresses', 'adverts', 'portals',
  'push_subscriptions', 'social_codes', 'access_tokens', 'user_tokens', 'users',
] as const;

/** Columns added after the first release, with their definitions: older database files get them on open. */
const ADDED_COLUMNS: Record<string, Record<string, string>> = {
  access_tokens: {
    family_id: "TEXT NOT NULL DEFAULT ''",
    scope: "TEXT NOT NULL DEFAULT 'read write'",
    refreshed_at: 'INTEGER',
    family_started_at: 'INTEGER',
  },
  cards: { tokenize_secret: 'TEXT' },
  orders: {
    payment_status: 'TEXT',
    insurance_rate_bp: 'INTEGER',
    insurance_minimum_cents: 'INTEGER',
    insurance_covers: 'TEXT',
    checkout_shipping_option: 'TEXT',
    checkout_shipping_cents: 'INTEGER',
    checkout_insurance_cents: 'INTEGER',
    checkout_declaration_confirmed_at: 'TEXT',
    checkout_sub_total_cents: 'INTEGER',
    paid_attempt_id: 'INTEGER',
    paid_amount_cents: 'INTEGER',
    paid_at: 'TEXT',
    courier_name: 'TEXT',
    courier_waybill: 'TEXT',
    courier_tracking_url: 'TEXT',
    checkout_credit_cents: 'INTEGER',
    delivery_method: 'TEXT',
    pickup_point_code: 'TEXT',
    weight_grams: 'INTEGER',
    shipment_id: 'INTEGER',
  },
  payment_attempts: { credit_cents: 'INTEGER NOT NULL DEFAULT 0' },
  products: {
    if_unavailable: 'TEXT',
    alternative: 'TEXT',
    declared_description: 'TEXT',
    declared_value_cents: 'INTEGER',
    country_of_origin: 'TEXT',
  },
  outbox: { channel: "TEXT NOT NULL DEFAULT 'email'" },
  social_codes: { code_challenge: 'TEXT', nonce: 'TEXT', redirect_uri: 'TEXT' },
  push_subscriptions: { family_id: "TEXT NOT NULL DEFAULT ''", show_details: 'INTEGER NOT NULL DEFAULT 0' },
};

function migrate(db: Db): void {
  for (const [table, columns] of Object.entries(ADDED_COLUMNS)) {
    const present = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name));
    for (const [column, definition] of Object.entries(columns)) {
      if (!present.has(column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
    }
  }
  // Tokens issued before families existed each form their own family.
  db.exec("UPDATE access_tokens SET family_id = 'legacy-' || id WHERE family_id = ''");
  // A family from before the sign-in time was kept started with its oldest token.
  db.exec(`UPDATE access_tokens SET family_started_at = (SELECT MIN(f.created_at) FROM access_tokens f WHERE f.family_id = access_tokens.family_id)
    WHERE family_started_at IS NULL`);
}

/** Opens (creating if needed) the SQLite database and its schema. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Db(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec(SCHEMA);
  migrate(db);
  return db;
}

/** Current time as an ISO 8601 UTC string. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** A date `days` from today as YYYY-MM-DD (UTC). */
export function dateFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
