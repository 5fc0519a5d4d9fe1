import { describe, expect, it } from 'vitest';
import { isAllowedPaymentRedirect, type RedirectPolicy } from '../../src/lib/payment-redirect';

const policy: RedirectPolicy = {
  hosts: ['127.0.0.1:4010', 'localhost:4010', 'www.payfast.co.za', 'sandbox.payfast.co.za'],
  apiHost: 'http://127.0.0.1:4010',
};

describe('isAllowedPaymentRedirect', () => {
  it('accepts https on a listed payment host', () => {
    expect(isAllowedPaymentRedirect('https://www.payfast.co.za/eng/process?token=1', policy)).toBe(true);
    expect(isAllowedPaymentRedirect('https://SANDBOX.payfast.co.za/cards/9', policy)).toBe(true);
  });

  it("accepts plain http only on the sandbox's own host", () => {
    expect(isAllowedPaymentRedirect('http://127.0.0.1:4010/stand-in/payfast/cards/3', policy)).toBe(true);
    expect(isAllowedPaymentRedirect('http://localhost:4010/stand-in/payfast/cards/3', policy)).toBe(false);
    expect(isAllowedPaymentRedirect('http://www.payfast.co.za/eng/process', policy)).toBe(false);
  });

  it('refuses hosts that are not listed, look-alikes and other ports', () => {
    expect(isAllowedPaymentRedirect('https://evil.example/x', policy)).toBe(false);
    expect(isAllowedPaymentRedirect('https://www.payfast.co.za.evil.example/x', policy)).toBe(false);
    expect(isAllowedPaymentRedirect('https://payfast.co.za/x', policy)).toBe(false);
    expect(isAllowedPaymentRedirect('https://www.payfast.co.za:8443/x', policy)).toBe(false);
    expect(isAllowedPaymentRedirect('http://127.0.0.1:4011/stand-in/payfast/cards/3', policy)).toBe(false);
  });

  it('refuses other schemes, credentials, relative and malformed locations', () => {
    expect(isAllowedPaymentRedirect('javascript:alert(1)', policy)).toBe(false);
    expect(isAllowedPaymentRedirect('data:text/html,hi', policy)).toBe(false);
    expect(isAllowedPaymentRedirect('ftp://www.payfast.co.za/x', policy)).toBe(false);
    expect(isAllowedPaymentRedirect('https://user:pw@www.payfast.co.za/x', policy)).toBe(false);
    expect(isAllowedPaymentRedirect('//www.payfast.co.za/x', policy)).toBe(false);
    expect(isAllowedPaymentRedirect('/stand-in/payfast/cards/3', policy)).toBe(false);
    expect(isAllowedPaymentRedirect('not a url', policy)).toBe(false);
  });

  it.each([
    ['plain http on a listed host that is not the API', 'http://sandbox.payfast.co.za/eng/process'],
    ['javascript: naming a listed host', 'javascript://www.payfast.co.za/%0Aalert(1)'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['a listed host as userinfo', 'https://www.payfast.co.za@evil.example/'],
    ['a listed host and port as userinfo', 'https://www.payfast.co.za:443@evil.example/'],
    ['an encoded @ before the host', 'https://www.payfast.co.za%40evil.example/'],
    ['a backslash before the userinfo', 'https://evil.example\\@www.payfast.co.za/'],
    ['the API host under https on another port', 'https://127.0.0.1:4011/stand-in'],
  ])('refuses %s (security cases)', (_what, location) => {
    expect(isAllowedPaymentRedirect(location, policy)).toBe(false);
  });

  it('refuses a missing or non-text location', () => {
    expect(isAllowedPaymentRedirect(undefined, policy)).toBe(false);
    expect(isAllowedPaymentRedirect(null, policy)).toBe(false);
    expect(isAllowedPaymentRedirect('', policy)).toBe(false);
    expect(isAllowedPaymentRedirect(42, policy)).toBe(false);
  });

  it('uses the build-time settings by default (sandbox on 4010)', () => {
    expect(isAllowedPaymentRedirect('https://evil.example/x')).toBe(false);
    expect(isAllowedPaymentRedirect('https://www.payfast.co.za/x')).toBe(true);
  });
});
