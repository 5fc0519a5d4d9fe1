import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path);
    return /\.(ts|tsx|astro|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

const FILES = walk('src').map((path) => ({ path, text: readFileSync(path, 'utf8') }));
const read = (path: string) => FILES.find((f) => f.path === path)?.text ?? '';
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Ways to turn a string into markup or code. */
const SINKS: Record<string, RegExp> = {
  dangerouslySetInnerHTML: /dangerouslySetInnerHTML/g,
  innerHTML: /\binnerHTML\b/g,
  outerHTML: /\bouterHTML\b/g,
  insertAdjacentHTML: /\binsertAdjacentHTML\b/g,
  'document.write': /\bdocument\.write(ln)?\b/g,
  eval: /(^|[^\w.])eval\s*\(/g,
  'new Function': /\bnew\s+Function\s*\(/g,
  'set:html': /\bset:html\b/g,
  createContextualFragment: /\bcreateContextualFragment\b/g,
  srcdoc: /\bsrcdoc\b/gi,
  'string timer': /\bset(Timeout|Interval)\(\s*['"`]/g,
};

/**
 * The reviewed exceptions. Build-time markdown (FAQ topics, policy pages) is rendered with Astro's
 * <Content />, which needs no entry here; the one entry is a constant script, not data.
 */
const ALLOWED_SINKS = [{ path: 'src/pages/_layouts/BaseLayout.astro', sink: 'set:html', why: 'SESSION_FLAG_SCRIPT, a constant whose hash is in the CSP' }];

/** The whole opening tag around `index`: from its `<` to the `>` outside any {expression} or quotes. */
function tagAround(text: string, index: number): string {
  const start = text.lastIndexOf('<', index);
  let depth = 0;
  let quote = '';
  for (let i = start; i < text.length; i += 1) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '{') depth += 1;
    else if (ch === '}') depth -= 1;
    else if (ch === '>' && depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

/** Where a link, image or navigation takes a value from data, and the check that keeps it http(s) or same-site. */
const GUARDED_VALUES: Record<string, { guard: [path: string, text: string] }> = {
  'src/islands/account/ProductTable.tsx href={product.description}': { guard: ['src/islands/account/ProductTable.tsx', 'isHttpUrl(product.description) ?'] },
  'src/islands/order/OrderFormScreen.tsx href={selected.tcLink}': { guard: ['src/lib/stores/portals.ts', "tcLink: isHttpUrl(p.tcLink) ? p.tcLink : ''"] },
  'src/islands/ui/ShopTile.tsx href={shop.link}': { guard: ['src/lib/stores/portals.ts', "link: isHttpUrl(portal.link) ? portal.link : ''"] },
  'src/pages/_components/ShopTile.astro href={shop.link}': { guard: ['src/pages/_components/ShopTile.astro', '!isHttpUrl(shop.link)) throw'] },
  'src/pages/_components/Footer.astro href={social.href}': { guard: ['src/content.config.ts', 'href: webLink'] },
  'src/pages/_components/StepsList.astro href={step.data.link.href}': { guard: ['src/content.config.ts', "href: z.string().regex(SITE_PATH, 'Must be a path on this site"] },
  'src/lib/shell/adverts.ts .href = shop.link': { guard: ['src/content.config.ts', 'link: webLink'] },
  'src/lib/shell/adverts.ts .src = src': { guard: ['src/lib/shell/adverts.ts', "url.protocol === 'https:' || url.protocol === 'http:' ? url.href : ''"] },
  'src/islands/account/AddCardScreen.tsx location.assign(location)': { guard: ['src/lib/stores/cards.ts', 'if (!isAllowedPaymentRedirect(location)) throw'] },
  'src/islands/SocialCallback.tsx location.replace(next)': { guard: ['src/lib/stores/social-sign-in.ts', 'next: safeNextPath(parsed.next)'] },
  'src/lib/stores/modal.ts location.assign(target ?? \'/\')': { guard: ['src/lib/stores/modal.ts', 'safeNextPath(to)'] },
  'src/lib/stores/social-sign-in.ts location.assign(socialSignInUrl(provider, options))': { guard: ['src/lib/stores/social-sign-in.ts', 'export function socialSignInUrl('] },
};

/** Values that are fixed by the code itself: route helpers, site paths, tel:/mailto: of the company, constant nav items. */
const FIXED_VALUE = /^(pathTo|modalHref|contactHref)\(|^`(\/|tel:|mailto:)|^(canonical|href|item\.href|'\/'|home)$/;

describe('source rules: data renders as text', () => {
  it('uses no HTML or code sink outside the reviewed allow-list', () => {
    const found: string[] = [];
    for (const { path, text } of FILES) {
      for (const [sink, re] of Object.entries(SINKS)) {
        for (const m of text.matchAll(re)) {
          if (!ALLOWED_SINKS.some((a) => a.path === path && a.sink === sink)) found.push(`${path}:${lineOf(text, m.index)} ${sink}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('keeps every allow-list entry in use, so none outlives its reason', () => {
    for (const entry of ALLOWED_SINKS) expect(new RegExp(SINKS[entry.sink]?.source ?? '$^').test(read(entry.path)), `${entry.path}: ${entry.why}`).toBe(true);
  });
});

describe('source rules: links', () => {
  it('gives every target="_blank" link rel="noopener noreferrer"', () => {
    const checked: string[] = [];
    const missing: string[] = [];
    for (const { path, text } of FILES.filter((f) => /\.(astro|tsx)$/.test(f.path))) {
      for (const m of text.matchAll(/target=["'{]*_blank/g)) {
        const tag = tagAround(text, m.index);
        checked.push(path);
        const rel = /\brel=["']([^"']*)["']/.exec(tag)?.[1]?.split(/\s+/) ?? [];
        if (!rel.includes('noopener') || !rel.includes('noreferrer')) missing.push(`${path}:${lineOf(text, m.index)} ${tag.slice(0, 80)}`);
      }
    }
    for (const { path, text } of FILES.filter((f) => /\.tsx?$/.test(f.path) && /\.target\s*=\s*['"]_blank['"]/.test(f.text))) {
      checked.push(path);
      if (!/\.rel\s*=\s*['"]noopener noreferrer['"]/.test(text)) missing.push(`${path}: DOM link opened in a new tab without rel`);
    }
    expect(checked.length).toBeGreaterThanOrEqual(4);
    expect(missing).toEqual([]);
  });

  it('takes link, image and navigation targets from data only where a check keeps them http(s) or same-site', () => {
    const unreviewed: string[] = [];
    const seen = new Set<string>();
    const patterns = [/\bhref=\{([^}]*(?:\{[^}]*\}[^}]*)*)\}/g, /\.(href|src)\s*=\s*([^;=\n][^;\n]*);/g, /location\.(assign|replace)\(([^;\n]*)\);/g];
    for (const { path, text } of FILES) {
      for (const [index, re] of patterns.entries()) {
        for (const m of text.matchAll(re)) {
          const value = (index === 0 ? m[1] : m[2])?.trim() ?? '';
          if (index === 0 && FIXED_VALUE.test(value)) continue;
          if (index === 2 && FIXED_VALUE.test(value)) continue;
          const key = index === 0 ? `${path} href={${value}}` : index === 1 ? `${path} .${m[1]} = ${value}` : `${path} location.${m[1]}(${value})`;
          if (/modalHref\(|pathTo\(/.test(value)) continue;
          seen.add(key);
          if (!GUARDED_VALUES[key]) unreviewed.push(`${path}:${lineOf(text, m.index)} ${key}`);
        }
      }
    }
    expect(unreviewed).toEqual([]);
    for (const [key, { guard }] of Object.entries(GUARDED_VALUES)) {
      expect(seen.has(key), `${key} is still in the source`).toBe(true);
      expect(read(guard[0]).includes(guard[1]), `${key}: guard '${guard[1]}' in ${guard[0]}`).toBe(true);
    }
  });

  it('lists only http(s) shop and social links in the content', () => {
    const shops = JSON.parse(readFileSync('src/content/shops/shops.json', 'utf8')) as { link: string }[];
    const site = JSON.parse(readFileSync('src/content/site/site.json', 'utf8')) as Record<string, { socials?: { href: string }[] }>;
    const links = [...shops.map((s) => s.link), ...Object.values(site).flatMap((entry) => (entry.socials ?? []).map((s) => s.href))];
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(new URL(link).protocol, link).toBe('https:');
  });
});
