import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { TPageData } from '@vendo/shared/schemas/page-data';
import type { AppContext } from '../app-context.ts';
import { compress } from '../middleware/compress.ts';
import { publicPriceRows } from '../modules/catalogue/catalogue.service.ts';
import { siteInfo } from './site-info.ts';

/** Vite's content-hashed output: a changed file gets a new name, so it can be kept for a year. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The price list is embedded in the HTML of /priceList only (paths match case-insensitively). */
const PRICE_LIST_PAGE = /^\/pricelist\/?$/i;

/** dist/.vite/first-screens.json (written by client/vite.config.ts): what a page's first paint needs. */
type TFirstScreen = { name: string; path: string; js: string[]; css: string[] };

/**
 * For each first screen, the links to add to the page's head: modulepreload for the scripts the
 * main bundle does not already preload, stylesheets not already linked. The first screen whose
 * pattern the path matches wins.
 */
const firstScreenLinks = (dist: string, template: string) => {
  const file = path.join(dist, '.vite', 'first-screens.json');
  if (!fs.existsSync(file)) return () => '';
  const screens = (JSON.parse(fs.readFileSync(file, 'utf8')) as TFirstScreen[]).map((screen) => ({
    pattern: new RegExp(screen.path, 'i'),
    links: [
      ...screen.css
        .filter((href) => !template.includes(`href="${href}"`))
        .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
      ...screen.js
        .filter((href) => !template.includes(`"${href}"`))
        .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ].join(''),
  }));
  return (pagePath: string) => screens.find(({ pattern }) => pattern.test(pagePath))?.links ?? '';
};

/** dist/.ssr/entry-server.js (client/src/entry-server.tsx): the public pages' markup. */
type TRenderPage = (url: string, data: TPageData) => Promise<string | undefined>;

/** The empty root of the built index.html, which the server's markup fills. */
const ROOT = '<div id="root"></div>';
/** React puts a page's <title> first in its markup; it goes in the head, for the template's. */
const LEADING_TITLE = /^<title>[^<]*<\/title>/;
/** Rendered pages kept, by path and data: the same page is not rendered twice. */
const RENDERED_KEPT = 64;

/**
 * Server rendering (decision 0022): when the build has dist/.ssr/entry-server.js, the public
 * pages (/, /login, /register, /priceList …) come with their markup in the root, marked
 * `data-server-rendered`, so the browser paints them from the HTML and the scripts then attach
 * to it. Returns the page's root element, or undefined for a page rendered in the browser (or
 * when rendering failed: the browser renders it then, as without server rendering).
 */
const serverRenderer = (ctx: AppContext, dist: string, template: string) => {
  const entry = path.join(dist, '.ssr', 'entry-server.js');
  if (!template.includes(ROOT) || !fs.existsSync(entry)) return undefined;
  const loaded = import(pathToFileURL(entry).href).then(
    (module: { render: TRenderPage }) => module.render,
  );
  loaded.catch((error: unknown) =>
    ctx.logger.error('server rendering unavailable', { entry, error: String(error) }),
  );
  const kept = new Map<string, { root: string; title: string | undefined }>();
  return async (url: string, json: string, data: TPageData) => {
    const key = `${url}\n${json}`;
    const hit = kept.get(key);
    if (hit) return hit;
    try {
      const markup = await (await loaded)(url, data);
      if (markup === undefined) return undefined;
      const title = LEADING_TITLE.exec(markup)?.[0];
      const page = {
        root: `<div id="root" data-server-rendered>${title ? markup.slice(title.length) : markup}</div>`,
        title,
      };
      if (kept.size >= RENDERED_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(key, page);
      return page;
    } catch (error) {
      ctx.logger.error('server rendering failed', { url, error: String(error) });
      return undefined;
    }
  };
};

/** The main stylesheet as Vite links it in index.html. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;

/**
 * The main stylesheet inlined in server-rendered pages (decision 0022): a linked one is a round
 * trip after the HTML before the markup can paint. It is some 5 KB compressed, and has no url()
 * to resolve against its own address. Pages the browser renders keep the link (and the cache).
 */
const inlineStylesheets = (dist: string, template: string) =>
  template.replace(STYLESHEET_LINK, (link, href: string) => {
    const file = path.join(dist, href);
    if (!fs.existsSync(file)) return link;
    const css = fs.readFileSync(file, 'utf8');
    // A stylesheet that could close the element, or that refers to files, stays linked.
    return /<\/style|url\(/i.test(css) ? link : `<style>${css}</style>`;
  });

/**
 * The built client (decision 0016):
 * - files from client/dist, precompressed at build time (`.br`, `.gz` beside each file; see
 *   client/vite.config.ts), chosen per Accept-Encoding by express-static-gzip, `Vary:
 *   Accept-Encoding`; hashed assets (/assets/) cached for a year, anything else revalidated;
 * - every other path outside /api and /sandbox gets index.html (the client routes), revalidated
 *   (`no-cache` + ETag), with modulepreload links for what the route's first paint needs beyond
 *   the main bundle (no chunk waterfall), and the public data of the page as a JSON data block
 *   (`<script type="application/json" id="page-data">`: not executed, so the CSP allows it),
 *   compressed on the fly (middleware/compress.ts).
 * Returns undefined when the client has not been built.
 */
export const serveClient = (ctx: AppContext): Router | undefined => {
  const dist = ctx.config.clientDist;
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  const template = fs.readFileSync(indexFile, 'utf8');
  if (!template.includes('</body>') || !template.includes('</head>')) {
    throw new Error(`${indexFile} has no </head> or </body>`);
  }
  const linksFor = firstScreenLinks(dist, template);
  const renderPage = serverRenderer(ctx, dist, template);
  const styledTemplate = inlineStylesheets(dist, template);

  const router = Router();
  router.use(
    expressStaticGzip(dist, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        index: false,
        cacheControl: false,
        setHeaders: (res: ServerResponse, file: string) => {
          res.setHeader('Cache-Control', file.includes(HASHED_ASSETS) ? IMMUTABLE : 'no-cache');
        },
      },
    }),
  );

  // A missing hashed asset (a chunk of an older build) is a 404, not the HTML page: a module
  // script must fail as such, and the 404 must not be cached for a year.
  router.get(/^\/(?!api\/|sandbox\/|assets\/).*/, compress(), async (req, res) => {
    const data: TPageData = { site: await siteInfo(ctx) };
    if (PRICE_LIST_PAGE.test(req.path)) data.prices = await publicPriceRows(ctx.db);
    // `<` escaped: the JSON cannot close the script element, whatever the data holds.
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    // By path: no public page reads its query string, so `?…` neither changes the markup nor
    // makes the server render a page again.
    const page = await renderPage?.(req.path, json, data);
    // Only a page with markup paints before its scripts: the others keep the cached stylesheet.
    let html = (page ? styledTemplate : template)
      .replace('</head>', `${linksFor(req.path)}</head>`)
      .replace('</body>', `<script type="application/json" id="page-data">${json}</script></body>`);
    if (page) {
      html = html.replace(ROOT, () => page.root);
      if (page.title) html = html.replace(/<title>[^<]*<\/title>/, () => page.title!);
    }
    res.set('Cache-Control', 'no-cache');
    res.set('ETag', `W/"${createHash('sha1').update(html).digest('base64url')}"`);
    res.type('html');
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.send(html);
  });
  return router;
};
