import { describe, expect, it } from 'vitest';
import { PHONE } from './helpers/browser.ts';
import { appAndBrowser } from './helpers/suite.ts';

// Decision 0022: the public pages come from the server with their markup, and the browser
// attaches to it (hydration) once the scripts are in.

const app = appAndBrowser();

const PAGES = [
  { path: '/', heading: 'Welcome to Vendo' },
  { path: '/login', heading: 'Login' },
  { path: '/register', heading: 'Create your account' },
  { path: '/priceList', heading: 'Price list' },
];

describe('server-rendered first screens', () => {
  it('show their content without any script', async () => {
    const context = await app.browser.newContext({
      viewport: PHONE,
      baseURL: app.server.url,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
    }
    await page.goto('/priceList');
    expect(await page.locator('table.price-table tbody tr').count()).toBeGreaterThan(3);
    await context.close();
  });

  it('are taken over by the scripts without an error', async () => {
    const context = await app.browser.newContext({ viewport: PHONE, baseURL: app.server.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    for (const { path } of PAGES) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // Interactive: the price list's filters work.
    await page.getByRole('button', { name: 'GLO' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'GLO' }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keep what was typed before the scripts attached, and then sign in', async () => {
    const context = await app.browser.newContext({ viewport: PHONE, baseURL: app.server.url });
    const page = await context.newPage();
    // The scripts are held back until the form has been filled in.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Username, e-mail or business name').fill('demo_reseller');
    await page.getByLabel('Password', { exact: true }).fill('Reseller#2026');
    const submit = page.locator('form button[type="submit"]');
    // Not before the scripts: the browser would send the form itself, password in the address.
    expect(await submit.isDisabled()).toBe(true);
    release();
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.waitForURL('**/profile');
    await page.getByTestId('dashboard-username').waitFor();
    expect(page.url()).not.toContain('Reseller');
    await context.close();
  });

  it("lets a signed-in user's own render replace the visitor's markup", async () => {
    const context = await app.browser.newContext({ viewport: PHONE, baseURL: app.server.url });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Username, e-mail or business name').fill('demo_reseller');
    await page.getByLabel('Password', { exact: true }).fill('Reseller#2026');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL('**/profile');
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Welcome back, demo_reseller' }).waitFor();
    await page.goto('/priceList');
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
