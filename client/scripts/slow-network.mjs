#!/usr/bin/env node
/**
 * The client on a cheap phone over a slow network (second half of `npm run bench:client`).
 *
 * Starts the built app as `npm start` does (embedded PGlite in a fresh temporary folder, demo
 * data, a free port; builds nothing) and loads /, /login, /priceList and a signed-in /profile in
 * Chromium at 360 px with the network and the CPU throttled over the DevTools protocol:
 * - slow 4G: 150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower;
 * - slow 3G (landing only): 400 ms round trip, 400 kbps each way, CPU 4× slower.
 * Each load is cold (a new browser context: empty cache). For each route it prints the bytes on
 * the wire (encoded body + headers of every response), the requests, and the median Largest
 * Contentful Paint of 3 loads. Last line:
 *   bench client: LCP landing L ms, login G ms, prices P ms, dashboard D ms, landing bytes B
 *
 * BENCH_SMOKE=1 (CI): one unthrottled load of / that must paint, nothing else.
 * BENCH_ROOT: the checkout whose server to start (default: this one); CLIENT_DIST is passed on,
 * so an older build can be measured with the server of its own commit.
 * CHROMIUM_PATH: the browser (default /usr/bin/chromium). BENCH_LOADS: loads per route (3).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, '../..'));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const smoke = process.env.BENCH_SMOKE === '1';
const loads = Number(process.env.BENCH_LOADS ?? 3);

const SLOW_4G = { latency: 150, down: 1_600_000, up: 750_000, label: 'slow 4G' };
const SLOW_3G = { latency: 400, down: 400_000, up: 400_000, label: 'slow 3G' };
const CPU_RATE = 4;
const PHONE = { width: 360, height: 740 };
const DEMO = { userName: 'demo_reseller', password: 'Reseller#2026' };

/** Targets of the issue (ms, bytes). */
const TARGETS = { landing: 2000, login: 2500, prices: 2500, dashboard: 3000, landing3g: 5000 };
const LANDING_BYTES_TARGET = 120 * 1024;

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

const startServer = async () => {
  const dist = process.env.CLIENT_DIST ?? path.join(root, 'client/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`No built client in ${dist}: run npm run build first`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-bench-client-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'server'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      SMTP_URL: '',
      CLIENT_DIST: dist,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RECONCILE_INTERVAL_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, stop };
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** One cold load: a fresh context (no cache), throttled before the navigation starts. */
const coldLoad = async (browser, url, { network, storageState, ready }) => {
  const context = await browser.newContext({ viewport: PHONE, storageState });
  await context.addInitScript(() => {
    globalThis.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) globalThis.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const cdp = await context.newCDPSession(page);
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.requestWillBeSent', ({ request }) => {
    if (!request.url.startsWith('data:')) requests += 1;
  });
  cdp.on('Network.loadingFinished', ({ encodedDataLength }) => (bytes += encodedDataLength));
  await cdp.send('Network.enable');
  if (network) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.latency,
      downloadThroughput: network.down / 8,
      uploadThroughput: network.up / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  }
  await page.goto(url, { waitUntil: 'load' });
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  // The entry can come a moment after the paint it reports; none at all means no measure.
  let lcp = 0;
  for (let waited = 0; lcp === 0 && waited < 3000; waited += 250) {
    lcp = await page.evaluate(() => globalThis.__lcp);
    if (lcp === 0) await page.waitForTimeout(250);
  }
  await context.close();
  return { lcp: Math.round(lcp), bytes, requests };
};

/** A cold load that reported a Largest Contentful Paint (up to 3 tries). */
const measuredLoad = async (browser, url, options) => {
  for (let attempt = 1; ; attempt += 1) {
    const result = await coldLoad(browser, url, options);
    if (result.lcp > 0 || attempt === 3) return result;
  }
};

const server = await startServer();
const browser = await chromium.launch({
  executablePath: chromiumPath,
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
let exitCode = 0;
try {
  if (smoke) {
    const { lcp, bytes, requests } = await measuredLoad(browser, `${server.url}/`, {
      ready: 'h1',
    });
    if (!(lcp > 0)) throw new Error('The landing page reported no Largest Contentful Paint');
    console.log(
      `\nbench client (smoke, unthrottled): landing LCP ${lcp} ms, ${requests} requests, ${bytes} bytes`,
    );
  } else {
    // A signed-in session for the dashboard: the demo reseller signs in once, unthrottled.
    const signIn = await browser.newContext({ viewport: PHONE });
    const page = await signIn.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username, e-mail or business name').fill(DEMO.userName);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL('**/profile');
    const storageState = await signIn.storageState();
    await signIn.close();

    const routes = [
      { key: 'landing', path: '/', ready: 'h1', network: SLOW_4G },
      { key: 'login', path: '/login', ready: 'form button[type="submit"]', network: SLOW_4G },
      { key: 'prices', path: '/priceList', ready: 'table', network: SLOW_4G },
      {
        key: 'dashboard',
        path: '/profile',
        ready: '[data-testid="balance"]',
        network: SLOW_4G,
        storageState,
      },
      { key: 'landing3g', path: '/', ready: 'h1', network: SLOW_3G },
    ];
    console.log(
      `Chromium ${browser.version()}, ${PHONE.width} px, CPU ${CPU_RATE}× slower, ${loads} cold loads each` +
        ` (slow 4G: ${SLOW_4G.latency} ms, ${SLOW_4G.down / 1e6} Mbps down, ${SLOW_4G.up / 1e3} kbps up;` +
        ` slow 3G: ${SLOW_3G.latency} ms, ${SLOW_3G.down / 1e3} kbps)\n`,
    );
    console.log(
      'route            network   bytes on wire  requests  LCP median (loads)     target',
    );
    const results = {};
    for (const route of routes) {
      const runs = [];
      for (let i = 0; i < loads; i += 1) {
        runs.push(await measuredLoad(browser, `${server.url}${route.path}`, route));
      }
      const result = {
        lcp: median(runs.map((r) => r.lcp)),
        bytes: median(runs.map((r) => r.bytes)),
        requests: median(runs.map((r) => r.requests)),
      };
      results[route.key] = result;
      const met = result.lcp <= TARGETS[route.key] ? 'ok' : 'OVER';
      console.log(
        `${route.path.padEnd(12)} ${route.network.label.padEnd(9)}` +
          ` ${`${(result.bytes / 1024).toFixed(1)} KB`.padStart(14)}  ${String(result.requests).padStart(8)}` +
          `  ${`${result.lcp} ms`.padStart(8)} (${runs.map((r) => r.lcp).join(', ')})`.padEnd(32) +
          `  ≤ ${TARGETS[route.key]} ms ${met}`,
      );
    }
    const landingBytes = results.landing.bytes;
    console.log(
      `\nLanding bytes on the wire: ${(landingBytes / 1024).toFixed(1)} KB (target ≤ 120 KB) ${
        landingBytes <= LANDING_BYTES_TARGET ? 'ok' : 'OVER'
      }`,
    );
    console.log(
      `bench client: LCP landing ${results.landing.lcp} ms, login ${results.login.lcp} ms,` +
        ` prices ${results.prices.lcp} ms, dashboard ${results.dashboard.lcp} ms,` +
        ` landing bytes ${landingBytes}`,
    );
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
process.exit(exitCode);
