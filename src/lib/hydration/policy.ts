import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroUserConfig } from 'astro';

/** One directive as `security.csp.directives` takes it (Astro does not export the type by name). */
type CspDirective = NonNullable<Exclude<NonNullable<AstroUserConfig['security']>['csp'], boolean | undefined>['directives']>[number];

const hashOf = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

// A host that is not a URL is left out rather than written into the policy.
const sources = (...list: string[]): string => list.filter(Boolean).join(' ');

/** Where the pages' API and payment forms go: the API origin, and the https payment hosts (the sandbox's own excluded). */
export interface PolicyHosts {
  apiHost?: string;
  paymentHosts?: string;
}

/**
 * The directives of every page's policy besides script-src and style-src, which Astro writes from the hashes of the
 * page's own inline scripts and styles (`security.csp` in astro.config.mjs). A meta tag cannot carry frame-ancestors:
 * public/_headers sends it.
 */
export function policyDirectives({ apiHost, paymentHosts }: PolicyHosts): CspDirective[] {
  const api = origin(apiHost || 'http://127.0.0.1:4010');
  const pay = (paymentHosts || 'www.payfast.co.za,sandbox.payfast.co.za')
    .split(',')
    .map((host) => host.trim())
    .filter((host) => host && !/^(127\.0\.0\.1|localhost)(:|$)/.test(host))
    .map((host) => `https://${host}`);
  return [
    "default-src 'self'",
    `img-src ${sources("'self'", 'data:', 'blob:', api)}`,
    `connect-src ${sources("'self'", api)}`,
    "font-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-src 'none'",
    // The service worker (scripts/pwa.mjs) is this site's /sw.js; no page starts a worker from a blob.
    "worker-src 'self'",
    "manifest-src 'self'",
    `form-action ${sources("'self'", api, ...pay)}`,
  ];
}

/**
 * What is wrong with one built page's Content-Security-Policy, as Astro wrote it: none, or one sentence per fault.
 * The policy must be the page's only one, come before its first script, allow no inline script by keyword, and hash
 * every inline script of the page; no element may carry an inline event handler or a style attribute, which no policy
 * here allows.
 */
export function policyFaults(html: string): string[] {
  const metas = [...html.matchAll(/<meta http-equiv="content-security-policy" content="([^"]*)"/gi)];
  if (metas.length !== 1) return [`${metas.length} CSP meta tags, not one`];
  const [meta] = metas;
  const faults: string[] = [];
  const firstScript = html.search(/<script\b/i);
  if (firstScript >= 0 && firstScript < (meta?.index ?? 0)) faults.push('a script comes before the CSP meta tag');
  const scriptSrc = (meta?.[1] ?? '').split(';').map((part) => part.trim().split(/\s+/)).find(([name]) => name === 'script-src') ?? [];
  if (scriptSrc.some((source) => /^'unsafe-(inline|eval)'$/.test(source))) faults.push("script-src allows 'unsafe-inline' or 'unsafe-eval'");
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/.test(attributes ?? '') || /type="application\/(ld\+)?json"/i.test(attributes ?? '')) continue;
    if (!scriptSrc.includes(hashOf(body ?? ''))) faults.push(`an inline script is not hashed in script-src: ${(body ?? '').slice(0, 60)}`);
  }
  // Unquoted values and spaces around '=' count too: the browser runs them all the same.
  for (const [tag] of html.matchAll(/<[a-z][^>]*\son[a-z]+\s*=[^>]*>/gi)) faults.push(`an inline event handler: ${tag.slice(0, 80)}`);
  // Astro hashes <style> elements, not style attributes, which the policy therefore blocks.
  for (const [tag] of html.matchAll(/<[a-z][^>]*\sstyle\s*=[^>]*>/gi)) faults.push(`a style attribute: ${tag.slice(0, 80)}`);
  return faults;
}

/** Checks every built page under `dir` and throws naming the first page whose policy is wrong; returns the page count. */
export async function checkPolicies(dir: URL): Promise<number> {
  const root = fileURLToPath(dir);
  const pages = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html'));
  for (const page of pages) {
    const faults = policyFaults(await readFile(join(root, page), 'utf8'));
    if (faults.length > 0) throw new Error(`The Content-Security-Policy of ${page} is wrong: ${faults.join('; ')}`);
  }
  return pages.length;
}
