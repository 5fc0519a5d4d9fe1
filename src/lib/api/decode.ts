import { ApiError, UNKNOWN_MESSAGE } from './errors';

// The one decoding step every API answer passes through before its resource's mapper. It reads
// both dialects of SPEC section 7 (a bare body as a plain Rails API answers, `{ data }` as our
// sandbox's envelope dialect, or the resource under its own name) and casts field values the way
// Rails serialises them. Hand-written rather than yup: the public pages' advert and shop lists
// pass through here, and their script budget has no room for a schema library.

/** A JSON object as it came off the wire. */
export type WireRecord = Record<string, unknown>;

/** Paging facts of a list. */
export interface PageMeta {
  currentPage: number;
  totalPages: number;
  totalCount: number;
}

/** One decoded list: its items, and the paging facts when the answer carried them. */
export interface WireList {
  items: WireRecord[];
  meta?: PageMeta;
}

/** True for a plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is WireRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The error a screen shows for an answer that cannot be read as the expected resource (SPEC section 8). */
export function unreadable(what: string): ApiError {
  console.warn(`API answer could not be read as ${what}`);
  return new ApiError(UNKNOWN_MESSAGE, 'unknown');
}

function unwrapped(body: unknown, name: string): unknown {
  if (!isRecord(body) || 'id' in body) return body;
  if ('data' in body) return body.data;
  if (name in body) return body[name];
  return body;
}

/** Reads a single resource: a bare object, `{ data: {...} }` or `{ <name>: {...} }`. */
export function readOne(body: unknown, name: string): WireRecord {
  const value = unwrapped(body, name);
  if (!isRecord(value)) throw unreadable(name);
  return value;
}

/** Reads a resource that may be absent (a quote not issued yet): null, an empty body or `{ data: null }` is null. */
export function readOptional(body: unknown, name: string): WireRecord | null {
  if (body === null || body === undefined || body === '') return null;
  const value = unwrapped(body, name);
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) throw unreadable(name);
  return Object.keys(value).length === 0 ? null : value;
}

function metaFrom(value: unknown): PageMeta | undefined {
  if (!isRecord(value)) return undefined;
  const currentPage = asInt(value.current_page, 1);
  const totalPages = asInt(value.total_pages, 1);
  return { currentPage: Math.max(currentPage, 1), totalPages: Math.max(totalPages, 1), totalCount: asInt(value.total_count, 0) };
}

/** Reads a list: a bare array (one whole page), `{ data: [...] }` or `{ <plural>: [...] }`, each with an optional meta. */
export function readList(body: unknown, plural: string): WireList {
  if (Array.isArray(body)) return { items: body.filter(isRecord) };
  if (isRecord(body)) {
    const items = Array.isArray(body.data) ? body.data : Array.isArray(body[plural]) ? body[plural] : undefined;
    if (items) return { items: items.filter(isRecord), meta: metaFrom(body.meta) };
  }
  throw unreadable(plural);
}

/** Text of a field: a missing or null value is empty text, numbers become their digits. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Text, or null when the value is absent. */
export function asNullableText(value: unknown): string | null {
  const text = asText(value);
  return text === '' ? null : text;
}

/** A number from a number or a decimal string ("1200.0", "275.33"); absent or unreadable is `fallback`. */
export function asNumber(value: unknown, fallback = 0): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** An amount of money (rand, zero or more) from a number or a decimal string; absent, negative or unreadable is null. */
export function asAmount(value: unknown): number | null {
  const n = asNumber(value, NaN);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** A whole number (ids, quantities, counts) from a number or a numeric string; absent is `fallback` (ids default to 0). */
export function asInt(value: unknown, fallback = 0): number {
  const n = asNumber(value, NaN);
  return Number.isInteger(n) ? n : fallback;
}

/** An id that may be absent: null when missing or unreadable. */
export function asNullableInt(value: unknown): number | null {
  const n = asInt(value, NaN);
  return Number.isNaN(n) ? null : n;
}

/** A boolean from true/false or Rails' "true"/"false", "1"/"0"; anything else is `fallback`. */
export function asBool(value: unknown, fallback = false): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  return fallback;
}

/** A nested object, or undefined when it is absent or not an object. */
export function asRecord(value: unknown): WireRecord | undefined {
  return isRecord(value) ? value : undefined;
}

/** A nested array of objects; anything else is empty. */
export function asRecords(value: unknown): WireRecord[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** A word compared without regard to case or surrounding space: the canonical spelling from `known`, else the trimmed text. */
export function asWord<T extends string>(value: unknown, known: readonly T[]): T | string {
  const text = asText(value).trim();
  const key = text.toLowerCase();
  return known.find((word) => word.toLowerCase() === key) ?? text;
}
