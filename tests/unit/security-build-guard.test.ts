import { describe, expect, it } from 'vitest';
import { buildConfigProblems, buildGuardIntegration } from '../../scripts/build-guard.mjs';

const PRODUCTION = { PUBLIC_API_HOST: 'https://api.shopper.example', PUBLIC_PAYMENT_HOSTS: 'www.payfast.co.za', PUBLIC_OAUTH_CLIENT_SECRET: '' };

function refusal(env: Record<string, string | undefined>): string {
  const hook = buildGuardIntegration(env).hooks['astro:config:setup'];
  try {
    hook({ command: 'build' });
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

describe('the build guard', () => {
  it('refuses a client secret in PUBLIC_OAUTH_CLIENT_SECRET, saying it would ship in the bundle', () => {
    const message = refusal({ ...PRODUCTION, PUBLIC_OAUTH_CLIENT_SECRET: 's3cret' });
    expect(message).toContain('Refusing to build');
    expect(message).toContain('PUBLIC_OAUTH_CLIENT_SECRET is set');
    expect(message).toContain('the secret would be public');
  });

  it('refuses a real API while PUBLIC_PAYMENT_HOSTS is left unset (the sandbox hosts stay allowed)', () => {
    const message = refusal({ PUBLIC_API_HOST: 'https://api.shopper.example' });
    expect(message).toContain('PUBLIC_PAYMENT_HOSTS allows 127.0.0.1:4010, localhost:4010 while PUBLIC_API_HOST is https://api.shopper.example');
    expect(message).toContain('left unset');
  });

  it('refuses a real API while PUBLIC_PAYMENT_HOSTS names a localhost or 127.0.0.1 host', () => {
    expect(refusal({ ...PRODUCTION, PUBLIC_PAYMENT_HOSTS: 'www.payfast.co.za, localhost:8080' })).toContain('PUBLIC_PAYMENT_HOSTS allows localhost:8080');
    expect(refusal({ ...PRODUCTION, PUBLIC_PAYMENT_HOSTS: '127.0.0.1:9000' })).toContain('PUBLIC_PAYMENT_HOSTS allows 127.0.0.1:9000');
  });

  it.each([
    [{ SITE_URL: 'https://shopper.example' }, 'PUBLIC_API_HOST is not set in a build that is not local (SITE_URL is https://shopper.example)'],
    [{ SITE_URL: 'https://shopper.example', PUBLIC_API_HOST: ' ' }, 'PUBLIC_API_HOST is not set'],
    [{ SITE_URL: 'https://shopper.example', PUBLIC_API_HOST: 'http://api.shopper.example' }, 'PUBLIC_API_HOST is http://api.shopper.example, not an https origin'],
    [{ SITE_URL: 'https://shopper.example', PUBLIC_API_HOST: 'http://127.0.0.1:4010' }, 'PUBLIC_API_HOST is http://127.0.0.1:4010, not an https origin'],
    [{ SITE_URL: 'https://shopper.example', PUBLIC_API_HOST: 'api.shopper.example' }, 'PUBLIC_API_HOST is api.shopper.example, not an https origin'],
    [{ PUBLIC_API_HOST: 'http://api.shopper.example', PUBLIC_PAYMENT_HOSTS: 'www.payfast.co.za' }, 'PUBLIC_API_HOST is http://api.shopper.example, not an https origin, in a build that is not local (the API host api.shopper.example is not local)'],
    [{ ...PRODUCTION, SITE_URL: 'https://shopper.example', PUBLIC_PAYMENT_HOSTS: 'http://pay.example' }, 'PUBLIC_PAYMENT_HOSTS names http://pay.example in a build that is not local'],
    [{ ...PRODUCTION, PUBLIC_PAYMENT_HOSTS: 'www.payfast.co.za, HTTP://www.payfast.co.za' }, 'PUBLIC_PAYMENT_HOSTS names HTTP://www.payfast.co.za'],
  ])('refuses a build that is not local without an https API or with an http payment host: %j', (env, expected) => {
    const message = refusal(env);
    expect(message).toContain('Refusing to build');
    expect(message).toContain(expected);
  });

  it.each([
    [{}],
    [{ SITE_URL: 'http://127.0.0.1:4321' }],
    [{ SITE_URL: 'http://localhost:4399', PUBLIC_API_HOST: 'http://localhost:4010', PUBLIC_PAYMENT_HOSTS: 'localhost:4010' }],
    [{ SITE_URL: 'http://192.168.1.20:4321', PUBLIC_API_HOST: 'http://192.168.1.20:4010', PUBLIC_PAYMENT_HOSTS: '192.168.1.20:4010' }],
    [{ SITE_URL: 'http://laptop.local:4321' }],
    [{ SITE_URL: 'http://[::1]:4321', PUBLIC_API_HOST: 'http://[::1]:4010', PUBLIC_PAYMENT_HOSTS: '[::1]:4010' }],
    [{ ...PRODUCTION, SITE_URL: 'https://shopper.example' }],
    [{ ...PRODUCTION, SITE_URL: 'http://127.0.0.1:4321' }],
  ])('builds on this machine or its LAN without an API host or https, and a proper production build: %j', (env) => {
    expect(buildConfigProblems(env)).toEqual([]);
  });

  it('builds what npm start, the e2e and the bench build against the sandbox', async () => {
    const { sandboxBuildEnv } = await import('../../scripts/build-env.mjs');
    const saved = { SITE_URL: process.env.SITE_URL, PUBLIC_API_HOST: process.env.PUBLIC_API_HOST, PUBLIC_PAYMENT_HOSTS: process.env.PUBLIC_PAYMENT_HOSTS };
    for (const name of Object.keys(saved)) delete process.env[name];
    try {
      for (const ports of [{}, { sitePort: 4399, apiPort: 4020 }, { sitePort: 4361, apiPort: 4014 }]) {
        expect(buildConfigProblems(sandboxBuildEnv(ports))).toEqual([]);
      }
    } finally {
      for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
    }
  });

  it('names every problem at once', () => {
    expect(buildConfigProblems({ PUBLIC_API_HOST: 'https://api.shopper.example', PUBLIC_OAUTH_CLIENT_SECRET: 'x' })).toHaveLength(2);
  });

  it('accepts the sandbox defaults, the sandbox on another port, and a proper production configuration', () => {
    expect(buildConfigProblems({})).toEqual([]);
    expect(buildConfigProblems({ PUBLIC_API_HOST: 'http://127.0.0.1:4020', PUBLIC_PAYMENT_HOSTS: '127.0.0.1:4020' })).toEqual([]);
    expect(buildConfigProblems(PRODUCTION)).toEqual([]);
    expect(refusal(PRODUCTION)).toBe('');
  });

  it('only guards builds, not the dev server', () => {
    const hook = buildGuardIntegration({ PUBLIC_OAUTH_CLIENT_SECRET: 'x' }).hooks['astro:config:setup'];
    expect(() => hook({ command: 'dev' })).not.toThrow();
  });
});
