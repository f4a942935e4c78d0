import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from './helpers/browser.ts';
import { appAndBrowser } from './helpers/suite.ts';

// How the built client reaches the browser (decision 0016): compressed, cached for good once
// fetched, each first screen's chunks preloaded, the landing page shown from the first answer.

const app = appAndBrowser();

type TScript = { url: string; fromCache: boolean; status: number; encoding: string };

/** Records every script request of the page over the DevTools protocol, cached or not. */
const recordScripts = async (context: BrowserContext, page: Page) => {
  const cdp: CDPSession = await context.newCDPSession(page);
  const scripts = new Map<string, TScript>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    if (type === 'Script') {
      scripts.set(requestId, { url: request.url, fromCache: false, status: 0, encoding: '' });
    }
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const script = scripts.get(requestId);
    if (script) script.fromCache = true;
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const script = scripts.get(requestId);
    if (!script) return;
    script.status = response.status;
    script.fromCache ||= Boolean(response.fromDiskCache || response.fromPrefetchCache);
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    script.encoding = headers['content-encoding'] ?? '';
  });
  await cdp.send('Network.enable');
  return () => [...scripts.values()];
};

describe('delivery of the client', () => {
  it('fetches scripts compressed once; a second visit fetches no script from the network', async () => {
    const context = await app.browser.newContext({ viewport: PHONE, baseURL: app.server.url });
    const first = await context.newPage();
    const firstScripts = await recordScripts(context, first);
    await first.goto('/login');
    await first.getByLabel('Username, e-mail or business name').waitFor();
    await first.waitForLoadState('networkidle');
    const fetched = firstScripts();
    expect(fetched.length).toBeGreaterThan(3);
    for (const script of fetched) {
      expect(script.fromCache, script.url).toBe(false);
      expect(script.encoding, script.url).toBe('br');
    }
    await first.close();

    // A new tab, as on the next day's visit: the HTML is asked again, the scripts are not.
    const second = await context.newPage();
    const secondScripts = await recordScripts(context, second);
    await second.goto('/login');
    await second.getByLabel('Username, e-mail or business name').waitFor();
    await second.waitForLoadState('networkidle');
    const again = secondScripts();
    expect(again.length).toBeGreaterThan(3);
    expect(again.filter((script) => !script.fromCache)).toEqual([]);
    await context.close();
  });

  it('shows the landing page and its footer from the first answer, then a link starts the app', async () => {
    const context = await app.browser.newContext({ viewport: PHONE, baseURL: app.server.url });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Vendo' }).waitFor();
    // The contact details come with the page: no "loading", no call to the API.
    await expect.poll(() => page.locator('footer address').textContent()).toContain('Ikeja');
    expect(apiCalls).toEqual([]);
    await screenshot(page, 'delivery-landing');

    await page.getByRole('region', { name: 'Welcome to Vendo' }).getByText('Login').click();
    await page.waitForURL('**/login');
    await page.getByLabel('Username, e-mail or business name').waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Vendo' }).waitFor();
    await page.getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { name: 'Price list' }).waitFor();
    await page.locator('table.price-table tbody tr').first().waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });

  it('shows the price list from the first answer, without asking the API', async () => {
    const context = await app.browser.newContext({ viewport: PHONE, baseURL: app.server.url });
    const page = await context.newPage();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/prices')) {
        apiCalls.push(request.url());
      }
    });
    await page.goto('/priceList');
    await page.locator('table.price-table tbody tr').first().waitFor();
    expect(apiCalls).toEqual([]);
    await screenshot(page, 'delivery-prices');
    await context.close();
  });
});
