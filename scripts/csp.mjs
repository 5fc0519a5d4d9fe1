import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { htmlFiles } from './html-files.mjs';

const hash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function origin(url) {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** The Content-Security-Policy of one page: hashes of its inline scripts and styles, nothing inline otherwise. */
export function policyFor(html, { apiHost, paymentHosts }) {
  const scripts = new Set();
  const styles = new Set();
  const styleAttrs = new Set();
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (!/type="application\/(ld\+)?json"/i.test(m[0])) scripts.add(hash(m[1]));
  }
  for (const m of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)) styles.add(hash(m[1]));
  for (const m of html.matchAll(/\sstyle="([^"]*)"/gi)) styleAttrs.add(hash(m[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&')));
  const api = origin(apiHost);
  const pay = paymentHosts.map((h) => `https://${h}`);
  const styleSrc = ["'self'", ...styles, ...(styleAttrs.size ? ["'unsafe-hashes'", ...styleAttrs] : [])];
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scripts].join(' ')}`.trim(),
    `style-src ${styleSrc.join(' ')}`,
    `img-src 'self' data: blob: ${api}`.trim(),
    `connect-src 'self' ${api}`.trim(),
    "font-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-src 'none'",
    // The service worker (scripts/pwa.mjs) is this site's /sw.js; no page starts a worker from a blob.
    "worker-src 'self'",
    "manifest-src 'self'",
    `form-action 'self' ${api} ${pay.join(' ')}`.trim(),
  ].join('; ');
}

/** Inline event handler attributes, which no policy here allows. */
export function inlineHandlers(html) {
  // Unquoted values and spaces around '=' count too: the browser runs them all the same.
  return [...html.matchAll(/<[a-z][^>]*\son[a-z]+\s*=[^>]*>/gi)].map((m) => m[0].slice(0, 80));
}

/** Astro integration: after the build, puts a hash-based CSP meta tag first in every page's head. */
export function cspIntegration({ apiHost, paymentHosts } = {}) {
  return {
    name: 'shopper-csp',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const settings = {
          apiHost: apiHost || 'http://127.0.0.1:4010',
          paymentHosts: (paymentHosts || 'www.payfast.co.za,sandbox.payfast.co.za')
            .split(',')
            .map((h) => h.trim())
            .filter((h) => h && !/^(127\.0\.0\.1|localhost)(:|$)/.test(h)),
        };
        const files = await htmlFiles(root);
        for (const file of files) {
          const html = await readFile(file, 'utf8');
          const handlers = inlineHandlers(html);
          if (handlers.length) throw new Error(`Inline event handler in ${file}: ${handlers[0]}`);
          const meta = `<meta http-equiv="Content-Security-Policy" content="${policyFor(html, settings)}">`;
          // The charset must stay within the first 1024 bytes, so the policy goes right after it.
          const charset = /<meta charset="?[\w-]+"?\s*\/?>/i;
          await writeFile(file, charset.test(html) ? html.replace(charset, (m) => `${m}${meta}`) : html.replace(/<head([^>]*)>/i, `<head$1>${meta}`));
        }
        logger.info(`CSP meta tag written to ${files.length} pages`);
      },
    },
  };
}
