import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';
import { offPageElements } from './phone-kit';

/** The WCAG 2.2 AA rule tags, for pages held to the standard; `all` adds axe's best practices (landmarks, heading order). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * The axe violations on the page as it is now, each as `rule: target, target`. axe-core is put into the page once per
 * document and run there: @axe-core/playwright's builder injects its half-megabyte source and opens a second page on
 * every scan, which cost about 0.7 s a scan against 0.15 s for the run itself. Our pages have no frames to reach into.
 */
export async function axeViolations(page: Page, rules: 'wcag' | 'all' = 'wcag'): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'], ...(tags ? { runOnly: { type: 'tag', values: tags } } : {}) });
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, rules === 'wcag' ? WCAG_TAGS : null);
}

/** Runs `check` on the page as it is at 375 px, then at 1280 px (one load: the layout follows the viewport), with no sideways scrolling and no axe violation at either. */
export async function atBothWidths(page: Page, check: () => Promise<void>): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await check();
    expect(await page.evaluate(offPageElements), `the page scrolls sideways at ${width} px`).toBeNull();
    expect(await axeViolations(page), `axe at ${width} px`).toEqual([]);
  }
}
