import { createHash, timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../lib/app-error.ts';
import { refreshScrapeGauges } from '../modules/metrics/metrics-scrape.ts';

/**
 * `GET /metrics`: the Prometheus text format, for a scraper holding METRICS_TOKEN
 * (`Authorization: Bearer <token>`; docs/operations.md "Metrics"). Without METRICS_TOKEN it is
 * not served: 404, as for any path nothing serves (the web client's pages never answer it).
 * Outside /api/v1 and the route table, like /livez and /readyz: it is for the operator's
 * scraper, not the API's callers, and is not in the API reference.
 */

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** `Bearer <token>` (the scheme in any case), else null. */
const bearerToken = (header: string | undefined): string | null =>
  /^bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? null;

export const metricsRoutes = (ctx: AppContext): Router => {
  const router = Router();
  const token = ctx.config.metricsToken;
  if (!token) {
    router.get('/metrics', () => {
      throw new AppError('NOT_FOUND', { msg: 'Not found' });
    });
    return router;
  }
  // Compared as digests: equal lengths whatever was sent, so timingSafeEqual tells nothing of
  // the token's length or of how many of its characters a guess got right.
  const expected = digest(token);
  router.get('/metrics', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const given = bearerToken(req.get('authorization'));
    if (given === null) {
      res.set('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHENTICATED', { msg: 'Send Authorization: Bearer <METRICS_TOKEN>' });
    }
    if (!timingSafeEqual(digest(given), expected)) {
      throw new AppError('FORBIDDEN', { msg: 'Wrong metrics token' });
    }
    await refreshScrapeGauges(ctx);
    res.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics());
  });
  return router;
};
