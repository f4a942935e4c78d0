import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage, PHONE, screenshot, settle } from './helpers/browser.ts';
import { appAndBrowser } from './helpers/suite.ts';
import { dashboardBalance, login, noHorizontalScroll } from './helpers/session.ts';

// Wallet moves between the demo accounts (server defaults: PGlite, demo data):
// demo_user (smart earner, ₦5,000) → demo_reseller (₦50,000); a coupon for demo_user; a fresh user
// referred by demo_user, funded by demo_reseller, upgrades last, which earns demo_user ₦500.

const app = appAndBrowser();

const newPage = (viewport: { width: number; height: number }) =>
  openPage(app.browser, app.server.url, viewport);

const api = async <T>(path: string, init: { method?: string; body?: unknown; token?: string }) => {
  const res = await fetch(`${app.server.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { 'x-auth-token': init.token } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
};

/** Validates the recipient and fills the amount; the confirm dialog is opened by the caller. */
const prepareTransfer = async (page: Page, to: string, expectedName: string, amount: string) => {
  await page.goto('/profile/transfer');
  await page.getByLabel('Username').fill(to);
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect.poll(() => page.getByLabel('Account name').inputValue()).toBe(expectedName);
  expect(await page.getByLabel('Username').getAttribute('readonly')).not.toBeNull();
  await page.getByLabel('Amount (₦)').fill(amount);
};

const confirmTransfer = async (page: Page, name: string, amount: string) => {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm transfer' });
  await expect.poll(() => dialog.getByTestId('confirm-name').textContent()).toContain(name);
  expect(await dialog.getByTestId('confirm-amount').textContent()).toBe(amount);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await page.waitForURL(/\/profile$/);
  await page.getByText('Transfer successful').first().waitFor();
};

describe('wallet journeys', () => {
  const fresh = `fresh_${Date.now().toString(36).slice(-6)}`;

  it('demo_user sends ₦100 to demo_reseller: the balance drops by exactly ₦100', async () => {
    const page = await newPage(PHONE);
    await login(page, 'demo_user', 'User#2026');
    const before = await dashboardBalance(page);

    await page.goto('/profile/transfer');
    await page.getByRole('button', { name: 'Validate' }).click();
    await page.getByText('Enter a username').waitFor();

    await prepareTransfer(page, 'demo_reseller', 'Ade Data Hub', '100');
    await settle(page);
    await screenshot(page, 'transfer');
    await noHorizontalScroll(page);
    await confirmTransfer(page, 'Ade Data Hub', '₦100.00');

    expect(await dashboardBalance(page)).toBe(before - 100_00);
    await page.context().close();
  });

  it('demo_user redeems a coupon generated for them: the balance grows by its amount', async () => {
    const admin = await api<{ token: string }>('/auth/login', {
      method: 'POST',
      body: { userName: 'demo_admin', password: 'Admin#2026' },
    });
    const { couponCode } = await api<{ couponCode: string }>('/admin/generateCoupon', {
      method: 'POST',
      token: admin.token,
      body: { userAccount: 'demo_user', amount: 250 },
    });

    const page = await newPage(PHONE);
    await login(page, 'demo_user', 'User#2026');
    const before = await dashboardBalance(page);
    await page.goto('/profile/fundWallet/coupon');
    expect(await page.getByLabel('Username').inputValue()).toBe('demo_user');
    await page.getByRole('button', { name: 'Redeem coupon' }).click();
    await page
      .getByRole('form', { name: 'Redeem coupon' })
      .getByRole('alert')
      .filter({ hasText: 'Enter a coupon code' })
      .waitFor();
    await page.getByLabel('Coupon code').fill(couponCode);
    await page.getByRole('button', { name: 'Redeem coupon' }).click();
    await page.waitForURL(/\/profile$/);
    expect(await dashboardBalance(page)).toBe(before + 250_00);

    // The same code again is refused.
    await page.goto('/profile/fundWallet/coupon');
    await page.getByLabel('Coupon code').fill(couponCode);
    await page.getByRole('button', { name: 'Redeem coupon' }).click();
    await page
      .getByRole('form', { name: 'Redeem coupon' })
      .getByRole('alert')
      .filter({ hasText: 'Invalid or used coupon code' })
      .waitFor();
    await page.context().close();
  });

  it('demo_reseller funds a user demo_user referred (desktop screenshot of the transfer)', async () => {
    await api('/auth/register', {
      method: 'POST',
      body: {
        userName: fresh,
        email: `${fresh}@example.com`,
        phoneNumber: `080${String(Date.now()).slice(-8)}`,
        password: 'Fresh#2026',
        passwordCheck: 'Fresh#2026',
        referredBy: 'demo_user',
      },
    });
    const page = await newPage(DESKTOP);
    await login(page, 'demo_reseller', 'Reseller#2026');
    await prepareTransfer(page, fresh, fresh, '1500');
    await settle(page);
    await screenshot(page, 'transfer');
    await noHorizontalScroll(page);
    await confirmTransfer(page, fresh, '₦1,500.00');
    await page.context().close();
  });

  it('demo_user sees the referral, with nothing earned before the upgrade', async () => {
    const page = await newPage(PHONE);
    await login(page, 'demo_user', 'User#2026');
    await page.goto('/profile/earnings');
    await page.getByRole('cell', { name: fresh }).waitFor();
    expect(await page.getByTestId('earning-balance').textContent()).toBe('₦0.00');
    expect(await page.getByRole('button', { name: 'Withdraw to wallet' }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('the referred user upgrades to reseller (last): ₦1,000 paid, sent to /', async () => {
    const page = await newPage(PHONE);
    await login(page, fresh, 'Fresh#2026');
    expect(await dashboardBalance(page)).toBe(1500_00);
    await page.getByRole('button', { name: 'Upgrade for ₦1,000' }).click();
    await page
      .getByRole('dialog', { name: 'Upgrade to reseller' })
      .getByRole('button', { name: 'Upgrade now' })
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('You are now a reseller').first().waitFor();

    expect(await dashboardBalance(page)).toBe(500_00);
    expect(await page.locator('.user-type-badge').textContent()).toBe('reseller');
    expect(await page.getByRole('button', { name: /Upgrade for/ }).count()).toBe(0);
    await page.context().close();
  });

  it('demo_user earned ₦500 and withdraws it to the wallet (earnings screenshots)', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await newPage(viewport);
      await login(page, 'demo_user', 'User#2026');
      await page.goto('/profile/earnings');
      await page.getByRole('cell', { name: fresh }).waitFor();
      await expect.poll(() => page.getByTestId('earning-balance').textContent()).toBe('₦500.00');
      expect(await page.getByTestId('total-referred').textContent()).toBe('1');
      expect(await page.getByTestId('total-earned').textContent()).toBe('₦500.00');
      await settle(page);
      await screenshot(page, 'earnings');
      await noHorizontalScroll(page);
      await page.context().close();
    }

    const page = await newPage(PHONE);
    await login(page, 'demo_user', 'User#2026');
    const before = await dashboardBalance(page);
    await page.goto('/profile/earnings');
    await expect.poll(() => page.getByTestId('earning-balance').textContent()).toBe('₦500.00');
    await page.getByRole('button', { name: 'Withdraw to wallet' }).click();
    await expect.poll(() => page.getByTestId('earning-balance').textContent()).toBe('₦0.00');
    expect(await page.getByTestId('withdrawn').textContent()).toBe('₦500.00');
    expect(await dashboardBalance(page)).toBe(before + 500_00);
    await page.context().close();
  });
});
