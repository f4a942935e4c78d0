import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * On-the-fly compression (the `compression` package) of answers made per request: API JSON,
 * the HTML page with its embedded data, the sandbox pages. br or gzip per Accept-Encoding with
 * `Vary: Accept-Encoding`, from 1 KB up (smaller answers fit in a packet as they are).
 * Not used for the client's files: those are compressed once, at build time (serve-client.ts).
 */
export const compress = (): RequestHandler => compression({ threshold: 1024 });
