import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage, PHONE, screenshot, settle, toast } from './helpers/browser.ts';
import { appAndBrowser } from './helpers/suite.ts';
import { login, noHorizontalScroll } from './helpers/session.ts';

// The cable and exam back office against the real server: an admin changes a bouquet's price on
// a phone, locks a provider (customers read the lock from GET /bills/services) and unlocks it;
// an agent changes a price without seeing cost or margins.

const POLL = { timeout: 15_000 };

const app = appAndBrowser();

const newPage = (viewport: { width: number; height: number }) =>
  openPage(app.browser, app.server.url, viewport);

const billsPage = async (page: Page) => {
  await page.goto('/profile/billsPrices');
  await page.getByRole('row', { name: 'DStv Padi', exact: true }).waitFor();
};

/** What a customer's buy screen reads: is `serviceId` selling? */
const isOpen = async (page: Page, serviceId: string) => {
  const res = await page.request.get(`${app.server.url}/api/v1/bills/services`);
  const body = (await res.json()) as { services: { serviceId: string; isOpen: boolean }[] };
  return body.services.find((s) => s.serviceId === serviceId)?.isOpen;
};

describe('the cable and exam back office', () => {
  it('an admin changes a bouquet price and locks DStv on a 360 px phone', async () => {
    const admin = await newPage(PHONE);
    await login(admin, 'demo_admin', 'Admin#2026');
    await billsPage(admin);
    const row = admin.getByRole('row', { name: 'DStv Compact', exact: true });
    expect(await row.getByTestId('margin-smartEarner').textContent()).toBe('Margin +₦100.00');
    await settle(admin);
    await screenshot(admin, 'bills-prices');
    await noHorizontalScroll(admin);

    await row.getByRole('button', { name: 'Change price of DStv Compact' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Change price' });
    await dialog.getByLabel('Smart earner price (₦)').fill('19150');
    await settle(admin);
    await screenshot(admin, 'bills-price-dialog');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => toast(admin).textContent(), POLL)
      .toContain('Price updated successfully');
    await expect
      .poll(() => row.locator('.cell-smartEarner').textContent(), POLL)
      .toContain('₦19,150.00');
    expect(await row.getByTestId('margin-smartEarner').textContent()).toBe('Margin +₦150.00');

    // A price below the next tier is refused with the rule, and nothing changes.
    await row.getByRole('button', { name: 'Change price of DStv Compact' }).click();
    await dialog.getByLabel('API price (₦)').fill('19100');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'The reseller price must not be below the API price' })
      .waitFor();
    await admin.keyboard.press('Escape');

    expect(await isOpen(admin, 'dstv')).toBe(true);
    await admin.goto('/profile/adminSettings');
    const dstv = admin
      .getByRole('list', { name: 'Cable TV providers' })
      .getByRole('listitem', { name: 'DStv' });
    await dstv.getByRole('button', { name: 'Lock DStv' }).click();
    await dstv.getByText('Locked', { exact: true }).waitFor();
    await expect.poll(() => isOpen(admin, 'dstv'), POLL).toBe(false);
    await dstv.scrollIntoViewIfNeeded();
    await settle(admin);
    await screenshot(admin, 'bills-locks');
    await noHorizontalScroll(admin);

    // A customer meets the lock on arrival, before typing a smartcard number.
    const customer = await newPage(PHONE);
    await login(customer, 'demo_user', 'User#2026');
    await customer.goto('/profile/tv');
    await customer.getByLabel('Provider').selectOption('dstv');
    await expect
      .poll(() => customer.getByTestId('paused-notice').textContent(), POLL)
      .toBe('DStv is paused at the moment; try again later.');
    expect(await customer.getByRole('button', { name: 'Verify', exact: true }).isDisabled()).toBe(
      true,
    );
    await settle(customer);
    await screenshot(customer, 'tv-paused');
    await customer.context().close();

    await billsPage(admin);
    await admin
      .getByRole('region', { name: 'DStv' })
      .getByText('Locked', { exact: true })
      .waitFor();
    await admin.goto('/profile/adminSettings');
    await dstv.getByRole('button', { name: 'Unlock DStv' }).click();
    await dstv.getByText('Available', { exact: true }).waitFor();
    expect(await isOpen(admin, 'dstv')).toBe(true);
    await admin.context().close();
  });

  it('an agent changes an exam PIN price at 1280 px without cost, margins or edits', async () => {
    const agent = await newPage(DESKTOP);
    await login(agent, 'demo_agent', 'Agent#2026');
    await billsPage(agent);
    const row = agent.getByRole('row', { name: 'NECO result token', exact: true });
    expect(await row.getByTestId('margin-api').count()).toBe(0);
    expect(await row.getByRole('switch').count()).toBe(0);
    await row.getByRole('button', { name: 'Change price of NECO result token' }).click();
    const dialog = agent.getByRole('dialog', { name: 'Change price' });
    await dialog.getByLabel('Smart earner price (₦)').fill('1600');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => row.locator('.cell-smartEarner').textContent(), POLL).toBe('₦1,600.00');
    await settle(agent);
    await screenshot(agent, 'bills-prices-agent');
    await agent.context().close();
  });
});
