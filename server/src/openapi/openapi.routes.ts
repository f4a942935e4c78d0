import { route } from '../api/route.ts';
import { ZOpenApiDocument } from './answers.ts';

/**
 * GET /openapi.json, the API reference (OpenAPI 3.1) the /developers page reads: public, cached
 * five minutes by browsers and proxies, revalidated by ETag; compressed by the API's compress()
 * like every other answer. Readable from any origin, so
 * OpenAPI tools in a browser (editors, client generators) can load it by URL; it holds nothing
 * that is not public.
 */
export const openApiRoutes = [
  route({
    method: 'get',
    path: '/openapi.json',
    tags: ['Service'],
    summary: 'This reference (OpenAPI 3.1)',
    description: 'Generated from the same zod schemas the server validates with; cached 5 minutes.',
    access: 'public',
    answers: { 200: { description: 'The OpenAPI document', schema: ZOpenApiDocument } },
    // Sent as rendered, with its own cache headers: the handler answers by itself.
    handler: async ({ ctx, req, res }) => {
      // Imported here: the document is rendered from the route table, which holds this route.
      const { renderedDocument } = await import('./rendered-document.ts');
      const { json, etag } = renderedDocument(ctx.config);
      res.set({
        'Cache-Control': 'public, max-age=300',
        'Access-Control-Allow-Origin': '*',
        'Content-Type': 'application/json; charset=utf-8',
        ETag: etag,
      });
      if (req.fresh) res.status(304).end();
      else res.send(json);
      return undefined;
    },
  }),
];
