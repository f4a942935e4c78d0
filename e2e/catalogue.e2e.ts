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
import { kobo, login, noHorizontalScroll } from './helpers/session.ts';

// The catalogue back office against the real server: an admin adds a plan that a customer then
// buys, locks data sales and unlocks them; an agent changes a price and is kept out of the
// admin settings. Purchases go to the sandbox suppliers, which deliver any ordinary number.

/** Changes go to the server and back; a busy machine takes more than the 1 s default. */
const POLL = { timeout: 15_000 };

const app = appAndBrowser();

const newPage = (viewport: { width: number; height: number }) =>
  openPage(app.browser, app.server.url, viewport);

const planPage = async (page: Page, network: string) => {
  await page.goto('/profile/updatePrice');
  await page.getByLabel('Network').selectOption(network);
  await page.locator('.plan-table tbody tr').first().waitFor();
};

/** Locks or unlocks a service card on the admin settings: 'Data', or a network's ('GLO data'). */
const setService = async (page: Page, action: 'Lock' | 'Unlock', service = 'Data') => {
  await page.goto('/profile/adminSettings');
  const data = page.getByRole('listitem', { name: service, exact: true });
  await data.getByRole('button', { name: action }).click();
  await data.getByText(action === 'Lock' ? 'Locked' : 'Available', { exact: true }).waitFor();
};

/** Opens buy data on GLO with the plan whose option label contains `plan`; returns the label. */
const chooseGloPlan = async (page: Page, plan: string, phone: string) => {
  await page.goto('/profile/buydata');
  await page.getByLabel('Network').selectOption('GLO');
  const option = page.getByLabel('Data plan').locator('option', { hasText: plan }).first();
  await expect.poll(() => option.count(), POLL).toBeGreaterThan(0);
  const label = (await option.textContent()) ?? '';
  await page.getByLabel('Data plan').selectOption({ label });
  await page.getByLabel('Phone number').fill(phone);
  return label;
};

describe('the catalogue back office', () => {
  it('an admin adds a plan on a 1280 px desktop and a customer buys it on a 360 px phone', async () => {
    const admin = await newPage(DESKTOP);
    await login(admin, 'demo_admin', 'Admin#2026');
    await admin.goto('/profile/updatePrice');
    await admin.getByText('Please select a network').waitFor();
    await admin.getByRole('button', { name: 'Add plan' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add plan' });
    await dialog.getByLabel('Network').selectOption('GLO');
    await dialog.getByLabel('Plan name').fill('4GB');
    await dialog.getByLabel('Plan type').fill('E2E');
    await dialog.getByLabel('Volume (GB)').fill('4');
    await dialog.getByLabel('Plan id').fill('E2E4');
    await dialog.getByLabel('Smart earner price (₦)').fill('1500');
    await dialog.getByLabel('Reseller price (₦)').fill('1450');
    await dialog.getByLabel('API price (₦)').fill('1400');
    await dialog.getByLabel('Cost price (₦)').fill('1200');
    await dialog.getByRole('button', { name: 'Add plan' }).click();
    await expect.poll(() => toast(admin).textContent(), POLL).toContain('Plan added successfully');

    await planPage(admin, 'GLO');
    const row = admin.getByRole('row', { name: 'GLO 4GB E2E' });
    expect(await row.getByTestId('margin-smartEarner').textContent()).toBe('Margin +₦300.00');
    expect(await row.getByRole('switch').getAttribute('aria-checked')).toBe('true');

    const customer = await newPage(PHONE);
    await login(customer, 'demo_user', 'User#2026');
    const label = await chooseGloPlan(customer, 'GLO 4GB', '08051234567');
    expect(label).toContain('₦1,500.00');
    await customer.getByRole('button', { name: 'Buy', exact: true }).click();
    await customer
      .getByRole('dialog', { name: 'Confirm purchase' })
      .getByRole('button', { name: 'Buy now' })
      .click();
    await customer.getByTestId('receipt').waitFor();
    expect(await customer.getByTestId('receipt-status').textContent()).toBe('Successful');
    expect(kobo(await customer.getByTestId('receipt-amount').textContent())).toBe(1_500_00);

    // Turned off on the plan page, the plan leaves the customer's list at once.
    await row.getByRole('switch').click();
    await expect
      .poll(() => row.getByRole('switch').getAttribute('aria-checked'), POLL)
      .toBe('false');
    await customer.goto('/profile/buydata');
    await customer.getByLabel('Network').selectOption('GLO');
    await expect
      .poll(() => customer.getByLabel('Data plan').locator('option').count(), POLL)
      .toBeGreaterThan(1);
    expect(
      await customer.getByLabel('Data plan').locator('option', { hasText: 'GLO 4GB' }).count(),
    ).toBe(0);
    await row.getByRole('switch').click();
    await expect
      .poll(() => row.getByRole('switch').getAttribute('aria-checked'), POLL)
      .toBe('true');
    await admin.context().close();
    await customer.context().close();
  });

  it('an admin locks data, then only GLO data, and the buy-data screen says so each time', async () => {
    const admin = await newPage(DESKTOP);
    await login(admin, 'demo_admin', 'Admin#2026');
    await setService(admin, 'Lock');

    const customer = await newPage(PHONE);
    await login(customer, 'demo_user', 'User#2026');
    // Said on arrival, before the form is filled in; Buy stays disabled.
    await chooseGloPlan(customer, 'GLO 1GB', '08051234567');
    const notice = customer.getByTestId('paused-notice');
    const buy = customer.getByRole('button', { name: 'Buy', exact: true });
    await expect
      .poll(() => notice.textContent(), POLL)
      .toBe('Data purchases are paused at the moment. Please try again later.');
    expect(await buy.isDisabled()).toBe(true);
    await settle(customer);
    await screenshot(customer, 'buydata-locked');

    await setService(admin, 'Unlock');
    // One network's data locked: that network is named, the others sell.
    await setService(admin, 'Lock', 'GLO data');
    await screenshot(admin, 'services-network-locks');
    await chooseGloPlan(customer, 'GLO 1GB', '08051234567');
    await expect
      .poll(() => notice.textContent(), POLL)
      .toBe('GLO data is paused; try another network or come back later.');
    expect(await buy.isDisabled()).toBe(true);
    await customer.getByLabel('Network').selectOption('MTN');
    await expect.poll(() => notice.count(), POLL).toBe(0);
    await setService(admin, 'Unlock', 'GLO data');
    await chooseGloPlan(customer, 'GLO 1GB', '08051234567');
    await customer.getByRole('button', { name: 'Buy', exact: true }).click();
    await customer
      .getByRole('dialog', { name: 'Confirm purchase' })
      .getByRole('button', { name: 'Buy now' })
      .click();
    await customer.getByTestId('receipt').waitFor();
    expect(await customer.getByTestId('receipt-status').textContent()).toBe('Successful');
    await admin.context().close();
    await customer.context().close();
  });

  it('an agent changes a price on a 360 px phone and cannot open admin settings', async () => {
    const agent = await newPage(PHONE);
    await login(agent, 'demo_agent', 'Agent#2026');
    await planPage(agent, 'GLO');
    const row = agent.getByRole('row', { name: 'GLO 4GB E2E' });
    expect(await row.getByRole('switch').count()).toBe(0);
    expect(await row.getByTestId('margin-smartEarner').count()).toBe(0);
    await row.getByRole('button', { name: 'Change price of GLO 4GB E2E' }).click();
    const dialog = agent.getByRole('dialog', { name: 'Change price' });
    await dialog.getByLabel('Smart earner price (₦)').fill('1550');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const change = dialog.getByRole('listitem', { name: 'GLO 4GB E2E' });
    expect(await change.textContent()).toContain('₦1,500.00 → ₦1,550.00');
    await settle(agent);
    await screenshot(agent, 'update-price-preview');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => toast(agent).textContent(), POLL)
      .toContain('Price updated successfully');
    await expect.poll(() => row.locator('.cell-smartEarner').textContent(), POLL).toBe('₦1,550.00');

    await agent.goto('/profile/adminSettings');
    await agent.waitForURL(/\/profile$/);
    await agent.getByTestId('balance').waitFor();

    // The customer is charged the new price.
    const customer = await newPage(PHONE);
    await login(customer, 'demo_user', 'User#2026');
    expect(await chooseGloPlan(customer, 'GLO 4GB', '08051234567')).toContain('₦1,550.00');
    await agent.context().close();
    await customer.context().close();
  });

  it('renders the plan page and admin settings at 360 and 1280 px', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const admin = await newPage(viewport);
      await login(admin, 'demo_admin', 'Admin#2026');
      await planPage(admin, 'MTN');
      await settle(admin);
      await screenshot(admin, 'update-price');
      await noHorizontalScroll(admin);

      await admin
        .getByRole('button', { name: /^Edit MTN/ })
        .first()
        .click();
      await admin.getByRole('dialog', { name: 'Edit plan' }).waitFor();
      await settle(admin);
      await screenshot(admin, 'update-price-edit');
      await admin.keyboard.press('Escape');

      // The plan the first journeys added, changed and priced has a history to show.
      await admin.getByLabel('Network').selectOption('GLO');
      await admin.getByRole('button', { name: 'Price history of GLO 4GB E2E' }).click();
      const history = admin.getByRole('dialog', { name: 'Price history' });
      await history.getByRole('listitem').first().waitFor();
      expect(await history.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
      await settle(admin);
      await screenshot(admin, 'update-price-history');
      await admin.keyboard.press('Escape');

      await admin.goto('/profile/adminSettings');
      await admin.getByRole('listitem', { name: 'Data', exact: true }).waitFor();
      await admin.getByLabel('MTN cost per GB (₦)').waitFor();
      await settle(admin);
      await screenshot(admin, 'admin-settings');
      await noHorizontalScroll(admin);
      // Each network's supplier and who takes what it refuses.
      const suppliers = admin.getByRole('region', { name: 'Suppliers' });
      expect(await suppliers.getByLabel('MTN: if it refuses, then').inputValue()).toBe('');
      await suppliers.screenshot({
        path: path.join(SCREENSHOTS, `admin-settings-suppliers-${viewport.width}.png`),
      });
      // Each supplier's health: forced open (skipped) and back.
      const health = admin.getByRole('region', { name: 'Supplier health' });
      const glad = health.getByRole('listitem', { name: 'GLAD airtime' });
      await health.getByRole('button', { name: 'Force open: GLAD airtime' }).click();
      await expect.poll(() => glad.textContent()).toContain('Forced open');
      await settle(admin);
      await health.screenshot({
        path: path.join(SCREENSHOTS, `admin-settings-supplier-health-${viewport.width}.png`),
      });
      await health.getByRole('button', { name: 'Clear force: GLAD airtime' }).click();
      await expect.poll(() => glad.textContent()).not.toContain('Forced');
      await admin.context().close();
    }
  });

  // Last in this file: the popup it leaves for other users would cover later journeys' pages.
  it("shows the admins' notification once per user: OK on one device hides it on another", async () => {
    const admin = await newPage(DESKTOP);
    await login(admin, 'demo_admin', 'Admin#2026');
    await admin.goto('/profile/adminSettings');
    const message = `Data prices change on Monday (${Date.now()})`;
    await admin.getByLabel('New message').fill(message);
    await admin.getByRole('button', { name: 'Publish' }).click();
    await toast(admin).getByText('Notification updated').waitFor(POLL);

    const phone = await newPage(PHONE);
    await login(phone, 'demo_user', 'User#2026');
    const notice = phone.getByRole('dialog', { name: 'Notice' });
    await notice.getByText(message).waitFor(POLL);
    await screenshot(phone, 'notification-360');
    await notice.getByRole('button', { name: 'OK' }).click();
    await notice.waitFor({ state: 'hidden' });
    await phone.waitForLoadState('networkidle');

    // Another device (a new browser context: nothing stored locally) signs in as the same user.
    const laptop = await newPage(DESKTOP);
    await login(laptop, 'demo_user', 'User#2026');
    await laptop.waitForLoadState('networkidle');
    expect(await laptop.getByRole('dialog', { name: 'Notice' }).count()).toBe(0);
  });
});
