import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from './helpers/browser.ts';
import { appAndBrowser } from './helpers/suite.ts';

const app = appAndBrowser();

const newPage = async (viewport: { width: number; height: number }) => {
  const context = await app.browser.newContext({ viewport, baseURL: app.server.url });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
};

const submit = (page: Page) => page.locator('form button[type="submit"]').click();

/** Opens the side menu on a phone (it is always there on a desktop) and logs out. */
const logout = async (page: Page) => {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('button', { name: 'Logout' }).click();
};

const login = async (page: Page, userName: string, password: string) => {
  await page.goto('/login');
  await page.getByLabel('Username, e-mail or business name').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await submit(page);
};

describe.each([
  ['a phone', PHONE, '1'],
  ['a desktop', DESKTOP, '2'],
])('a new customer on %s', (_label, viewport, tag) => {
  const unique = `e2e${tag}${Date.now().toString(36)}`;
  const newUser = {
    userName: unique,
    email: `${unique}@example.test`,
    phoneNumber: `08${tag}${String(Date.now()).slice(-8)}`,
    password: 'Journey#2026',
  };

  it('registers, sees the dashboard with ₦0.00, logs out, logs in by e-mail, and sees a wrong password refused', async () => {
    const page = await newPage(viewport);
    await page.goto('/register');
    await page.getByLabel('Username').fill(newUser.userName);
    await page.getByLabel('E-mail').fill(newUser.email);
    await page.getByLabel('Phone number').fill(newUser.phoneNumber);
    await page.getByLabel('Password', { exact: true }).fill(newUser.password);
    await page.getByLabel('Confirm password').fill(newUser.password);
    await submit(page);

    await page.waitForURL('**/profile');
    await expect
      .poll(() => page.getByTestId('dashboard-username').textContent())
      .toContain(newUser.userName);
    expect(await page.getByTestId('balance').textContent()).toContain('₦0.00');

    await logout(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // Signed out, the profile area shows the login form instead of the dashboard.
    await page.goto('/profile');
    await page.getByLabel('Username, e-mail or business name').waitFor();
    expect(await page.getByTestId('balance').count()).toBe(0);

    await login(page, newUser.email, 'not-my-password');
    await expect
      .poll(() => page.locator('.Toastify').textContent())
      .toContain('Invalid login details');
    expect(page.url()).toContain('/login');

    await login(page, newUser.email, newUser.password);
    await page.waitForURL('**/profile');
    await expect
      .poll(() => page.getByTestId('dashboard-username').textContent())
      .toContain(newUser.userName);
    await page.context().close();
  });

  it('resets a forgotten password through the e-mailed link and logs in with the new one', async () => {
    const page = await newPage(viewport);
    await page.goto('/requestPasswordReset');
    await page.getByLabel('E-mail').fill(newUser.email);
    await submit(page);
    await expect
      .poll(() => page.locator('.Toastify').textContent())
      .toContain('If an account exists');

    // The sandbox mailbox (SMTP_URL unset) holds the mail the server sent.
    let link: string | undefined;
    await expect
      .poll(async () => {
        const mails = (await (await fetch(`${app.server.url}/sandbox/mail.json`)).json()) as {
          to: string;
          text: string;
        }[];
        link = mails
          .find((m) => m.to === newUser.email)
          ?.text.match(/https?:\/\/\S+\/passwordReset\/\S+/)?.[0];
        return link;
      })
      .toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await page.getByLabel('New password', { exact: true }).fill('Brand#New2026');
    await page.getByLabel('Repeat new password').fill('Brand#New2026');
    await submit(page);
    await page.waitForURL((url) => url.pathname === '/');

    await login(page, newUser.userName, newUser.password);
    await expect
      .poll(() => page.locator('.Toastify').textContent())
      .toContain('Invalid login details');
    await login(page, newUser.userName, 'Brand#New2026');
    await page.waitForURL('**/profile');
    await page.context().close();
  });
});

describe('screens at 360 px and 1280 px', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`renders landing, login, price list and dashboard at ${viewport.width} px`, async () => {
      const page = await newPage(viewport);
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The footer's contact details come from /site (configuration), loaded after first paint.
      await page.getByText('12 Example Street').waitFor();
      await screenshot(page, 'landing');

      await page.goto('/priceList');
      await page.getByText('MTN').first().waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'price-list');
      expect(await page.content()).not.toMatch(/cost/i);

      await page.goto('/login');
      await page.getByLabel('Username, e-mail or business name').waitFor();
      await screenshot(page, 'login');

      await login(page, 'demo_user', 'User#2026');
      await page.waitForURL('**/profile');
      await expect.poll(() => page.getByTestId('balance').textContent()).toContain('₦5,000.00');
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400); // let the side menu's width transition finish
      await screenshot(page, 'dashboard');

      // On a phone the floating chat button would cover account pages: the menu has the link.
      const floating = page.getByRole('link', { name: 'Chat with us' });
      const inMenu = page.getByRole('link', { name: 'Support chat' });
      if (viewport.width < 768) {
        expect(await floating.isVisible()).toBe(false);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await inMenu.waitFor();
        await page.waitForTimeout(400); // the drawer slides in
        await screenshot(page, 'menu');
        await page.keyboard.press('Escape');
      } else {
        await floating.waitFor();
        expect(await inMenu.isVisible()).toBe(false);
      }

      // Nothing is wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.context().close();
    });
  }
});
