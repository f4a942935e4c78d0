import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { checkA11y } from './a11y.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');

/** Debian's Chromium, headless, with the background networking this machine refuses turned off. */
export const launchBrowser = (): Promise<Browser> => {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
};

export const PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * Saves a full-page screenshot as e2e/screenshots/<name>-<width>.png, after axe has checked the
 * screen (helpers/a11y.ts: a serious or critical violation fails the journey).
 */
export const screenshot = async (page: Page, name: string): Promise<string> => {
  await checkA11y(page, name);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}-${page.viewportSize()?.width ?? 0}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
};

/**
 * A page in a fresh browser context (its own cookies and storage) at `viewport`, on the app at
 * `baseURL`. Motion is reduced: full-page screenshots resize the viewport, which would restart
 * the side menu's width transition. Steps wait up to 20 s: a busy machine is slow.
 */
export const openPage = async (
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  { downloads = false, clipboard = false }: { downloads?: boolean; clipboard?: boolean } = {},
): Promise<Page> => {
  const context = await browser.newContext({ viewport, baseURL, acceptDownloads: downloads });
  if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  page.setDefaultTimeout(20_000);
  return page;
};

/** Lets toasts and transitions settle so screenshots show the page, not an animation. */
export const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0)); // a focused field may have scrolled
  // Toasts close after 10 s (errors never); closed now so they do not hide the page's top in screenshots.
  for (const close of await page.locator('.Toastify__close-button').all()) {
    // A toast may be closing already: do not wait for it.
    await close.click({ timeout: 1000 }).catch(() => undefined);
  }
  await page.waitForTimeout(600);
};

/** The toasts' container: its text is every message shown. */
export const toast = (page: Page) => page.locator('.Toastify');
