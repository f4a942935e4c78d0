import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage, PHONE, screenshot, SCREENSHOTS, settle } from './helpers/browser.ts';
import { appAndBrowser } from './helpers/suite.ts';
import { dashboardBalance, kobo, login, noHorizontalScroll } from './helpers/session.ts';

// Purchases against the sandbox suppliers (the server's default): numbers ending 0000 fail and
// are refunded, any ordinary number succeeds at once; meters ending 0000 are invalid.

const app = appAndBrowser();

const newPage = (viewport: { width: number; height: number }) =>
  openPage(app.browser, app.server.url, viewport, { downloads: true, clipboard: true });

/** Buy data: MTN SME 1GB. Returns the plan's price in kobo, read from its option label. */
const buyData = async (page: Page, phone: string, shot?: string): Promise<number> => {
  await page.goto('/profile/buydata');
  await page.getByLabel('Network').selectOption('MTN');
  const type = page.getByLabel('Data type');
  await expect.poll(() => type.locator('option', { hasText: 'SME' }).count()).toBeGreaterThan(0);
  await type.selectOption('SME');
  const option = page.getByLabel('Data plan').locator('option', { hasText: 'MTN 1GB ·' }).first();
  const label = (await option.textContent()) ?? '';
  await page.getByLabel('Data plan').selectOption({ label });
  await page.getByLabel('Phone number').fill(phone);
  await expect.poll(() => page.getByTestId('data-charge').textContent()).toContain('₦');
  if (shot) {
    await settle(page);
    await screenshot(page, shot);
    await noHorizontalScroll(page);
  }
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
  await dialog.getByText(phone).waitFor();
  if (shot) await screenshot(page, `${shot}-confirm`);
  await dialog.getByRole('button', { name: 'Buy now' }).click();
  await page.getByTestId('receipt').waitFor();
  return kobo(label);
};

const buyAirtime = async (page: Page, phone: string, amount: string, shot?: string) => {
  await page.goto('/profile/buyairtime');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Amount (₦)').fill(amount);
  if (shot) {
    await page.getByTestId('airtime-charge').waitFor();
    await settle(page);
    await screenshot(page, shot);
    await noHorizontalScroll(page);
  }
  await page.getByRole('button', { name: 'Buy airtime' }).click();
  // Confirmed before the debit: the number and the charge.
  const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
  await dialog.getByText(phone).waitFor();
  if (shot) await screenshot(page, `${shot}-confirm`);
  await dialog.getByRole('button', { name: 'Buy now' }).click();
  await page.getByTestId('receipt').waitFor();
};

describe('a customer buys on a 360 px phone (demo_user, ₦5,000)', () => {
  it('buys data, airtime and electricity, sees each receipt and balance, and a failed purchase refunded', async () => {
    const page = await newPage(PHONE);
    // As on a phone set to remove animations: toasts must still stay for their 10 s.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await login(page, 'demo_user', 'User#2026');
    let balance = await dashboardBalance(page);
    expect(balance).toBe(5_000_00);

    // Data for 08031234567: success, the plan price leaves the wallet.
    const price = await buyData(page, '08031234567', 'buydata');
    await page.waitForTimeout(1500);
    expect(await page.locator('.Toastify__toast--success').textContent()).toBe(
      'Transaction successful',
    );
    expect(await page.getByTestId('receipt-status').textContent()).toBe('Successful');
    expect(kobo(await page.getByTestId('receipt-amount').textContent())).toBe(price);
    await settle(page);
    await screenshot(page, 'receipt');
    await noHorizontalScroll(page);

    // The receipt can be copied as text and saved as a PNG drawn on a canvas.
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => page.locator('.Toastify').textContent()).toContain('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('Status: Successful');
    expect(copied).toContain('Phone number: 08031234567');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download image' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^vendo-receipt-[\w-]+\.png$/);
    const image = path.join(SCREENSHOTS, 'receipt-image.png');
    await download.saveAs(image);
    expect(fs.readFileSync(image).subarray(1, 4).toString()).toBe('PNG');

    await page.getByRole('link', { name: 'Done' }).click();
    await page.waitForURL('**/profile');
    const afterData = kobo(await page.getByTestId('balance').textContent());
    expect(afterData).toBe(balance - price);
    balance = afterData;

    // Airtime ₦100: a smart earner pays 99%.
    await buyAirtime(page, '08031234567', '100', 'buyairtime');
    expect(await page.getByTestId('receipt-status').textContent()).toBe('Successful');
    expect(await page.getByTestId('receipt-amount').textContent()).toBe('₦99.00');
    expect(await dashboardBalance(page)).toBe(balance - 99_00);
    balance -= 99_00;

    // Electricity: validate the meter, then buy ₦1,000 (charged ₦1,050); the token shows.
    await page.goto('/profile/electricity');
    await page.getByLabel('Electricity company').selectOption({ label: 'Ikeja' });
    await page.getByLabel('Meter type').selectOption('prepaid');
    await page.getByLabel('Meter number').fill('1234567890');
    await page.getByRole('button', { name: 'Validate meter' }).click();
    const owner = page.getByLabel('Meter owner');
    await expect.poll(() => owner.inputValue()).not.toBe('');
    expect(await page.getByLabel('Meter number').getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Amount (₦)').fill('1000');
    expect(await page.getByTestId('electricity-charge').textContent()).toContain('₦1,050.00');
    await settle(page);
    await screenshot(page, 'electricity');
    await noHorizontalScroll(page);
    const ownerName = await owner.inputValue();
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.getByTestId('receipt').waitFor();
    expect(await page.getByTestId('receipt-status').textContent()).toBe('Successful');
    expect(await page.getByTestId('receipt-amount').textContent()).toBe('₦1,050.00');
    expect((await page.getByTestId('receipt-token').textContent())!.replace(/\s/g, '')).toMatch(
      /^\d{20}$/,
    );
    expect(await page.getByTestId('receipt').textContent()).toContain(
      `Meter 1234567890 · ${ownerName}`,
    );
    await settle(page);
    await screenshot(page, 'receipt-electricity');
    // After a reload the receipt comes from GET /transaction/:id, token and meter included.
    const token = await page.getByTestId('receipt-token').textContent();
    await page.reload();
    await page.getByTestId('receipt').waitFor();
    expect(await page.getByTestId('receipt-token').textContent()).toBe(token);
    expect(await page.getByTestId('receipt').textContent()).toContain(
      `Meter 1234567890 · ${ownerName}`,
    );
    expect(await dashboardBalance(page)).toBe(balance - 1_050_00);
    balance -= 1_050_00;

    // Airtime for 08030000000 (sandbox trigger 0000): the supplier refuses, the wallet is refunded.
    await buyAirtime(page, '08030000000', '100');
    await expect
      .poll(() => page.locator('.Toastify').textContent())
      .toContain('Transaction failed');
    expect(await page.getByTestId('receipt-status').textContent()).toBe('Refunded');
    expect(await page.getByTestId('receipt-note').textContent()).toBe(
      '₦99.00 refunded to your wallet',
    );
    await settle(page);
    await screenshot(page, 'receipt-refunded');
    expect(await dashboardBalance(page)).toBe(balance);
    await page.context().close();
  });

  it('keeps contacts: add one, edit it, use its airtime shortcut, delete it', async () => {
    const page = await newPage(PHONE);
    await login(page, 'demo_user', 'User#2026');
    await page.goto('/profile/contacts');
    await page.getByRole('button', { name: 'Add contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add contact' });
    await dialog.getByLabel('Nickname').fill('Mum');
    await dialog.getByLabel('Phone number').fill('08051234567');
    expect(await dialog.getByLabel('Network').inputValue()).toBe('GLO');
    await dialog.getByRole('button', { name: 'Save contact' }).click();
    await page.getByRole('listitem', { name: 'Mum' }).waitFor();

    await page.getByRole('button', { name: 'Add contact' }).click();
    await dialog.getByLabel('Nickname').fill('Tunde');
    await dialog.getByLabel('Phone number').fill('08031234567');
    await dialog.getByRole('button', { name: 'Save contact' }).click();
    await page.getByRole('listitem', { name: 'Tunde' }).waitFor();
    await settle(page);
    await screenshot(page, 'contacts');
    await noHorizontalScroll(page);

    await page.getByRole('button', { name: 'Edit Mum' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit contact' });
    await edit.getByLabel('Nickname').fill('Mummy');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('listitem', { name: 'Mummy' }).waitFor();

    await page.getByRole('link', { name: 'Buy airtime for Mummy' }).click();
    await page.waitForURL('**/profile/buyairtime?**');
    expect(await page.getByLabel('Phone number').inputValue()).toBe('08051234567');
    expect(await page.getByLabel('Network').inputValue()).toBe('GLO');

    await page.goto('/profile/contacts');
    await page.getByRole('button', { name: 'Delete Tunde' }).click();
    await page
      .getByRole('dialog', { name: 'Delete contact?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(() => page.getByRole('listitem', { name: 'Tunde' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('buy data refusals in the browser', () => {
  it("says 'Please select a network' with the network back on 'Select network'", async () => {
    const page = await newPage(PHONE);
    await login(page, 'demo_user', 'User#2026');
    await page.goto('/profile/buydata');
    await page.getByLabel('Network').selectOption('MTN');
    await page.getByLabel('Phone number').fill('08031234567');
    await page.getByLabel('Network').selectOption('');
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await expect
      .poll(() => page.locator('.form-alert').textContent())
      .toBe('Please select a network');
    await page.context().close();
  });
});

describe('purchase screens on a 1280 px desktop', () => {
  it('renders buy data, the receipt, electricity and contacts', async () => {
    const page = await newPage(DESKTOP);
    await login(page, 'demo_reseller', 'Reseller#2026');
    await buyData(page, '08031234567', 'buydata');
    await settle(page);
    await screenshot(page, 'receipt');

    await page.goto('/profile/electricity');
    await page.getByLabel('Electricity company').selectOption({ label: 'Ikeja' });
    await page.getByLabel('Meter number').fill('1234567890');
    await page.getByRole('button', { name: 'Validate meter' }).click();
    await page.getByLabel('Amount (₦)').fill('1000');
    await page.getByTestId('electricity-charge').waitFor();
    await settle(page);
    await screenshot(page, 'electricity');

    await page.goto('/profile/contacts');
    await page.getByRole('button', { name: 'Add contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add contact' });
    await dialog.getByLabel('Nickname').fill('Shop line');
    await dialog.getByLabel('Phone number').fill('08091234567');
    await dialog.getByRole('button', { name: 'Save contact' }).click();
    await page.getByRole('listitem', { name: 'Shop line' }).waitFor();
    await settle(page);
    await screenshot(page, 'contacts');
    await noHorizontalScroll(page);

    // A receipt link that leads nowhere (mistyped, someone else's) says so.
    await page.goto('/profile/receipt/not-a-receipt');
    await page.getByRole('heading', { name: 'Receipt not found' }).waitFor();
    await page.context().close();
  });
});
