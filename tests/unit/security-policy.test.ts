import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkPolicies, policyDirectives, policyFaults } from '../../src/lib/hydration/policy';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const INLINE = "document.documentElement.dataset.session='guest'";

/** A page as Astro writes it: the policy meta in the head, then the head's inline script, a module and JSON-LD. */
function page(scriptSrc: string, body = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'self';script-src ${scriptSrc};">
<script>${INLINE}</script><script type="module" src="/_astro/shell.js"></script><script type="application/ld+json">{"@type":"Organization"}</script>
</head><body>${body}</body></html>`;
}

/** The directives as a map from name to sources. */
function directives(list: string[]): Map<string, string[]> {
  return new Map(
    list.map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('policyFaults: the build fails on a policy that misses a script', () => {
  it('passes a page whose every inline script is hashed (JSON data and external modules need no hash)', () => {
    expect(policyFaults(page(`'self' ${hash(INLINE)}`))).toEqual([]);
  });

  it('names an inline script that Astro did not hash', () => {
    expect(policyFaults(page(`'self' ${hash(INLINE)}`, '<script>alert(1)</script>'))).toEqual(['an inline script is not hashed in script-src: alert(1)']);
  });

  it("refuses 'unsafe-inline' and 'unsafe-eval', a script before the policy, and a page with no policy or two", () => {
    expect(policyFaults(page(`'self' 'unsafe-inline' ${hash(INLINE)}`))).toContain("script-src allows 'unsafe-inline' or 'unsafe-eval'");
    expect(policyFaults(`<script>${INLINE}</script>${page(`'self' ${hash(INLINE)}`)}`)).toContain('a script comes before the CSP meta tag');
    expect(policyFaults('<p>no policy</p>')).toEqual(['0 CSP meta tags, not one']);
    expect(policyFaults(page("'self'") + page("'self'"))).toEqual(['2 CSP meta tags, not one']);
  });

  it('finds inline event handlers, quoted or not, and style attributes, and ignores data attributes and text that mentions one', () => {
    const ok = `'self' ${hash(INLINE)}`;
    for (const handler of ['<button type="button" onclick="go()">Go</button>', "<img src=x onerror='alert(1)'>", '<img src=x onerror=alert(1)>', '<div\nonload = "x()">']) {
      expect(policyFaults(page(ok, handler)), handler).toHaveLength(1);
    }
    expect(policyFaults(page(ok, '<a data-onclick="x" aria-label="on=1" href="/">on</a><p>Turn onclick=off here</p>'))).toEqual([]);
    expect(policyFaults(page(ok, '<div style="width:50%">x</div>'))).toEqual(['a style attribute: <div style="width:50%">']);
  });

  it('checks every page of a build, naming the page that is wrong', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'policy-'));
    try {
      mkdirSync(join(dir, 'about-us'));
      writeFileSync(join(dir, 'index.html'), page(`'self' ${hash(INLINE)}`));
      writeFileSync(join(dir, 'about-us', 'index.html'), page(`'self' ${hash(INLINE)}`));
      expect(await checkPolicies(pathToFileURL(`${dir}/`))).toBe(2);
      writeFileSync(join(dir, 'about-us', 'index.html'), page("'self'"));
      await expect(checkPolicies(pathToFileURL(`${dir}/`))).rejects.toThrow(/about-us\/index\.html is wrong: an inline script is not hashed/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('policyDirectives: what the policy allows besides scripts and styles', () => {
  const policy = directives(policyDirectives({ apiHost: 'https://api.shopper.example/ignored/path', paymentHosts: 'www.payfast.co.za, sandbox.payfast.co.za,127.0.0.1:4010' }));

  it('shuts plugins, base changes and frames out, and lets in only the site, the API and the payment hosts', () => {
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.shopper.example']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://api.shopper.example']);
    expect(policy.get('form-action')).toEqual(["'self'", 'https://api.shopper.example', 'https://www.payfast.co.za', 'https://sandbox.payfast.co.za']);
    expect([...policy.keys()].join(' ')).not.toMatch(/script-src|style-src/);
    expect(policyDirectives({}).join(';')).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|"/);
  });

  it('leaves a malformed API host out rather than writing it into the policy', () => {
    const bad = directives(policyDirectives({ apiHost: 'not a url', paymentHosts: ' ' }));
    expect(bad.get('connect-src')).toEqual(["'self'"]);
    expect(bad.get('form-action')).toEqual(["'self'"]);
  });

  it('leaves frame-ancestors to public/_headers, as a meta tag cannot carry it', () => {
    expect(policy.has('frame-ancestors')).toBe(false);
    expect(readFileSync('public/_headers', 'utf8')).toMatch(/Content-Security-Policy: frame-ancestors 'none'/);
  });
});
