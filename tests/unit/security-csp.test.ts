import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inlineHandlers, policyFor } from '../../scripts/csp.mjs';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const settings = { apiHost: 'https://api.shopper.example/ignored/path', paymentHosts: ['www.payfast.co.za', 'sandbox.payfast.co.za'] };

const INLINE = "document.documentElement.dataset.session='guest'";
const STYLE = '.x{color:red}';
const PAGE = `<!doctype html><html><head><meta charset="utf-8">
<script>${INLINE}</script>
<script type="module" src="/_astro/shell.js"></script>
<script type="application/ld+json">{"@type":"Organization"}</script>
<style>${STYLE}</style>
</head><body><div style="--w:&quot;a&quot; &amp; b">x</div></body></html>`;

/** The policy as a map from directive to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((part) => {
    const [name = '', ...sources] = part.trim().split(/\s+/);
    return [name, sources];
  }));
}

describe('policyFor', () => {
  const policy = directives(policyFor(PAGE, settings));

  it('allows scripts from the site and the hash of each inline script only', () => {
    expect(policy.get('script-src')).toEqual(["'self'", hash(INLINE)]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('allows inline styles and style attributes by hash, never unsafe-inline or unsafe-eval', () => {
    expect(policy.get('style-src')).toEqual(["'self'", hash(STYLE), "'unsafe-hashes'", hash('--w:"a" & b')]);
    const text = policyFor(PAGE, settings);
    expect(text).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
    expect(text).not.toContain('"');
    expect(directives(policyFor('<div style="">', settings)).get('style-src')).toEqual(["'self'", "'unsafe-hashes'", hash('')]);
    expect(directives(policyFor('<p>plain</p>', settings)).get('style-src')).toEqual(["'self'"]);
  });

  it('shuts plugins, base changes and frames out', () => {
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    // The service worker is the site's own script; the manifest too.
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
    // A meta tag cannot carry frame-ancestors; public/_headers sends it.
    expect(policy.has('frame-ancestors')).toBe(false);
    expect(readFileSync('public/_headers', 'utf8')).toMatch(/Content-Security-Policy: frame-ancestors 'none'/);
  });

  it('names the API origin (not its path) for connections and images, and the payment hosts for forms', () => {
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.shopper.example']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://api.shopper.example']);
    expect(policy.get('form-action')).toEqual(["'self'", 'https://api.shopper.example', 'https://www.payfast.co.za', 'https://sandbox.payfast.co.za']);
  });

  it('leaves a malformed API host out rather than writing it into the policy', () => {
    const bad = directives(policyFor('', { apiHost: 'not a url', paymentHosts: [] }));
    expect(bad.get('connect-src')).toEqual(["'self'"]);
    expect(bad.get('form-action')).toEqual(["'self'"]);
  });
});

describe('inlineHandlers', () => {
  it('finds event handler attributes, quoted or not', () => {
    expect(inlineHandlers('<button type="button" onclick="go()">Go</button>')).toHaveLength(1);
    expect(inlineHandlers("<img src=x onerror='alert(1)'>")).toHaveLength(1);
    expect(inlineHandlers('<img src=x onerror=alert(1)>')).toHaveLength(1);
    expect(inlineHandlers('<body\nonload = "x()">')).toHaveLength(1);
  });

  it('ignores data and aria attributes and text that merely mentions a handler', () => {
    expect(inlineHandlers('<a data-onclick="x" aria-label="on=1" href="/">on</a><p>Turn onclick=off here</p>')).toEqual([]);
  });
});
