import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage, PHONE, screenshot, SCREENSHOTS, settle } from './helpers/browser.ts';
import { appAndBrowser } from './helpers/suite.ts';
import { dashboardBalance, kobo, login, noHorizontalScroll } from './helpers/session.ts';

// Recharge-card PINs against the VTpass-style sandbox (the server's default): demo_reseller's
// phone is an ordinary number, so every card ordered is delivered at once.

const app = appAndBrowser();

for (const viewport of [PHONE, DESKTOP]) {
  describe(`e-PINs at ${viewport.width} px (demo_reseller)`, () => {
    it('buys ten MTN ₦100 cards, prints them on a sheet with the shop’s name and downloads them', async () => {
      const page = await openPage(app.browser, app.server.url, viewport, { downloads: true });
      await login(page, 'demo_reseller', 'Reseller#2026');
      const balance = await dashboardBalance(page);

      await page.getByRole('link', { name: 'e-PINs' }).first().click();
      await page.getByRole('heading', { name: 'e-PINs' }).waitFor();
      await page.getByRole('radio', { name: 'MTN' }).check();
      await page.getByRole('radio', { name: /^₦100 / }).check();
      await page.getByLabel('Number of cards').fill('10');
      await expect.poll(() => page.getByTestId('epin-charge').textContent()).toContain('985');
      await settle(page);
      await screenshot(page, 'epin');
      await noHorizontalScroll(page);

      await page.getByRole('button', { name: 'Buy cards', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
      await dialog.waitFor();
      const cost = kobo(await dialog.locator('.summary-total').textContent());
      expect(cost).toBe(985_00);
      await dialog.getByRole('button', { name: 'Buy now' }).click();
      await page.getByTestId('receipt').waitFor();
      await expect.poll(() => page.getByTestId('receipt-status').textContent()).toBe('Successful');
      const cards = page.getByTestId('epin-cards');
      await expect.poll(() => cards.getByTestId('exam-pin').count()).toBe(10);
      const firstPin = ((await cards.getByTestId('exam-pin').first().textContent()) ?? '').trim();
      expect(firstPin.replace(/\s/g, '')).toMatch(/^\d{16}$/);
      expect(await cards.getByTestId('pin-dial').first().textContent()).toContain(
        `*555*${firstPin.replace(/\s/g, '')}#`,
      );
      await settle(page);
      await screenshot(page, 'epin-receipt');
      await noHorizontalScroll(page);

      // The print sheet: the shop's name on every card; the first card sold, left out of the print.
      await page.getByRole('link', { name: 'Print cards' }).click();
      await page.getByRole('heading', { name: 'Print e-PIN cards' }).waitFor();
      await page.getByRole('textbox', { name: 'Business name on the cards' }).fill('Ade Phones');
      await expect.poll(() => page.getByTestId('epin-card').count()).toBe(10);
      await page.getByRole('checkbox', { name: 'Mark as sold (card 1)' }).check();
      await page.getByRole('checkbox', { name: 'Print unsold only' }).check();
      await expect.poll(() => page.getByTestId('epin-print-card').count()).toBe(9);
      expect(await page.getByTestId('epin-print-sheet').textContent()).toContain('Ade Phones');
      expect(await page.getByTestId('epin-print-sheet').textContent()).not.toContain(firstPin);
      await settle(page);
      await screenshot(page, 'epin-print-sheet');
      await noHorizontalScroll(page);
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({
        path: path.join(SCREENSHOTS, `epin-print-${viewport.width}.png`),
        fullPage: true,
      });
      await page.emulateMedia({ media: 'screen' });

      // Every card in the CSV, sold or not.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^epins-.+\.csv$/);
      const csv = await readFile((await download.path())!, 'utf8');
      const lines = csv.trim().split(/\r?\n/);
      expect(lines).toHaveLength(11);
      expect(csv).toContain(firstPin.replace(/\s/g, ''));
      expect(lines[1]).toContain('MTN');
      expect(await dashboardBalance(page)).toBe(balance - cost);
    });
  });
}
