import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Field error map sent as `errors` in JSON error bodies. */
export type FieldErrors = Record<string, string[]>;

/** An error that the onError handler turns into `{ error, errors? }` JSON. */
export class HttpError extends Error {
  /** Creates an error answered with `status`, an optional field map or extra body, and optional headers (a 429's Retry-After). */
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldErrors | Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** 404 for unknown ids and for ids of another user's records. */
export function notFound(): HttpError {
  return new HttpError(404, 'Not found');
}

/** Plain JSON object check (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a JSON or form-encoded body; an empty body is `{}`; bad JSON is a 400. */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  const text = await c.req.text();
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Malformed JSON');
  }
  if (!isRecord(parsed)) throw new HttpError(400, 'Request body must be a JSON object');
  return parsed;
}

/** Returns the nested object `key` of a body, as Rails strong parameters require. */
export function requireParam(body: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = body[key];
  if (!isRecord(value)) throw new HttpError(400, `param is missing or the value is empty: ${key}`);
  return value;
}

/** Parses a positive integer id from a path or field; undefined when it is not one. */
export function parseId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** Path id that must be a positive integer, else 404. */
export function pathId(c: Context, name = 'id'): number {
  const id = parseId(c.req.param(name));
  if (id === undefined) throw notFound();
  return id;
}

/** Page and per-page from the query (per defaults to 25, at most 100). */
export function paging(c: Context): { page: number; per: number; offset: number } {
  const page = parseId(c.req.query('page')) ?? 1;
  const per = Math.min(parseId(c.req.query('per')) ?? 25, 100);
  return { page, per, offset: (page - 1) * per };
}

/** The `meta` block of a paged list. */
export function pageMeta(page: number, per: number, total: number) {
  return { current_page: page, total_pages: Math.ceil(total / per), total_count: total };
}

/** Longest accepted text field unless a field says otherwise (names, addresses, comments, reasons, titles). */
export const MAX_TEXT = 255;
/** Longest accepted URL (product links). */
export const MAX_URL = 2048;
/** Longest accepted message (contact query body, advertise message). */
export const MAX_MESSAGE = 5000;

/** The Rails length message for a field longer than `max`. */
export function tooLong(max: number): string {
  return `is too long (maximum is ${max} characters)`;
}

/** Collects field errors while reading request fields, then throws one 422. */
export class FieldReader {
  readonly errors: FieldErrors = {};

  /** Wraps the object the fields come from. */
  constructor(private readonly source: Record<string, unknown>) {}

  /** Records an error message for a field. */
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /** Reads a string field of at most `max` characters (default {@link MAX_TEXT}); any other JSON type (numbers too) is a `must be a string` error. */
  string(field: string, options: { required?: boolean; max?: number } = {}): string | undefined {
    const value = this.source[field];
    if (value === undefined || value === null) {
      if (options.required) this.add(field, "can't be blank");
      return undefined;
    }
    if (typeof value !== 'string') {
      this.add(field, 'must be a string');
      return undefined;
    }
    if (options.required && value.trim() === '') {
      this.add(field, "can't be blank");
      return undefined;
    }
    const max = options.max ?? MAX_TEXT;
    if (value.length > max) {
      this.add(field, tooLong(max));
      return undefined;
    }
    return value;
  }

  /** Reads an optional boolean (JSON boolean or "true"/"false"). */
  boolean(field: string): boolean | undefined {
    const value = this.source[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
    this.add(field, 'must be true or false');
    return undefined;
  }

  /** Throws a 422 with every collected error, naming the first in `error`. */
  check(): void {
    const first = Object.entries(this.errors)[0];
    if (!first) return;
    const [field, messages] = first;
    const message = messages[0] ?? 'is invalid';
    const human = /^[A-Z]/.test(message) ? message : `${humanize(field)} ${message}`;
    throw new HttpError(422, human, this.errors);
  }
}

/** `postal_code` -> `Postal code`, as Rails humanizes attribute names. */
export function humanize(field: string): string {
  const text = field.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
