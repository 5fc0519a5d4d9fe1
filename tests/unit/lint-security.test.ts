import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The source rules of docs/security.md ("data renders as text") are lint rules in eslint.config.js;
// each fixture below is linted as text under src/ with the project's config and must be refused.
const eslint = new ESLint({ cwd: process.cwd() });
// Loading the config and its parsers takes seconds, minutes on a busy machine: done once, before the cases.
const SLOW = 60_000;
beforeAll(async () => {
  for (const filePath of ['src/lib/warm-up.ts', 'src/islands/WarmUp.tsx', 'src/pages/warm-up.astro']) await eslint.lintText('export {};\n', { filePath });
}, 300_000);

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath });
  return results.flatMap((r) => r.messages.map((m) => m.ruleId ?? `parse error: ${m.message}`));
}

describe('security lint rules (eslint.config.js)', () => {
  it.each([
    ['innerHTML', 'src/lib/shell/fixture.ts', 'export const put = (el: HTMLElement, html: string): void => {\n  el.innerHTML = html;\n};\n', 'no-restricted-properties'],
    ["el['outerHTML']", 'src/lib/shell/fixture.ts', "export const put = (el: HTMLElement, html: string): void => {\n  el['outerHTML'] = html;\n};\n", 'no-restricted-properties'],
    ['insertAdjacentHTML', 'src/lib/shell/fixture.ts', "export const put = (el: HTMLElement, html: string): void => el.insertAdjacentHTML('beforeend', html);\n", 'no-restricted-properties'],
    ['createContextualFragment', 'src/lib/shell/fixture.ts', 'export const put = (html: string) => document.createRange().createContextualFragment(html);\n', 'no-restricted-properties'],
    ['srcdoc', 'src/lib/shell/fixture.ts', 'export const put = (frame: HTMLIFrameElement, html: string): void => {\n  frame.srcdoc = html;\n};\n', 'no-restricted-properties'],
    ['document.write', 'src/lib/shell/fixture.ts', 'export const put = (html: string): void => document.write(html);\n', 'no-restricted-properties'],
    ['eval', 'src/lib/fixture.ts', 'export const run = (code: string): unknown => eval(code);\n', 'no-eval'],
    ['new Function', 'src/lib/fixture.ts', 'export const run = (code: string): unknown => new Function(code)();\n', 'no-new-func'],
    ['a string timer', 'src/lib/fixture.ts', "export const later = (): unknown => setTimeout('alert(1)', 10);\n", 'no-implied-eval'],
    ['a javascript: URL', 'src/lib/fixture.ts', "export const url = 'javascript:void 0';\n", 'no-script-url'],
    ['dangerouslySetInnerHTML', 'src/islands/Fixture.tsx', 'export const Html = ({ html }: { html: string }) => <div dangerouslySetInnerHTML={{ __html: html }} />;\n', 'no-restricted-syntax'],
    ['target="_blank" without rel', 'src/islands/Fixture.tsx', 'export const Shop = ({ href }: { href: string }) => <a href={href} target="_blank">Shop</a>;\n', 'no-restricted-syntax'],
    ['target="_blank" with rel="noopener" only', 'src/islands/Fixture.tsx', 'export const Shop = ({ href }: { href: string }) => <a href={href} target="_blank" rel="noopener">Shop</a>;\n', 'no-restricted-syntax'],
    ['target="_blank" without rel in a page', 'src/pages/fixture.astro', '---\nconst href = "https://example.com";\n---\n\n<a href={href} target="_blank">Shop</a>\n', 'no-restricted-syntax'],
    ['set:html in a page', 'src/pages/fixture.astro', '---\nconst html = "<b>x</b>";\n---\n\n<div set:html={html} />\n', 'astro/no-set-html-directive'],
  ])('refuses %s', async (_name, filePath, code, rule) => {
    expect(await ruleIds(filePath, code)).toContain(rule);
  }, SLOW);

  it('lets a new-tab link with rel="noopener noreferrer" through', async () => {
    const code = 'export const Shop = ({ href }: { href: string }) => (\n  <a href={href} target="_blank" rel="noopener noreferrer">\n    Shop\n  </a>\n);\n';
    expect(await ruleIds('src/islands/Fixture.tsx', code)).toEqual([]);
  }, SLOW);
});
