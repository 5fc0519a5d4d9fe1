import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml', '.webmanifest': 'application/manifest+json', '.mp4': 'video/mp4', '.webm': 'video/webm', '.vtt': 'text/vtt', '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest']);

/** Reads Netlify-style `_redirects` rewrite rules (from, to, status 200). */
export function parseRedirects(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [from, to, status = '301'] = line.split(/\s+/);
      const pattern = new RegExp(`^${from.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
      return { pattern, to, status: Number(status) };
    });
}

/** Reads Netlify-style `_headers`: a path pattern line, then indented `Name: value` lines. */
export function parseHeaders(text) {
  const rules = [];
  for (const raw of text.split('\n')) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      const from = raw.trim();
      rules.push({ pattern: new RegExp(`^${from.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`), headers: {} });
    } else if (rules.length) {
      const at = raw.indexOf(':');
      rules[rules.length - 1].headers[raw.slice(0, at).trim()] = raw.slice(at + 1).trim();
    }
  }
  return rules;
}

async function fileAt(root, pathname) {
  const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const base = join(root, safe);
  if (!resolve(base).startsWith(resolve(root))) return undefined;
  for (const candidate of [base, join(base, 'index.html'), `${base}.html`]) {
    try {
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // Not this candidate; try the next.
    }
  }
  return undefined;
}

/** Serves the static build with the same rewrites and headers a static host applies. */
export function createSiteServer({ root = 'dist' } = {}) {
  const read = (name) => (existsSync(join(root, name)) ? readFileSync(join(root, name), 'utf8') : '');
  const redirects = parseRedirects(read('_redirects'));
  const headerRules = parseHeaders(read('_headers'));
  const cache = new Map();
  return createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      let pathname = url.pathname;
      let status = 200;
      let file = await fileAt(root, pathname);
      if (!file) {
        const rule = redirects.find((r) => r.pattern.test(pathname));
        if (rule && rule.status === 200) {
          pathname = rule.to;
          file = await fileAt(root, pathname);
        } else if (rule) {
          res.writeHead(rule.status, { Location: rule.to }).end();
          return;
        }
      }
      if (!file) {
        file = join(root, '404.html');
        status = 404;
      }
      const ext = extname(file);
      const headers = { 'Content-Type': TYPES[ext] ?? 'application/octet-stream', Vary: 'Accept-Encoding' };
      for (const rule of headerRules) if (rule.pattern.test(url.pathname)) Object.assign(headers, rule.headers);
      // A missing file must not be cached as if it were a fingerprinted asset.
      if (status !== 200) delete headers['Cache-Control'];
      let body = cache.get(file);
      if (!body) {
        const raw = await readFile(file);
        body = { raw, gz: COMPRESSIBLE.has(ext) ? gzipSync(raw, { level: 9 }) : undefined };
        cache.set(file, body);
      }
      const gzip = body.gz && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      if (gzip) headers['Content-Encoding'] = 'gzip';
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : gzip ? body.gz : body.raw);
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal error');
      console.error(error);
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 4321);
  const root = process.env.DIST ?? 'dist';
  createSiteServer({ root }).listen(port, '127.0.0.1', () => console.log(`Site: http://127.0.0.1:${port}/ (serving ${root})`));
}
