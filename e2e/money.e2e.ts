import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, launchBrowser, screenshot } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { dashboardBalance, login } from './helpers/session.ts';

// Money in through the sandbox Squad checkout, and out to a bank through the sandbox payouts,
// as demo_reseller (₦50,000 to start).

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const context = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  page.setDefaultTimeout(20_000);
  await login(page, 'demo_reseller', 'Reseller#2026');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const balanceKobo = () => dashboardBalance(page);

describe('money in and out on a phone', () => {
  it('funds the wallet through the checkout page: ₦2,000 paid, ₦1,980 credited', async () => {
    const before = await balanceKobo();
    await page.goto('/profile/fundWallet');
    await page.getByLabel('Amount (₦)').fill('2000');
    await screenshot(page, 'fund-wallet');
    await page.getByRole('button', { name: 'Proceed to pay' }).click();
    await page.waitForURL('**/sandbox/squad/checkout/**');
    await page.getByText('₦2,000.00').first().waitFor();
    await screenshot(page, 'squad-checkout');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL('**/profile');
    await expect.poll(balanceKobo, { timeout: 15_000 }).toBe(before + 1_980_00);
  });

  it('withdraws ₦1,000 to a validated account: the wallet pays ₦1,000 and the recipient gets ₦950', async () => {
    const before = await balanceKobo();
    await page.goto('/profile/withdraw');
    await page.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank' });
    await page.getByLabel('Account number').fill('0123456789');
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect.poll(() => page.getByLabel('Account name').inputValue()).not.toBe('');
    await page.getByRole('button', { name: 'Add beneficiary' }).click();
    const amount = page.getByLabel('Amount (₦)').first();
    await amount.fill('1000');
    await expect.poll(() => page.locator('main').textContent()).toContain('₦950.00');
    await screenshot(page, 'withdraw');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).first().click();
    await page.getByTestId('confirm-received').waitFor();
    expect(await page.getByTestId('confirm-received').textContent()).toContain('₦950.00');
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.waitForURL('**/profile');
    await expect.poll(balanceKobo, { timeout: 15_000 }).toBe(before - 1_000_00);

    // The saved account can be removed again, after a second tap.
    await page.goto('/profile/withdraw');
    const card = page.getByTestId('beneficiary');
    await card.first().waitFor();
    const count = await card.count();
    await card
      .first()
      .getByRole('button', { name: /^Remove / })
      .click();
    await card.first().getByText('Remove this account from your beneficiaries?').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0)); // the sticky top bar belongs at the top
    await screenshot(page, 'withdraw-remove');
    await card.first().getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => card.count()).toBe(count - 1);
  });
});
