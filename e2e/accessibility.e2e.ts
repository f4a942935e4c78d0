import type { Page } from 'playwright-core';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { AXE_REPORT, checkA11y, pageWidthOverflow } from './helpers/a11y.ts';
import { DESKTOP, openPage, PHONE, screenshot, settle } from './helpers/browser.ts';
import { appAndBrowser } from './helpers/suite.ts';
import { login } from './helpers/session.ts';

// Every screen as a keyboard, a screen reader, large text or a small phone meets it: axe on each
// screen and each dialog at 360 and 1280 px, no sideways scroll at 320 px or with the root text at
// 200 %, and a journey done with the keyboard alone.

const app = appAndBrowser();

// What axe found over the whole run so far (every journey's checks go to the same report).
afterAll(() => {
  if (!fs.existsSync(AXE_REPORT)) return;
  const checks = fs
    .readFileSync(AXE_REPORT, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { violations: { id: string; impact: string | null }[] });
  const count = (impact: string) =>
    checks.reduce((n, c) => n + c.violations.filter((v) => v.impact === impact).length, 0);
  const rules = [...new Set(checks.flatMap((c) => c.violations.map((v) => v.id)))];
  console.log(
    `axe: ${checks.length} checks; critical ${count('critical')}, serious ${count('serious')}, ` +
      `moderate ${count('moderate')}, minor ${count('minor')}${rules.length ? ` (${rules.join(', ')})` : ''}`,
  );
});

const PUBLIC = [
  '/',
  '/login',
  '/register',
  '/requestPasswordReset',
  '/pricelist',
  '/developers',
  '/no-such-page',
];
const CUSTOMER = [
  '/profile',
  '/profile/user',
  '/profile/changePassword',
  '/profile/buydata',
  '/profile/buyairtime',
  '/profile/electricity',
  '/profile/contacts',
  '/profile/transfer',
  '/profile/fundWallet',
  '/profile/fundWallet/coupon',
  '/profile/earnings',
  '/profile/withdraw',
  '/profile/transactions',
  '/profile/tv',
  '/profile/exam',
  '/profile/epin',
  '/profile/bulk',
];
const AGENT = ['/profile', '/admin/users', '/profile/updatePrice', '/profile/billsPrices'];
const ADMIN = [
  '/admin',
  '/admin/transactions',
  '/admin/sendMail',
  '/admin/audit',
  '/admin/reconciliation',
  '/admin/generateCoupon',
  '/admin/users',
  '/admin/pending',
  '/profile/adminSettings',
  '/profile/updatePrice',
  '/profile/billsPrices',
];
const PEOPLE = [
  { userName: 'demo_user', password: 'User#2026', screens: CUSTOMER },
  { userName: 'demo_agent', password: 'Agent#2026', screens: AGENT },
  { userName: 'demo_admin', password: 'Admin#2026', screens: ADMIN },
];

const newPage = (viewport: { width: number; height: number }) =>
  openPage(app.browser, app.server.url, viewport);

const signOut = async (page: Page) => {
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
};

/** A short description of the focused element: its tag, role and accessible text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      id: el?.id ?? '',
      text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      inMenu: el?.closest('#side-menu') !== null,
      inDialog: el?.closest('[role="dialog"]') !== null,
      isMenuButton: el?.getAttribute('aria-controls') === 'side-menu',
    };
  });

/**
 * Presses Tab (at most `max` times) until the focused element's text matches `name`, or its id
 * is `name` when a string (a field: its label is no text of its own).
 */
const tabTo = async (page: Page, name: RegExp | string, max = 40) => {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (typeof name === 'string' ? now.id === name : name.test(now.text)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
};

describe('axe finds no serious or critical problem', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`on every screen and dialog at ${viewport.width} px`, async () => {
      const page = await newPage(viewport);
      let checked = 0;
      const visit = async (path: string) => {
        await page.goto(path);
        await settle(page);
        await checkA11y(page, `screen ${path}`);
        checked += 1;
      };
      for (const path of PUBLIC) await visit(path);

      for (const person of PEOPLE) {
        await signOut(page);
        await login(page, person.userName, person.password);
        for (const path of person.screens) await visit(path);
      }

      // The admin's dialogs: a user's detail (after its data arrived) and a purchase's actions.
      await page.goto('/admin/users');
      await settle(page);
      const userButton =
        viewport === PHONE
          ? page.getByRole('list', { name: 'Users' }).getByRole('button').first()
          : page.getByRole('button', { name: /, open details$/ }).first();
      await userButton.click();
      const detail = page.getByRole('dialog');
      await detail.getByTestId('detail-type').waitFor();
      expect((await focused(page)).inDialog).toBe(true); // not lost as the data came in
      await checkA11y(page, 'dialog user detail');
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });

      // The customer's: the phone menu, a paying confirm, a contact form.
      await signOut(page);
      await login(page, 'demo_user', 'User#2026');
      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').first().focus();
        await checkA11y(page, 'menu drawer');
        await page.keyboard.press('Escape');
      }
      await page.goto('/profile/buydata');
      await page.getByLabel('Network').selectOption('MTN');
      const type = page.getByLabel('Data type');
      await expect
        .poll(() => type.locator('option', { hasText: 'SME' }).count())
        .toBeGreaterThan(0);
      await type.selectOption('SME');
      await page.getByLabel('Data plan').selectOption({ index: 1 });
      await page.getByLabel('Phone number').fill('08031234567');
      await page.getByRole('button', { name: 'Buy', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
      await confirm.waitFor();
      expect((await focused(page)).text).toBe('Cancel'); // a second Enter must not pay
      await checkA11y(page, 'dialog confirm purchase');
      await page.keyboard.press('Enter');
      await confirm.waitFor({ state: 'detached' });
      expect((await focused(page)).text).toBe('Buy'); // back where it was

      await page.goto('/profile/contacts');
      await page.getByRole('button', { name: 'Add contact' }).click();
      await page.getByRole('dialog', { name: 'Add contact' }).waitFor();
      await checkA11y(page, 'dialog add contact');
      await page.keyboard.press('Escape');

      checked += viewport === PHONE ? 4 : 3;
      expect(checked).toBeGreaterThan(35);
      // Every screen of every role, each through axe: about two minutes on a busy machine.
    }, 300_000);
  }
});

describe('no screen scrolls sideways', () => {
  const cases = [
    { label: 'at 320 px', viewport: { width: 320, height: 640 }, fontSize: '' },
    { label: 'at 360 px with 200 % text', viewport: PHONE, fontSize: '200%' },
    { label: 'at 1280 px with 200 % text', viewport: DESKTOP, fontSize: '200%' },
  ];
  for (const { label, viewport, fontSize } of cases) {
    it(label, async () => {
      const page = await newPage(viewport);
      const wide: string[] = [];
      const visit = async (path: string) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        if (fontSize)
          await page.evaluate((size) => (document.documentElement.style.fontSize = size), fontSize);
        await page.waitForTimeout(200);
        const overflow = await pageWidthOverflow(page);
        if (overflow > 0) wide.push(`${path} (+${overflow} px)`);
      };
      for (const path of PUBLIC) await visit(path);
      for (const person of PEOPLE) {
        await signOut(page);
        await login(page, person.userName, person.password);
        for (const path of person.screens) await visit(path);
      }
      if (viewport.width === 320) {
        await page.goto('/admin/users');
        await page.getByRole('list', { name: 'Users' }).getByRole('button').first().waitFor();
        await settle(page);
        await screenshot(page, 'a11y-admin-users');
        // The phone and last-seen lines wrap, never cut short with "…".
        const cut = await page
          .locator('.admin-row-main > span')
          .evaluateAll((spans) => spans.filter((s) => s.scrollWidth > s.clientWidth).length);
        expect(cut).toBe(0);
      }
      expect(wide).toEqual([]);
    });
  }
});

describe('with the keyboard alone', () => {
  it('signs in, opens and closes the menu, buys airtime and opens and closes a dialog', async () => {
    const page = await newPage(PHONE);
    // The first Tab stop is the skip link: on the landing page's first load (its own shell) and
    // in the app.
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect((await focused(page)).tag).toBe('main');

    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Skip to content');

    await tabTo(page, 'field-userName');
    await page.keyboard.type('demo_user');
    await page.keyboard.press('Tab');
    await page.keyboard.type('User#2026');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/profile');
    // The new page's heading has the focus, and the live region names it.
    await expect.poll(async () => (await focused(page)).tag).toBe('h1');

    // The menu: focus moves in, Tab stays in (links and its button), Escape closes it and focus
    // goes back to the button, also when Escape is pressed on the button.
    await tabTo(page, /^Open menu$/);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).inMenu).toBe(true);
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(now.inMenu || now.isMenuButton, `Tab ${i} left the open menu`).toBe(true);
    }
    await page.keyboard.press('Escape');
    let now = await focused(page);
    expect(now.isMenuButton).toBe(true);
    expect(
      await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'),
    ).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).inMenu).toBe(true);
    await page.keyboard.press('Shift+Tab'); // from the first link back to the button
    expect((await focused(page)).isMenuButton).toBe(true);
    await page.keyboard.press('Escape');
    expect(
      await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'),
    ).toBe('false');

    // Buy airtime from the menu.
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).inMenu).toBe(true);
    await tabTo(page, /^Buy airtime$/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/profile/buyairtime');
    await expect.poll(async () => (await focused(page)).tag).toBe('h1');
    await page.getByLabel('Phone number').waitFor();
    await tabTo(page, 'field-mobile_number');
    await page.keyboard.type('08031234567');
    await page.keyboard.press('Tab');
    await page.keyboard.type('100');
    await page.keyboard.press('Enter');
    // The confirmation opens on Cancel (a second Enter must not pay); Tab reaches Buy now.
    await page.getByRole('dialog', { name: 'Confirm purchase' }).waitFor();
    expect((await focused(page)).text).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Buy now');
    await page.keyboard.press('Enter');
    await page.getByTestId('receipt').waitFor();

    // A dialog: focus in on open, Tab stays in, Escape closes it and focus returns.
    await page.goto('/profile/contacts');
    await page.getByRole('button', { name: 'Add contact' }).waitFor();
    await tabTo(page, /Add contact/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add contact' });
    await dialog.waitFor();
    expect((await focused(page)).inDialog).toBe(true);
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog, `Tab ${i} left the dialog`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    now = await focused(page);
    expect(now.text).toContain('Add contact');
  });
});
