import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer, parseHeaders } from '../../scripts/serve.mjs';

const headersFile = fs.readFileSync('public/_headers', 'utf8');
const rules = parseHeaders(headersFile) as { pattern: RegExp; headers: Record<string, string> }[];
/** The security headers every response must carry: the `/*` block of public/_headers. */
const SECURITY = rules.find((rule) => rule.pattern.source === /^\/.*$/.source)?.headers ?? {};

const nginxBlocks = [...fs.readFileSync('README.md', 'utf8').matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
const snippetName = /^# \/etc\/nginx\/(\S+)/m;

describe("the README's nginx example", () => {
  const snippet = nginxBlocks.find((block) => snippetName.test(block)) ?? '';
  const server = nginxBlocks.find((block) => block.includes('server {')) ?? '';
  const include = `include ${snippetName.exec(snippet)?.[1] ?? '?'};`;

  it('has a snippet with exactly the security headers of public/_headers, sent on every status', () => {
    expect(Object.keys(SECURITY)).toHaveLength(7);
    const lines = snippet.split('\n').filter((line) => line.startsWith('add_header'));
    const sent = Object.fromEntries(
      lines.map((line) => {
        const [, name = '', value = ''] = /^add_header (\S+) (.+) always;$/.exec(line) ?? [];
        return [name, value.replace(/^"(.*)"$/, '$1')];
      }),
    );
    // The opener policy comes from a map: same-origin everywhere, same-origin-allow-popups on /admin/ (public/_headers' /admin/* block).
    const map = /^map \$uri \$(\w+) \{ ~\^\/admin\/ (\S+); default (\S+); \}$/m.exec(server);
    expect(sent['Cross-Origin-Opener-Policy']).toBe(`$${map?.[1]}`);
    expect(map?.[2]).toBe(rules.filter((rule) => rule.pattern.test('/admin/')).at(-1)?.headers['Cross-Origin-Opener-Policy']);
    expect({ ...sent, 'Cross-Origin-Opener-Policy': map?.[3] }).toEqual(SECURITY);
  });

  it('includes the snippet in the server and in every location that adds a header of its own', () => {
    const locations = [...server.matchAll(/^\s*location ([^{]+)\{(.*)\}$/gm)].map((m) => ({ at: (m[1] ?? '').trim(), body: m[2] ?? '' }));
    const outside = server.split('\n').filter((line) => !/^\s*location /.test(line));
    expect(outside.some((line) => line.trim() === include)).toBe(true);
    expect(outside.filter((line) => line.includes('add_header'))).toEqual([]);
    const own = locations.filter((l) => l.body.includes('add_header'));
    expect(own.map((l) => l.at)).toEqual(['/_astro/', '~ ^/sw(-update)?\\.js$', '~ ^/workbox-[0-9a-f]+\\.js$', '~* \\.svg$']);
    const svgPolicy = rules.filter((rule) => rule.pattern.test('/shops/nike.svg')).at(-1);
    expect(own.at(-1)?.body).toContain(`add_header Content-Security-Policy "${svgPolicy?.headers['Content-Security-Policy']}" always;`);
    for (const location of own) expect(location.body, location.at).toContain(include);
  });
});

describe('npm run serve (scripts/serve.mjs)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-headers-'));
  let server: ReturnType<typeof createSiteServer>;
  let origin = '';

  beforeAll(async () => {
    const files: Record<string, string> = {
      _headers: headersFile,
      'index.html': '<!doctype html><title>Home</title>',
      '404.html': '<!doctype html><title>Not found</title>',
      '_astro/page.B7dx3kQz.js': 'export {};',
      'sw.js': 'self.addEventListener("fetch", () => {});',
      'workbox-5ffe50d4.js': 'export {};',
    };
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      fs.writeFileSync(path.join(root, name), text);
    }
    server = createSiteServer({ root });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['/', 200, null],
    ['/_astro/page.B7dx3kQz.js', 200, 'public, max-age=31536000, immutable'],
    ['/sw.js', 200, 'no-cache'],
    ['/workbox-5ffe50d4.js', 200, 'public, max-age=31536000, immutable'],
    ['/no-such-page/', 404, null],
  ])('sends the security headers on %s', async (url, status, cacheControl) => {
    const res = await fetch(`${origin}${url}`);
    expect(res.status).toBe(status);
    for (const [name, value] of Object.entries(SECURITY)) expect(res.headers.get(name), name).toBe(value);
    expect(res.headers.get('Cache-Control')).toBe(cacheControl);
  });
});
