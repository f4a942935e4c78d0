import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage, PHONE, screenshot, settle } from './helpers/browser.ts';
import { appAndBrowser } from './helpers/suite.ts';
import { dashboardBalance, kobo, login, noHorizontalScroll } from './helpers/session.ts';

// Bulk airtime against the sandbox suppliers: a number ending 0000 is the sandbox's failure
// trigger (refunded at once), every other number is delivered.

const app = appAndBrowser();

for (const [i, viewport] of [PHONE, DESKTOP].entries()) {
  describe(`bulk purchase at ${viewport.width} px (demo_reseller)`, () => {
    it('uploads a CSV, sees its bad line, fixes it, runs the batch and downloads the results', async () => {
      const page = await openPage(app.browser, app.server.url, viewport, { downloads: true });
      await login(page, 'demo_reseller', 'Reseller#2026');
      const balance = await dashboardBalance(page);

      // From the airtime page, as a shop owner with many numbers would get there.
      await page.getByRole('link', { name: 'Airtime', exact: true }).first().click();
      await page.getByRole('link', { name: 'Buy in bulk' }).click();
      await page.getByRole('heading', { name: 'Bulk purchase' }).waitFor();

      const numbers = [1, 2, 3, 4].map((n) => `0803${i}55500${n}`);
      const csv = [
        'network,mobile_number,amount',
        `MTN,${numbers[0]},100`,
        `GLO,${numbers[1]},200`,
        'MTN,0803,100',
        `AIRTEL,${numbers[2]},100`,
      ].join('\n');
      await page.getByLabel('Or upload a CSV file').setInputFiles({
        name: 'staff.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await expect
        .poll(() => page.getByRole('textbox', { name: 'Lines' }).inputValue())
        .toContain('0803,100');
      await page.getByRole('button', { name: 'Check lines' }).click();
      const problems = page.getByRole('list', { name: 'Lines with problems' });
      await problems.waitFor();
      expect(await problems.textContent()).toContain(
        'Line 3 (0803): Please check the phone number entered',
      );
      expect(await page.getByRole('button', { name: /^Buy 3 lines/ }).isDisabled()).toBe(true);
      await settle(page);
      await screenshot(page, 'bulk-check');
      await noHorizontalScroll(page);

      // Fixed: the bad line becomes a number the sandbox fails, so one line is refunded.
      await page
        .getByRole('textbox', { name: 'Lines' })
        .fill(
          [
            `MTN,${numbers[0]},100`,
            `GLO,${numbers[1]},200`,
            `MTN,0803${i}550000,100`,
            `AIRTEL,${numbers[2]},100`,
            `9MOBILE,${numbers[3]},100`,
          ].join('\n'),
        );
      await page.getByRole('button', { name: 'Check lines' }).click();
      // Reseller airtime: 98% of ₦600.
      const buy = page.getByRole('button', { name: 'Buy 5 lines for ₦588.00' });
      await buy.waitFor();
      await buy.click();
      const dialog = page.getByRole('dialog', { name: 'Start the batch' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Start' }).click();

      await page.getByTestId('batch-progress').waitFor();
      await expect
        .poll(() => page.getByTestId('batch-status').textContent(), { timeout: 20_000 })
        .toBe('Done');
      expect(await page.getByTestId('batch-progress').textContent()).toContain('5 of 5');
      expect(await page.getByTestId('count-success').textContent()).toBe('4');
      expect(await page.getByTestId('count-failed').textContent()).toBe('1');
      expect(await page.getByTestId('line-3').textContent()).toContain('Failed');
      const charged = kobo(await page.getByTestId('batch-charged').textContent());
      expect(charged).toBe(490_00);
      await settle(page);
      await screenshot(page, 'bulk-progress');
      await noHorizontalScroll(page);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download results (CSV)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^bulk-BLK.+\.csv$/);
      const results = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
      expect(results).toHaveLength(6);
      expect(results[1]).toContain(`${numbers[0]},100.00,98.00,Delivered,VND`);
      expect(results[3]).toContain('Failed');
      expect(results[3]).toContain('Not delivered: refunded to your wallet');

      // A delivered line's receipt, like any purchase's.
      await page.getByTestId('line-1').getByRole('link', { name: 'Receipt' }).click();
      await expect.poll(() => page.getByTestId('receipt-status').textContent()).toBe('Successful');
      expect(await dashboardBalance(page)).toBe(balance - charged);
    });
  });
}
