import { expect } from 'vitest';
import type { Page } from 'playwright-core';

// Steps the journeys share: signing in, reading the dashboard balance, checking the layout.

export const login = async (page: Page, userName: string, password: string) => {
  await page.goto('/login');
  await page.getByLabel('Username, e-mail or business name').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL('**/profile');
};

/** '₦4,400.00' → 440000 (kobo), so sums are exact. */
export const kobo = (text: string | null): number => {
  const match = /₦([\d,]+)\.(\d\d)/.exec(text ?? '');
  if (!match) throw new Error(`No naira amount in ${JSON.stringify(text)}`);
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2]);
};

export const dashboardBalance = async (page: Page): Promise<number> => {
  await page.goto('/profile');
  await page.waitForLoadState('networkidle');
  return kobo(await page.getByTestId('balance').textContent());
};

export const noHorizontalScroll = async (page: Page) => {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
};
