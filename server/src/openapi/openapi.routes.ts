import { createHash } from 'node:crypto';
import { Router } from 'express';
import { buildOpenApiDocument } from './document.ts';

let rendered: { json: string; etag: string } | undefined;

/**
 * The document as sent: rendered once per process, since it depends on nothing but the code.
 * main.ts renders it at start-up, so no request pays the tenth of a second it takes; an app built
 * without main.ts (tests make hundreds) renders it on the first request for it, if any.
 */
export const renderedDocument = (): { json: string; etag: string } => {
  if (!rendered) {
    const json = JSON.stringify(buildOpenApiDocument());
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    rendered = { json, etag };
  }
  return rendered;
};

/**
 * GET /openapi.json: public, cached five minutes by browsers and proxies, revalidated by ETag;
 * compressed by the API's compress() like every other answer. Readable from any origin, so
 * OpenAPI tools in a browser (editors, client generators) can load it by URL; it holds nothing
 * that is not public.
 */
export const openApiRoutes = (): Router => {
  const router = Router();
  router.get('/openapi.json', (req, res) => {
    const { json, etag } = renderedDocument();
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
