import type { RequestHandler, Response } from 'express';
import type { Metrics } from '../modules/metrics/metrics.ts';

/**
 * Request counts and latency for /metrics, labelled by route template (`/api/v1/transaction/{id}`,
 * as the route table declares it), never by the raw path: one series per endpoint, whatever ids
 * and queries callers send. The probes and /metrics itself are mounted before this and are not
 * counted.
 */

/** Where the route table's mounter leaves the matched route's template for the answer's line. */
const TEMPLATE = 'routeTemplate';

/** The first step of a table route: names its template (the mount point plus its path). */
export const labelRoute =
  (path: string): RequestHandler =>
  (req, res, next) => {
    res.locals[TEMPLATE] = `${req.baseUrl}${path}`;
    next();
  };

/** What no table route served: the API's 404s, the sandbox, the web client's files and pages. */
const unmatchedLabel = (url: string): string =>
  url.startsWith('/api') ? 'unmatched' : url.startsWith('/sandbox') ? 'sandbox' : 'client';

const templateOf = (res: Response, url: string): string => {
  const template: unknown = res.locals[TEMPLATE];
  return typeof template === 'string' ? template : unmatchedLabel(url);
};

export const httpMetrics =
  (metrics: Metrics): RequestHandler =>
  (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      metrics.httpAnswered(
        req.method,
        templateOf(res, req.originalUrl),
        res.statusCode,
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
