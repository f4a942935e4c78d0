import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// axe-core (the npm package) run in the page at each screen and dialog the journeys visit:
// WCAG 2.0/2.1 A and AA rules; a serious or critical violation fails the journey, a moderate or
// minor one is only written to the report (e2e/screenshots/axe-report.jsonl, one line a check).

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');
export const AXE_REPORT = path.join(SCREENSHOTS, 'axe-report.jsonl');

type TViolation = { id: string; impact: string | null; help: string; targets: string[] };

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * Runs axe on the page as it is now (`name` says which screen or dialog) and fails on a serious
 * or critical violation, naming the rule and the elements. The script goes in through the
 * debugging protocol, which the page's Content-Security-Policy does not govern.
 */
export const checkA11y = async (page: Page, name: string): Promise<TViolation[]> => {
  const width = page.viewportSize()?.width ?? 0;
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    const result = await window.axe!.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  }, TAGS);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  fs.appendFileSync(
    AXE_REPORT,
    `${JSON.stringify({ name, width, url: new URL(page.url()).pathname, violations })}\n`,
  );
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.impact} ${v.id} (${v.help}): ${v.targets.join(', ')}`),
    `axe on ${name} at ${width} px`,
  ).toEqual([]);
  return violations;
};

/** Fails when the page is wider than the window (it would scroll sideways). */
export const pageWidthOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
