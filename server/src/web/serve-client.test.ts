import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { TPageData } from '@vendo/shared/schemas/page-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { IMMUTABLE } from './serve-client.ts';

// The built client as the server delivers it: precompressed files chosen per Accept-Encoding,
// a year's cache for hashed assets, the HTML revalidated with the page's public data in it.

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const TEMPLATE = [
  '<!doctype html><html><head><title>Vendo</title>',
  `<meta name="description" content="${'Airtime, data and electricity. '.repeat(30)}" />`,
  '<script type="module" crossorigin src="/assets/index-AbC123.js"></script></head>',
  '<body><div id="root"></div></body></html>',
].join('');

let dist: string;
let t: TestApp;
beforeAll(async () => {
  // A dist/ as `vite build` leaves it: each text file with its .br and .gz beside it.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const script = path.join(dist, 'assets/index-AbC123.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite/first-screens.json'),
    JSON.stringify([
      {
        name: 'login',
        path: '^/login/?$',
        js: ['/assets/index-AbC123.js', '/assets/app-1.js', '/assets/login-page-2.js'],
        css: ['/assets/forms-3.css'],
      },
      { name: 'other', path: '^/.', js: ['/assets/app-1.js'], css: [] },
    ]),
  );
  t = await createTestApp({ CLIENT_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** A GET with exactly these headers, the body as sent (no client decoding it on the way). */
const rawGet = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject);
    },
  );

const decode = (body: Buffer, encoding: string | undefined): string =>
  (encoding === 'br'
    ? brotliDecompressSync(body)
    : encoding === 'gzip'
      ? gunzipSync(body)
      : body
  ).toString('utf8');

const pageData = (html: string): TPageData => {
  const match = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html);
  if (!match) throw new Error('no page-data block');
  return JSON.parse(match[1]!) as TPageData;
};

describe('the built client', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate', undefined],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['', undefined],
  ])('answers a script asked with Accept-Encoding "%s" as %s', async (accept, expected) => {
    const res = await rawGet(`${t.url}/assets/index-AbC123.js`, { 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(decode(res.body, expected)).toBe(SCRIPT);
    if (expected) expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('caches hashed assets for a year, and revalidates files without a hash', async () => {
    const script = await rawGet(`${t.url}/assets/index-AbC123.js`, { 'accept-encoding': 'br' });
    expect(script.headers['cache-control']).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    const icon = await rawGet(`${t.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed asset with 404, not the page', async () => {
    const res = await rawGet(`${t.url}/assets/index-Old999.js`);
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
  });

  it('serves index.html for the client routes: revalidated, compressed, with the site data', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const res = await rawGet(`${t.url}/login`, { 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['cache-control']).not.toContain('immutable');
      expect(res.headers.etag).toBeTruthy();
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      const html = decode(res.body, encoding);
      expect(html).toContain('<div id="root"></div>');
      const site = await t.request().get('/api/v1/site');
      expect(pageData(html)).toEqual({ site: site.body });
    }
  });

  it('embeds the price list in /priceList only, the same as GET /prices', async () => {
    const prices = await t.request().get('/api/v1/prices');
    expect(prices.body.length).toBeGreaterThan(0);
    for (const page of ['/priceList', '/pricelist', '/PRICELIST/']) {
      const res = await t.request().get(page);
      expect(pageData(res.text).prices).toEqual(prices.body);
    }
    expect(pageData((await t.request().get('/')).text).prices).toBeUndefined();
  });

  it("preloads what a route's first paint needs, beyond what the main bundle preloads", async () => {
    const login = (await t.request().get('/LOGIN')).text;
    const head = login.slice(0, login.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/app-1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/login-page-2.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/forms-3.css">');
    expect(head).not.toContain('modulepreload" crossorigin href="/assets/index-AbC123.js"');
    const other = (await t.request().get('/requestPasswordReset')).text;
    expect(other).toContain('href="/assets/app-1.js"');
    expect(other).not.toContain('login-page-2.js');
    // A visitor's landing page needs the main bundle only.
    expect((await t.request().get('/')).text).not.toContain('modulepreload');
  });

  it('answers an unchanged page with 304 when asked with its ETag', async () => {
    const first = await rawGet(`${t.url}/`);
    const again = await rawGet(`${t.url}/`, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('keeps a "<" in the data from closing the data block', async () => {
    const res = await rawGet(`${t.url}/`);
    const block = /id="page-data">(.*?)<\/script>/s.exec(res.body.toString('utf8'))![1]!;
    expect(block).not.toContain('<');
  });
});

describe('API answers', () => {
  it('are compressed per Accept-Encoding above 1 KB, and stay no-store', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ] as const) {
      const res = await rawGet(`${t.url}/api/v1/prices`, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(JSON.parse(decode(res.body, encoding))).toBeInstanceOf(Array);
    }
    const health = await rawGet(`${t.url}/api/v1/health`, { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined(); // under 1 KB
    expect(health.headers['cache-control']).toBe('no-store');
  });
});

describe('server-rendered pages (decision 0022)', () => {
  // A build with dist/.ssr/entry-server.js, as `npm run build` leaves it (the real one renders
  // React; this one renders what it was given, so the test sees what the server does with it).
  const ENTRY = `
export const render = async (url, data) => {
  const path = url.split('?')[0];
  if (path === '/boom') throw new Error('render failed');
  if (path !== '/login' && path !== '/priceList') return undefined;
  const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const plans = (data.prices ?? []).map((row) => '<td>' + escape(row.plan) + '</td>').join('');
  return '<title>Login · Vendo</title><main><h1>' + escape(url) + '</h1>' + plans + '</main>';
};
`;
  const STYLE_LINK = '<link rel="stylesheet" crossorigin href="/assets/index-Css1.css">';
  const CSS = 'body{margin:0;color:#123}';
  let ssrDist: string;
  let app: TestApp;
  beforeAll(async () => {
    ssrDist = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-dist-ssr-'));
    fs.writeFileSync(
      path.join(ssrDist, 'index.html'),
      TEMPLATE.replace('</head>', `${STYLE_LINK}</head>`),
    );
    fs.mkdirSync(path.join(ssrDist, 'assets'));
    fs.writeFileSync(path.join(ssrDist, 'assets/index-Css1.css'), CSS);
    fs.mkdirSync(path.join(ssrDist, '.ssr'));
    fs.writeFileSync(path.join(ssrDist, '.ssr/entry-server.js'), ENTRY);
    app = await createTestApp({ CLIENT_DIST: ssrDist });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(ssrDist, { recursive: true, force: true });
  });

  it("puts the page's markup in the root, marked, and its title in the head", async () => {
    const res = await rawGet(`${app.url}/login`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = decode(res.body, 'br');
    expect(html).toContain(
      '<div id="root" data-server-rendered><main><h1>/login</h1></main></div>',
    );
    expect(html).toContain('<head><title>Login · Vendo</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(pageData(html).site).toBeTruthy();
    // The main stylesheet comes inline: the markup paints without another round trip.
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain(STYLE_LINK);
    const again = await rawGet(`${app.url}/login`, { 'if-none-match': String(res.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('renders by path: a query string neither changes the markup nor makes a new render', async () => {
    const html = (await app.request().get('/login?next=%3Cscript%3E&x=1')).text;
    expect(html).toContain(
      '<div id="root" data-server-rendered><main><h1>/login</h1></main></div>',
    );
    expect(html).not.toContain('next=');
  });

  it('renders the price list it embeds, escaped', async () => {
    const html = (await app.request().get('/priceList')).text;
    const prices = pageData(html).prices!;
    expect(prices.length).toBeGreaterThan(0);
    expect(html).toContain(
      `<td>${prices[0]!.plan.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</td>`,
    );
  });

  it('leaves the root empty where nothing is rendered, or rendering fails', async () => {
    for (const page of ['/profile', '/boom']) {
      const res = await app.request().get(page);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).toContain('<title>Vendo</title>');
      expect(res.text).toContain(STYLE_LINK);
      expect(res.text).not.toContain('<style>');
    }
  });

  it('does not serve the rendering bundle', async () => {
    const res = await app.request().get('/.ssr/entry-server.js');
    expect(res.text).not.toContain('export const render');
  });
});
