import { fileURLToPath } from 'node:url';
import { splitTrustedProxies } from './client-address';
import { parseRateLimits } from './rate-limit';
import { startSandbox } from './server';
import { shapeFromEnv } from './shape';

const env = process.env;
const db = env.SANDBOX_DB || fileURLToPath(new URL('../data/sandbox.db', import.meta.url));
const faults = env.SANDBOX_FAULTS === '1';
const lifetime = env.SANDBOX_TOKEN_LIFETIME ? Number(env.SANDBOX_TOKEN_LIFETIME) : undefined;
const refreshLifetime = env.SANDBOX_REFRESH_LIFETIME ? Number(env.SANDBOX_REFRESH_LIFETIME) : undefined;
const familyLifetime = env.SANDBOX_FAMILY_LIFETIME ? Number(env.SANDBOX_FAMILY_LIFETIME) : undefined;
const reminderSeconds = env.SANDBOX_PUSH_REMINDER_SECONDS ? Number(env.SANDBOX_PUSH_REMINDER_SECONDS) : undefined;
if (lifetime !== undefined && !faults) console.warn('SANDBOX_TOKEN_LIFETIME is a fault switch: ignored without SANDBOX_FAULTS=1');

const running = await startSandbox({
  db,
  port: env.SANDBOX_PORT ? Number(env.SANDBOX_PORT) : 4010,
  host: env.SANDBOX_HOST || '127.0.0.1',
  publicUrl: env.SANDBOX_PUBLIC_URL || undefined,
  faults,
  uploadsDir: env.SANDBOX_UPLOADS_DIR || undefined,
  siteOrigin: env.SANDBOX_SITE_ORIGIN || undefined,
  clientIds: ['shopper-web', ...(env.SANDBOX_CLIENT_IDS ?? '').split(',').map((id) => id.trim()).filter(Boolean)],
  tokenLifetime: Number.isInteger(lifetime) ? lifetime : undefined,
  refreshTokenLifetime: Number.isInteger(refreshLifetime) ? refreshLifetime : undefined,
  refreshFamilyLifetime: Number.isInteger(familyLifetime) ? familyLifetime : undefined,
  shape: shapeFromEnv(env.SANDBOX_SHAPE),
  payment: env.SANDBOX_PAYMENT === 'redirect' ? 'redirect' : 'direct',
  rateLimits: env.SANDBOX_RATE_LIMITS ? parseRateLimits(env.SANDBOX_RATE_LIMITS) : undefined,
  trustedProxies: splitTrustedProxies(env.SANDBOX_TRUSTED_PROXIES),
  pushReminderSeconds: reminderSeconds !== undefined && Number.isFinite(reminderSeconds) && reminderSeconds >= 0 ? reminderSeconds : undefined,
});
console.log(
  `Sandbox API listening on ${running.url} (${running.ctx.shape === 'envelope' ? '{ data } envelope' : 'spec'} shape, ${running.ctx.payments.flow} payments)`,
);

const stop = () => {
  void running.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
