import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv, SandboxContext } from './context';
import { HttpError } from './http';

/** Smallest accepted upload in bytes (SPEC 9: 50KB). */
export const MIN_UPLOAD_BYTES = 50_000;
/** Largest accepted upload in bytes (SPEC 9: 10MB). */
export const MAX_UPLOAD_BYTES = 10_000_000;

const TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const;

type ImageExt = keyof typeof TYPES;

/** Recognises jpeg, png and webp by their magic bytes. */
export function detectImage(bytes: Uint8Array): ImageExt | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16));
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/**
 * The uploads folder of a database: named after its file (`sandbox.db` keeps them in `sandbox.db-uploads`, as SQLite
 * names its `-wal`), so two databases in one folder never share (a reset empties only its own); a fresh temporary folder
 * for `:memory:`.
 */
export function defaultUploadsDir(dbFile: string): string {
  if (dbFile === ':memory:') return fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-uploads-'));
  return `${path.resolve(dbFile)}-uploads`;
}

/** Writes image bytes under a random name and returns the name. */
export function saveUpload(uploadsDir: string, bytes: Uint8Array, ext: ImageExt): string {
  fs.mkdirSync(uploadsDir, { recursive: true });
  const name = `${crypto.randomBytes(12).toString('hex')}.${ext}`;
  fs.writeFileSync(path.join(uploadsDir, name), bytes);
  return name;
}

/** Size in bytes of a stored upload, or null when the file is missing. */
export function uploadSize(uploadsDir: string, name: string): number | null {
  try {
    return fs.statSync(path.join(uploadsDir, name)).size;
  } catch {
    return null;
  }
}

/** Seconds a link to an upload lasts at least; links made within the same window are the same, so a browser's cache keeps the image. */
export const UPLOAD_LINK_SECONDS = 3600;

function uploadSignature(ctx: SandboxContext, name: string, expires: number): string {
  return crypto.createHmac('sha256', ctx.uploadKey).update(`${name}:${expires}`).digest('base64url');
}

/**
 * The link to a stored upload (a product's screenshot, a return's photo) that the owner's answers carry: signed, and
 * good for one to two {@link UPLOAD_LINK_SECONDS}, so an `<img>` shows it without a token and a copied link ends.
 */
export function uploadUrl(ctx: SandboxContext, origin: string, name: string | null, now = Date.now()): string | null {
  if (!name) return null;
  const expires = (Math.ceil(now / 1000 / UPLOAD_LINK_SECONDS) + 1) * UPLOAD_LINK_SECONDS;
  return `${origin}/uploads/${name}?expires=${expires}&signature=${uploadSignature(ctx, name, expires)}`;
}

/** Seconds the link of `name` with this query still lasts, or 0 when it is unsigned, forged or expired. */
function linkSecondsLeft(ctx: SandboxContext, name: string, expires: string | undefined, signature: string | undefined, now: number): number {
  if (!expires || !/^\d{1,12}$/.test(expires) || !signature) return 0;
  const expected = Buffer.from(uploadSignature(ctx, name, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 0;
  return Math.max(0, Number(expires) - Math.floor(now / 1000));
}

/**
 * Checks a multipart image field (SPEC 5 image rule) and stores it.
 * Throws 422 `{ error, errors: { [errorKeys]: [message] } }` when it is missing or not acceptable.
 */
export async function acceptImage(
  ctx: SandboxContext,
  value: unknown,
  errorKeys: string[],
): Promise<string> {
  const fail = (message: string): never => {
    throw new HttpError(422, message, Object.fromEntries(errorKeys.map((k) => [k, [message]])));
  };
  const problem = await imageProblem(value);
  if (problem) fail(problem);
  const bytes = new Uint8Array(await (value as File).arrayBuffer());
  return saveUpload(ctx.uploadsDir, bytes, detectImage(bytes) as ImageExt);
}

/** The SPEC 5 message for an unacceptable image field, or undefined when it is fine. */
export async function imageProblem(value: unknown): Promise<string | undefined> {
  if (!(value instanceof File) || value.size === 0) return 'Image is required.';
  const head = new Uint8Array(await value.slice(0, 16).arrayBuffer());
  if (!detectImage(head)) return '.jpg, .jpeg, .png and .webp files are accepted.';
  if (value.size < MIN_UPLOAD_BYTES) return 'Min file size is 50KB.';
  if (value.size > MAX_UPLOAD_BYTES) return 'Max file size is 10MB.';
  return undefined;
}

/** GET /uploads/{name}?expires&signature: serves a stored upload to the holder of its unexpired link, privately cached until the link ends. */
export function mountUploads(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.get('/uploads/:name', (c) => {
    const name = c.req.param('name');
    const match = /^[a-z0-9_-]+\.(png|jpg|webp)$/.exec(name);
    const ext = match?.[1] as ImageExt | undefined;
    if (!ext) throw new HttpError(404, 'Not found');
    const left = linkSecondsLeft(ctx, name, c.req.query('expires'), c.req.query('signature'), Date.now());
    if (left === 0) throw new HttpError(403, 'This image link has ended. Reload the page to see the image again.');
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(path.join(ctx.uploadsDir, name));
    } catch {
      throw new HttpError(404, 'Not found');
    }
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': TYPES[ext],
      // Only the owner's browser keeps it, and not beyond the link: never a shared cache, never immutable.
      'Cache-Control': `private, max-age=${left}`,
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
