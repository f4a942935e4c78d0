import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from './helpers/browser.ts';
import { appAndBrowser } from './helpers/suite.ts';
import { noHorizontalScroll } from './helpers/session.ts';

// A developer finds the API reference from the landing page, searches it and reads an operation,
// on a phone and on a desktop; the reference comes from the server's /api/v1/openapi.json.

const app = appAndBrowser();

const newPage = async (viewport: { width: number; height: number }) => {
  const context = await app.browser.newContext({ viewport, baseURL: app.server.url });
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  page.setDefaultTimeout(20_000);
  return page;
};

const operations = (page: Page) => page.locator('li.op');

describe('/developers', () => {
  it('is reached from the landing footer; search narrows the reference; no sideways scroll at 360 px', async () => {
    const page = await newPage(PHONE);
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: /Developers/ })
      .click();
    await page.getByRole('heading', { name: 'Vendo API', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Purchases', exact: true }).waitFor();
    const all = await operations(page).count();
    expect(all).toBeGreaterThan(50);
    await noHorizontalScroll(page);
    await screenshot(page, 'developers');

    await page.getByRole('searchbox', { name: 'Search the reference' }).fill('buy');
    // Every /buy route: the single purchases and the four bulk purchase operations.
    await expect.poll(() => operations(page).count()).toBe(11);
    const buyData = operations(page).filter({ hasText: '/buy/data' });
    await buyData.locator('summary').click();
    await buyData.getByText('Example: MTN 1GB SME to a number').waitFor();
    await buyData.getByText('PURCHASE_FAILED').first().waitFor();
    // Long code scrolls inside its box; the page itself never scrolls sideways.
    await noHorizontalScroll(page);
    await buyData.scrollIntoViewIfNeeded();
    await screenshot(page, 'developers-buy-data');

    await page.getByRole('group', { name: 'Buy data: language' }).getByText('JavaScript').click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Buy data (JavaScript)' }).textContent())
      .toContain('crypto.randomUUID()');
    await noHorizontalScroll(page);
    await page.close();
  });

  it('lays the guide and reference out on a desktop', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/developers');
    await page.getByRole('region', { name: 'Transactions', exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search the reference' }).fill('transaction');
    const detail = operations(page).filter({ hasText: '/transaction/{id}' });
    await detail.locator('summary').click();
    await detail.getByText('trans_Status').first().waitFor();
    await noHorizontalScroll(page);
    await screenshot(page, 'developers');
    await page.close();
  });
});
