import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  screenshot,
  settle,
  toast,
} from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { dashboardBalance, kobo, login, noHorizontalScroll } from './helpers/session.ts';

// The people-and-money back office against the real server: an admin walks a user through the
// tier cycle, refunds a purchase the supplier failed, mails every user and watches it finish;
// an agent sees only the agent menu. The reconciler ticks every second (mail batches) but waits
// an hour before re-querying a purchase, so the refund below is the admin's, not the job's.

const POLL = { timeout: 20_000 };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ RECONCILE_INTERVAL_MS: '1000', RECONCILE_RETRY_SECONDS: '3600' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const newPage = (viewport: { width: number; height: number }) =>
  openPage(browser, server.url, viewport);

/** Menu link labels, opening the drawer first on a phone. */
const menuLabels = async (page: Page) => {
  await page.getByTestId('balance').waitFor();
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // Every role's menu ends with the account links: wait for them, not only the chat link.
  await menu.getByRole('link', { name: 'Dashboard', exact: true }).waitFor({ state: 'attached' });
  return (await menu.getByRole('link').allTextContents()).map((t) => t.trim());
};

describe('the people-and-money back office', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`an admin walks demo_reseller through the tier cycle at ${viewport.width} px`, async () => {
      const admin = await newPage(viewport);
      await login(admin, 'demo_admin', 'Admin#2026');
      await admin.goto('/admin/users');
      await admin.getByLabel('Username').fill('demo_reseller');
      // Typing waits 2 s before it filters (docs/product-rules.md#timing).
      await expect.poll(() => admin.getByTestId('users-total').textContent(), POLL).toBe('1');
      await settle(admin);
      await screenshot(admin, 'admin-users');
      await noHorizontalScroll(admin);

      const row =
        viewport === PHONE
          ? admin.getByRole('list', { name: 'Users' }).getByRole('button').first()
          : admin.getByRole('button', { name: /^demo_reseller ?, open details$/ });
      await row.click();
      const dialog = admin.getByRole('dialog', { name: 'demo_reseller' });
      const type = dialog.getByTestId('detail-type');
      const seen: string[] = [(await type.textContent()) ?? ''];
      for (let step = 0; step < 3; step += 1) {
        const button = dialog.getByRole('button', { name: /^Upgrade to / });
        const next = ((await button.textContent()) ?? '').replace('Upgrade to ', '');
        await button.click();
        await expect.poll(() => type.textContent(), POLL).toBe(next);
        seen.push(next);
      }
      if (viewport === PHONE) {
        await settle(admin);
        await screenshot(admin, 'admin-user-detail');
      }
      // Three steps of the cycle bring the user back to where they started.
      expect(seen[3]).toBe(seen[0]);
      expect(new Set(seen.slice(0, 3))).toEqual(new Set(['reseller', 'api user', 'smart earner']));

      await admin.goto('/admin/audit');
      await admin.getByLabel('Action (e.g. user.tier)').fill('user.tier');
      await admin.getByRole('button', { name: 'Filter' }).click();
      await expect
        .poll(() => admin.getByTestId('audit-entry').count(), POLL)
        .toBeGreaterThanOrEqual(3);
      await admin.context().close();
    });
  }

  it('an admin refunds a purchase the supplier failed, from the staff transactions screen', async () => {
    const customer = await newPage(PHONE);
    await login(customer, 'demo_user', 'User#2026');
    const before = await dashboardBalance(customer);
    // Sandbox trigger 2222: the supplier answers "processing", and a re-query says it failed.
    await customer.goto('/profile/buyairtime');
    await customer.getByLabel('Phone number').fill('08031232222');
    await customer.getByLabel('Amount (₦)').fill('150');
    await customer.getByRole('button', { name: 'Buy airtime' }).click();
    await customer
      .getByRole('dialog', { name: 'Confirm purchase' })
      .getByRole('button', { name: 'Buy now' })
      .click();
    await customer.getByTestId('receipt').waitFor();
    const charged = kobo(await customer.getByTestId('receipt-amount').textContent());
    expect(await dashboardBalance(customer)).toBe(before - charged);

    const admin = await newPage(DESKTOP);
    await login(admin, 'demo_admin', 'Admin#2026');
    await admin.goto('/admin/transactions?phone=08031232222');
    const open = admin.getByRole('button', { name: /, Airtime ₦[\d,.]+, open actions$/ });
    const row = admin.getByRole('row').filter({ has: open });
    await open.click();
    const dialog = admin.getByRole('dialog');
    expect(await dialog.getByTestId('action-status').textContent()).toMatch(/pending|processing/);
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await settle(admin);
    await screenshot(admin, 'admin-refund');
    await dialog.getByRole('button', { name: /^Refund ₦/ }).click();
    await expect.poll(() => toast(admin).textContent(), POLL).toMatch(/refund/i);
    await expect.poll(() => row.textContent(), POLL).toMatch(/Refunded/i);
    expect(await dashboardBalance(customer)).toBe(before);

    // Refunded once: the row offers no second refund.
    await row.click();
    expect(await admin.getByRole('dialog').getByRole('button', { name: 'Refund' }).count()).toBe(0);
    await customer.context().close();
    await admin.context().close();
  });

  it('an admin mails every user on a 360 px phone and watches it finish', async () => {
    const admin = await newPage(PHONE);
    await login(admin, 'demo_admin', 'Admin#2026');
    await admin.goto('/admin/sendMail');
    await admin.getByLabel('Subject').fill('New data prices');
    await admin.getByLabel('Message').fill('Data is cheaper from today.');
    await admin.getByLabel('Link (optional, http:// or https://)').fill('https://vendo.ng/prices');
    await admin.getByLabel('Link text (optional)').fill('See the prices');
    await settle(admin);
    await screenshot(admin, 'admin-send-mail');
    await noHorizontalScroll(admin);
    await admin.getByRole('button', { name: 'Send to every user' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Send to every user?' });
    await confirm.getByText(/This mails \d+ users?\./).waitFor();
    await screenshot(admin, 'admin-send-mail-confirm');
    await confirm.getByRole('button', { name: /^Send to \d+ users$/ }).click();
    await admin.getByRole('heading', { name: 'Mail sent' }).waitFor({ timeout: 30_000 });
    const progress = (await admin.getByTestId('mail-progress').textContent()) ?? '';
    const [, sent, failed, left, total] = /(\d+) sent, (\d+) failed, (\d+) to go, of (\d+)/.exec(
      progress,
    )!;
    expect(Number(left)).toBe(0);
    expect(Number(sent) + Number(failed)).toBe(Number(total));
    expect(Number(total)).toBeGreaterThanOrEqual(4);
    await settle(admin);
    await screenshot(admin, 'admin-send-mail-done');
    await admin.context().close();
  });

  it('an agent sees only the agent menu and is kept out of admin pages', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const agent = await newPage(viewport);
      await login(agent, 'demo_agent', 'Agent#2026');
      const labels = await menuLabels(agent);
      expect(labels).toContain('User list');
      expect(labels).toContain('Update price');
      expect(labels).toContain('Pending queue');
      for (const adminOnly of [
        'Admin dashboard',
        'Send email',
        'Generate coupon',
        'Admin settings',
      ]) {
        expect(labels).not.toContain(adminOnly);
      }
      for (const path of ['/admin', '/admin/sendMail', '/admin/transactions', '/admin/audit']) {
        await agent.goto(path);
        await agent.waitForURL(/\/profile$/);
      }
      await agent.goto('/admin/users');
      await agent.getByRole('heading', { name: 'User list' }).waitFor();
      await agent.getByTestId('users-total').waitFor();
      await agent.context().close();
    }
  });

  it('an admin finds every staff screen in the menu, in the first screen of the drawer at 1280×800', async () => {
    const admin = await newPage(DESKTOP);
    await login(admin, 'demo_admin', 'Admin#2026');
    const labels = await menuLabels(admin);
    for (const label of ['Pending queue', 'Reconciliation', 'Audit log', 'All transactions']) {
      expect(labels).toContain(label);
      const link = admin
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: label, exact: true });
      const box = await link.boundingBox();
      expect(box, label).not.toBeNull();
      expect(box!.y + box!.height, label).toBeLessThanOrEqual(DESKTOP.height);
    }
    expect(labels.indexOf('All transactions')).toBeLessThan(labels.indexOf('Buy data'));
    await admin
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Audit log', exact: true })
      .click();
    await admin.waitForURL(/\/admin\/audit$/);
    await admin.context().close();
  });

  it('an admin opens the dashboard with its figures, float and chart', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const admin = await newPage(viewport);
      await login(admin, 'demo_admin', 'Admin#2026');
      await admin.goto('/admin');
      await admin.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
      expect(
        Number((await admin.getByTestId('tile-users').textContent())?.replace(/,/g, '')),
      ).toBeGreaterThanOrEqual(4);
      await admin.getByTestId('supplier-float').locator('li').first().waitFor();
      await admin.getByRole('heading', { name: 'Sales and profit, last 30 days' }).waitFor();
      await settle(admin);
      await screenshot(admin, 'admin-dashboard');
      await noHorizontalScroll(admin);
      await admin.context().close();
    }
  });
});
