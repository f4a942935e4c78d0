import { chromium } from 'playwright-core';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
await context.addInitScript(() => {
  globalThis.__lcp = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) globalThis.__lcp.push([Math.round(e.startTime), e.element?.tagName, (e.element?.textContent||'').slice(0,40), e.size]); }).observe({ type: 'largest-contentful-paint', buffered: true });
});
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
const t = {}; let t0;
cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => { t0 ??= timestamp; t[requestId] = { url: request.url.replace(/.*\//, ''), start: timestamp }; });
cdp.on('Network.loadingFinished', ({ requestId, timestamp, encodedDataLength }) => { if (t[requestId]) { t[requestId].end = timestamp; t[requestId].bytes = encodedDataLength; } });
await cdp.send('Network.enable');
if (!process.env.NOTHROTTLE) {
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200000, uploadThroughput: 93750 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
await page.goto(url, { waitUntil: 'load' });
await page.waitForLoadState('networkidle');
for (const r of Object.values(t)) console.log(String(Math.round((r.start - t0) * 1000)).padStart(6), String(Math.round(((r.end ?? r.start) - t0) * 1000)).padStart(6), String(r.bytes).padStart(7), r.url);
console.log(await page.evaluate(() => JSON.stringify(globalThis.__lcp)));
const nav = await page.evaluate(() => JSON.stringify(performance.getEntriesByType('navigation').map(n => ({resp: Math.round(n.responseEnd), dcl: Math.round(n.domContentLoadedEventEnd), load: Math.round(n.loadEventEnd)}))));
console.log(nav);
await browser.close();
