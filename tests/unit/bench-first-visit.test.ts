import { describe, expect, it } from 'vitest';
import { accountLcpFigure, signInJsFigure, staticHomeCopy, STATIC_HOME_ROUTE } from '../../scripts/bench-first-visit.mjs';

const row = (group: string, route: string, js: number, lcpMs = 900) => ({ group, route, kb: { js }, lcpMs });

describe('static copy of the home page', () => {
  const built =
    '<html lang="en-ZA"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="x"><script>flag()</script>' +
    '<link rel="stylesheet" href="/_astro/a.css"><style>b{}</style><link rel="modulepreload" href="/_astro/m.js"></head>' +
    '<body><h1>Shop</h1><astro-island client="modal"><p>dialog</p></astro-island><script type="module" src="/_astro/s.js"></script></body></html>';

  it('keeps the content, drops every script and merges the CSS into one file in page order', async () => {
    const copy = await staticHomeCopy(built, async (href: string) => `/* ${href} */`);
    expect(copy.css).toBe('/* /_astro/a.css */\nb{}');
    expect(copy.html).not.toMatch(/<script|modulepreload|<style|astro-island|Content-Security-Policy/);
    expect(copy.html).toContain('<h1>Shop</h1>');
    expect(copy.html).toContain('<p>dialog</p>');
    expect(copy.html.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(copy.html).toContain(`href="${STATIC_HOME_ROUTE}home.css"`);
    expect(copy.html).toContain('<html data-session="guest" lang="en-ZA">');
  });
});

describe('first-visit figures', () => {
  it('the sign-in dialog is the heaviest of its routes, the unlock page aside', () => {
    const rows = [row('modal', '/login/', 96), row('modal', '/register/', 101.5), row('modal', '/unlock-account/', 150), row('public', '/', 30)];
    const figure = signInJsFigure(rows);
    expect(figure.value).toBe('101.5 KB');
    expect(figure.met).toBe(false);
    expect(signInJsFigure(rows.slice(0, 1)).met).toBe(true);
  });

  it('the account pages are as slow as their slowest, a reading beside the budgets', () => {
    const rows = [row('account', '/my-details/', 140, 1000), row('account', '/my-invoice/7/', 140, 1700), row('modal', '/login/', 90, 3000)];
    expect(accountLcpFigure(rows)).toMatchObject({ value: '1.70 s', met: false, reading: true });
    expect(accountLcpFigure(rows.slice(0, 1))).toMatchObject({ value: '1.00 s', met: true });
  });
});
