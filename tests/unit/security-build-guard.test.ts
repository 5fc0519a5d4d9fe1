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
