import type { Request } from 'express';

/** An http(s) origin (`https://vendo.ng`), or null for anything else. */
export const httpOrigin = (value: string | undefined): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

/**
 * Where the caller opened the app: the browser's Origin header, else the address the request
 * came to (scheme and host, as the proxies we trust report them). A page opened on 127.0.0.1
 * comes back to 127.0.0.1, not to localhost: another origin, where the session is not kept.
 */
export const requestOrigin = (req: Request): string | null =>
  httpOrigin(req.get('origin')) ?? httpOrigin(`${req.protocol}://${req.get('host') ?? ''}`);

/**
 * The app's address for links that bring this caller back: APP_URL when it is set, otherwise
 * the origin the request came from (falling back to the default APP_URL).
 */
export const appUrlFor = (req: Request, config: { appUrl: string; appUrlSet: boolean }): string =>
  config.appUrlSet ? config.appUrl : (requestOrigin(req) ?? config.appUrl);
