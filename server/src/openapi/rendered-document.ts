import { createHash } from 'node:crypto';
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
