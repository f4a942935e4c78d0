import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, launchBrowser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { login } from './helpers/session.ts';

// The content security policy (helmet) against the real pages: the built client and the
// server-rendered sandbox pages must work under it, with no violation in the browser.

let server: RunningServer;
let browser: Browser;
let page: Page;
/** Every CSP violation the browser reported: console messages and violation events. */
const violations: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const context = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`,
      );
    });
  });
  page = await context.newPage();
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text)) violations.push(text);
  });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  page.setDefaultTimeout(20_000);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the content security policy', () => {
  it('is sent with the client and the API, with the referrer policy and nosniff', async () => {
    for (const path of ['/login', '/api/v1/health', '/sandbox/billstack']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('lets the client run: a refused login shows its toast, a login reaches the dashboard', async () => {
    await page.goto('/priceList');
    await page.getByRole('heading').first().waitFor();
    await page.goto('/login');
    await page.getByLabel('Username, e-mail or business name').fill('demo_reseller');
    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.locator('form button[type="submit"]').click();
    await expect
      .poll(() => page.locator('.Toastify').textContent())
      .toContain('Invalid login details');
    // react-toastify inserts its stylesheet as a <style> element: it must have applied.
    expect(
      await page
        .locator('.Toastify__toast-container')
        .evaluate((el) => getComputedStyle(el).position),
    ).toBe('fixed');
    await login(page, 'demo_reseller', 'Reseller#2026');
    await page.getByTestId('balance').waitFor();
    await page.goto('/profile/buydata');
    await page.getByLabel('Phone number').waitFor();
    expect(violations).toEqual([]);
  });

  it('lets the sandbox checkout pay and redirect back to the app', async () => {
    await page.goto('/profile/fundWallet');
    await page.getByLabel('Amount (₦)').fill('1500');
    await page.getByRole('button', { name: 'Proceed to pay' }).click();
    await page.waitForURL('**/sandbox/squad/checkout/**');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL('**/profile');
    expect(violations).toEqual([]);
  });

  it('lets the sandbox bank transfer form post, and shows the sandbox mailbox', async () => {
    await page.goto('/sandbox/billstack');
    await page.getByLabel('Reserved account number').fill('8000000001');
    await page.getByLabel('Amount (₦)').fill('100');
    await page.getByRole('button', { name: 'Send transfer' }).click();
    await page.getByText('Deposit sent').waitFor();
    await page.goto('/sandbox/mail');
    await page.getByRole('heading', { name: 'Sandbox mailbox' }).waitFor();
    // The inline <style> applied: the page's width is capped.
    expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).toBe('760px');
    expect(violations).toEqual([]);
  });
});
