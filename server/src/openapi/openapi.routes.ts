import { createHash } from 'node:crypto';
import { Router } from 'express';
import { buildOpenApiDocument } from './document.ts';

type Rendered = { json: string; etag: string };

/** The documents rendered so far: a production one (no sandbox routes) and the other. */
const rendered = new Map<boolean, Rendered>();

/**
 * The document as sent: rendered once per process, since it depends on nothing but the code and
 * whether this is production (which serves no sandbox route). main.ts renders it at start-up, so
 * no request pays the tenth of a second it takes; an app built without main.ts (tests make
 * hundreds) renders it on the first request for it, if any.
 */
export const renderedDocument = ({ isProduction }: { isProduction: boolean }): Rendered => {
  let document = rendered.get(isProduction);
  if (!document) {
    const json = JSON.stringify(buildOpenApiDocument(undefined, { isProduction }));
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    document = { json, etag };
    rendered.set(isProduction, document);
  }
  return document;
};

/**
 * GET /openapi.json: public, cached five minutes by browsers and proxies, revalidated by ETag;
 * compressed by the API's compress() like every other answer. Readable from any origin, so
 * OpenAPI tools in a browser (editors, client generators) can load it by URL; it holds nothing
 * that is not public.
 */
export const openApiRoutes = (config: { isProduction: boolean }): Router => {
  const router = Router();
  router.get('/openapi.json', (req, res) => {
    const { json, etag } = renderedDocument(config);
    res.set({
      'Cache-Control': 'public, max-age=300',
      'Access-Control-Allow-Origin': '*',
      'Content-Type': 'application/json; charset=utf-8',
      ETag: etag,
    });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.send(json);
  });
  return router;
};
