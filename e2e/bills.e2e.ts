import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  openPage,
  PHONE,
  screenshot,
  SCREENSHOTS,
  settle,
  toast,
} from './helpers/browser.ts';
import { appAndBrowser } from './helpers/suite.ts';
import { dashboardBalance, kobo, login, noHorizontalScroll } from './helpers/session.ts';

// Cable TV and exam PINs against the VTpass-style sandbox (the server's default): DStv smartcard
// 1212121212 is on Compact; numbers ending 0000 fail verification, any ordinary one succeeds.

const app = appAndBrowser();

const api = async <T>(path: string, init: { body?: unknown; token?: string; key?: string }) => {
  const res = await fetch(`${app.server.url}/api/v1${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { 'x-auth-token': init.token } : {}),
      ...(init.key ? { 'Idempotency-Key': init.key } : {}),
    },
    body: JSON.stringify(init.body),
  });
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
};

/** demo_reseller (₦50,000) gets a ₦30,000 coupon from the admin: both viewports buy a bouquet. */
const topUp = async (width: number) => {
  const admin = await api<{ token: string }>('/auth/login', {
    body: { userName: 'demo_admin', password: 'Admin#2026' },
  });
  const { couponCode } = await api<{ couponCode: string }>('/admin/generateCoupon', {
    token: admin.token,
    body: { userAccount: 'demo_reseller', amount: 30_000 },
  });
  const reseller = await api<{ token: string }>('/auth/login', {
    body: { userName: 'demo_reseller', password: 'Reseller#2026' },
  });
  await api('/fundWallet/coupon', {
    token: reseller.token,
    key: `bills-e2e-${width}-${couponCode}`,
    body: { userName: 'demo_reseller', coupon: couponCode },
  });
};

/** Opens the confirmation, checks it names `who`, pays, and waits for a successful receipt. */
const confirmAndPay = async (page: Page, button: string, who: string, shot: string) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
  await dialog.getByText(who).first().waitFor();
  await screenshot(page, `${shot}-confirm`);
  const cost = kobo(await dialog.locator('.summary-total').textContent());
  await dialog.getByRole('button', { name: 'Buy now' }).click();
  await page.getByTestId('receipt').waitFor();
  await expect.poll(() => page.getByTestId('receipt-status').textContent()).toBe('Successful');
  expect(kobo(await page.getByTestId('receipt-amount').textContent())).toBe(cost);
  await settle(page);
  await screenshot(page, `${shot}-receipt`);
  await noHorizontalScroll(page);
  return cost;
};

/** Verifies a smartcard on /profile/tv and returns the subscriber box's text. */
const verifyCard = async (page: Page, provider: string, number: string) => {
  await page.goto('/profile/tv');
  await page.getByLabel('Provider').selectOption(provider);
  await page.getByLabel('Smartcard / IUC number').fill(number);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  return (await page.getByTestId('cable-customer').textContent()) ?? '';
};

for (const viewport of [PHONE, DESKTOP]) {
  describe(`cable TV and exam PINs at ${viewport.width} px (demo_reseller)`, () => {
    it('renews DStv 1212121212, changes a GOtv bouquet, buys WAEC PINs and sees them again', async () => {
      await topUp(viewport.width);
      const page = await openPage(app.browser, app.server.url, viewport, { clipboard: true });
      await login(page, 'demo_reseller', 'Reseller#2026');
      let balance = await dashboardBalance(page);
      await settle(page);
      await screenshot(page, 'bills-dashboard');

      // A DStv renewal: the subscriber and bouquet from the provider, the quoted amount paid.
      const card = await verifyCard(page, 'dstv', '1212121212');
      expect(card).toContain('TEST SMARTCARD');
      expect(card).toContain('Compact');
      expect(card).toContain('Due date');
      await page.getByLabel('Phone number').fill('08031234567');
      await settle(page);
      await screenshot(page, 'tv-renew');
      await noHorizontalScroll(page);
      const renewal = await confirmAndPay(page, 'Renew', 'TEST SMARTCARD', 'tv-renew');
      expect(await page.getByTestId('receipt-product').textContent()).toContain('renewal');
      expect(await page.getByTestId('receipt').textContent()).toContain('1212121212');
      expect(await dashboardBalance(page)).toBe(balance - renewal);
      balance -= renewal;

      // A bouquet change on a GOtv IUC: the cheapest bouquet of the priced list.
      await verifyCard(page, 'gotv', '7027914329');
      await page.getByRole('radio', { name: 'Change bouquet' }).check();
      const bouquet = page.getByLabel('Bouquet', { exact: true });
      await expect.poll(() => bouquet.locator('option').count()).toBeGreaterThan(1);
      await bouquet.selectOption({ index: 1 });
      await page.getByLabel('Phone number').fill('08031234567');
      await page.getByTestId('cable-charge').waitFor();
      await settle(page);
      await screenshot(page, 'tv-change');
      const change = await confirmAndPay(page, 'Buy', '7027914329', 'tv-change');
      expect(await page.getByTestId('receipt').textContent()).toContain('Bouquet change');
      expect(await dashboardBalance(page)).toBe(balance - change);
      balance -= change;

      // Two WAEC result checker PINs: shown on the receipt, each with Copy, and Print.
      await page.goto('/profile/exam');
      const product = page.getByLabel('Exam PIN', { exact: true });
      await expect.poll(() => product.locator('option[value="waec"]').count()).toBe(1);
      await product.selectOption('waec');
      await page.getByLabel('Quantity').selectOption('2');
      await page.getByLabel('Phone number').fill('08031234567');
      await page.getByTestId('exam-charge').waitFor();
      await settle(page);
      await screenshot(page, 'exam');
      await noHorizontalScroll(page);
      const pinsCost = await confirmAndPay(page, 'Buy', 'WAEC', 'exam');
      const pins = page.getByTestId('exam-pin');
      expect(await pins.count()).toBe(2);
      const first = ((await pins.first().textContent()) ?? '').trim();
      expect(first).toMatch(/^\S{6,}$/);
      await page.getByRole('button', { name: 'Copy PIN 1' }).click();
      await expect.poll(() => toast(page).textContent()).toContain('PIN copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
      await page.emulateMedia({ media: 'print' });
      // What a printer gets: the PINs and serials only.
      await page.screenshot({ path: path.join(SCREENSHOTS, `exam-print-${viewport.width}.png`) });
      await page.emulateMedia({ media: 'screen' });
      expect(await dashboardBalance(page)).toBe(balance - pinsCost);

      // The history, filtered to exam PINs, opens the receipt: the same PINs again, to their owner.
      await page.goto('/profile/transactions?type=exam');
      const row =
        viewport === PHONE
          ? page.getByRole('list', { name: 'Transactions list' }).getByRole('button').first()
          : page.getByRole('button', { name: /Exam PINs .*open receipt$/ }).first();
      await expect.poll(() => row.textContent()).toContain(viewport === PHONE ? 'Exam PINs' : '');
      await settle(page);
      await screenshot(page, 'exam-history');
      await row.click();
      await page.getByTestId('exam-pins').waitFor();
      expect(await page.getByTestId('exam-pin').first().textContent()).toBe(first);
      await settle(page);
      await screenshot(page, 'exam-history-receipt');
    });
  });
}
