import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage, PHONE, screenshot, SCREENSHOTS, settle } from './helpers/browser.ts';
import { appAndBrowser } from './helpers/suite.ts';
import { kobo, login, noHorizontalScroll } from './helpers/session.ts';

// History against the sandbox suppliers: a purchase, then the History screen finds it, filters
// by type, opens its receipt and downloads the CSV statement; staff see profit and user columns.

const app = appAndBrowser();

const newPage = (viewport: { width: number; height: number }) =>
  openPage(app.browser, app.server.url, viewport, { downloads: true });

const buyAirtime = async (page: Page, phone: string, amount: string) => {
  await page.goto('/profile/buyairtime');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Amount (₦)').fill(amount);
  await page.getByRole('button', { name: 'Buy airtime' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm purchase' })
    .getByRole('button', { name: 'Buy now' })
    .click();
  await page.getByTestId('receipt').waitFor();
};

const buyData = async (page: Page, phone: string) => {
  await page.goto('/profile/buydata');
  await page.getByLabel('Network').selectOption('MTN');
  const type = page.getByLabel('Data type');
  await expect.poll(() => type.locator('option', { hasText: 'SME' }).count()).toBeGreaterThan(0);
  await type.selectOption('SME');
  const option = page.getByLabel('Data plan').locator('option', { hasText: 'MTN 1GB ·' }).first();
  await page.getByLabel('Data plan').selectOption({ label: (await option.textContent()) ?? '' });
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Confirm purchase' })
    .getByRole('button', { name: 'Buy now' })
    .click();
  await page.getByTestId('receipt').waitFor();
};

describe('History', () => {
  it('a customer buys, finds it in History on a 360 px phone, filters by type, opens the receipt and downloads the CSV', async () => {
    const page = await newPage(PHONE);
    await login(page, 'demo_user', 'User#2026');
    await buyData(page, '08031234567');
    await buyAirtime(page, '08039876543', '200');

    // The dashboard's History tile lands on the screen.
    await page.goto('/profile');
    await page
      .getByRole('navigation', { name: 'Services' })
      .getByRole('link', { name: 'History' })
      .click();
    await page.waitForURL('**/profile/transactions');
    const cards = page.getByRole('list', { name: 'Transactions list' });
    await cards.waitFor();
    expect(await cards.getByRole('button').count()).toBeGreaterThanOrEqual(2);
    await expect.poll(() => cards.getByRole('button').first().textContent()).toContain('Airtime');
    expect(kobo(await page.getByTestId('total-sales').textContent())).toBeGreaterThan(0);
    await settle(page);
    await screenshot(page, 'history-360');
    await noHorizontalScroll(page);
    // The filters are folded on a phone: the first row is on the first screen.
    const first = await cards.getByRole('button').first().boundingBox();
    expect(first!.y + first!.height).toBeLessThanOrEqual(PHONE.height);
    expect(await page.getByLabel('Type').isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Type').selectOption('data');
    await page.waitForURL('**/profile/transactions?type=data');
    await expect
      .poll(() => cards.getByRole('button').allTextContents())
      .toEqual([expect.stringContaining('Data · MTN')]);
    expect(await page.getByTestId('total-count').textContent()).toBe('1');
    expect(await page.getByTestId('total-volume').textContent()).toBe('1 GB');
    await settle(page);
    await screenshot(page, 'history-360-data');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('vendo-statement-start-to-today.csv');
    const file = path.join(SCREENSHOTS, 'history-statement.csv');
    await download.saveAs(file);
    const lines = fs.readFileSync(file, 'utf8').trim().split('\r\n');
    expect(lines[0]).toContain('Reference,Type,Network,Status');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain(',data,MTN,success,');
    expect(lines[0]).not.toContain('Profit');

    await cards.getByRole('button').first().click();
    await page.getByTestId('receipt').waitFor();
    expect(page.url()).toContain('/profile/receipt/');
    expect(await page.getByTestId('receipt-status').textContent()).toBe('Successful');

    // Clear filter brings every row back.
    await page.goBack();
    await page.getByRole('button', { name: 'Filters (1 on)' }).click();
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await page.waitForURL('**/profile/transactions');
    await expect.poll(() => cards.getByRole('button').count()).toBeGreaterThanOrEqual(2);
  });

  it('on a 1280 px screen shows a table; staff see profit and user columns', async () => {
    const page = await newPage(DESKTOP);
    await login(page, 'demo_user', 'User#2026');
    await page.goto('/profile/transactions');
    const table = page.getByRole('table');
    await table.waitFor();
    expect(await page.getByRole('list', { name: 'Transactions list' }).isVisible()).toBe(false);
    await settle(page);
    await screenshot(page, 'history-1280');
    await noHorizontalScroll(page);

    const admin = await newPage(DESKTOP);
    await login(admin, 'demo_admin', 'Admin#2026');
    await admin.goto('/profile/transactions');
    await admin.getByRole('table').waitFor();
    expect(await admin.getByRole('columnheader', { name: 'User' }).count()).toBe(1);
    expect(await admin.getByRole('columnheader', { name: 'Profit' }).count()).toBe(1);
    await admin.getByTestId('total-profit').waitFor();
    await admin.getByLabel('User account').fill('demo_user');
    await admin.waitForURL('**/profile/transactions?account=demo_user', { timeout: 5000 });
    await expect
      .poll(() => admin.getByRole('table').locator('tbody tr').first().textContent())
      .toContain('demo_user');
    await settle(admin);
    await screenshot(admin, 'history-1280-admin');

    const phone = await newPage(PHONE);
    await login(phone, 'demo_admin', 'Admin#2026');
    await phone.goto('/profile/transactions');
    await phone.getByRole('list', { name: 'Transactions list' }).waitFor();
    await settle(phone);
    await screenshot(phone, 'history-360-admin');
    await noHorizontalScroll(phone);
  });
});
