import { createHash } from 'node:crypto';
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
