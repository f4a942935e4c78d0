import express, { Router } from 'express';
import type { AppContext } from './app-context.ts';
import { AppError } from './lib/app-error.ts';
import { authenticate } from './middleware/auth.ts';
import { rejectDeepBodies } from './middleware/body-depth.ts';
import { compress } from './middleware/compress.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { rejectNulBytes } from './middleware/reject-nul.ts';
import { httpMetrics } from './middleware/http-metrics.ts';
import { requestContext } from './middleware/request-context.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { mountRoutes } from './api/mount.ts';
import { routeTable } from './api/table.ts';
import { serveClient } from './web/serve-client.ts';
import { createLifecycle, healthRoutes, type Lifecycle } from './web/health.ts';
import { metricsRoutes } from './web/metrics.ts';

/**
 * A router built from a module imported on demand (the sandbox's, so a production process never
 * loads its code): requests wait for the import, and a failed import is their error.
 */
const onDemand = (router: Promise<express.RequestHandler>): express.RequestHandler => {
  router.catch(() => undefined);
  return async (req, res, next) => {
    (await router)(req, res, next);
  };
};

/** Builds the whole HTTP app without listening (tests use it with supertest). */
export const createApp = (
  ctx: AppContext,
  { lifecycle = createLifecycle() }: { lifecycle?: Lifecycle } = {},
): express.Express => {
  const app = express();
  app.disable('x-powered-by');
  // No ETag on API answers: they are no-store, and hashing every answer is work on each request.
  // Static files keep theirs (express.static and sendFile set their own).
  app.set('etag', false);
  app.set('trust proxy', ctx.config.trustProxy);
  // Probes first: no request log line or header work for the balancer's every-second calls.
  app.use(healthRoutes(ctx.db, lifecycle));
  app.use(requestContext(ctx.logger));
  app.use(securityHeaders(ctx.config));
  // The scraper's GET /metrics (404 without METRICS_TOKEN), then every other answer is counted
  // by its route template (the probes above and the scrapes are not).
  app.use(metricsRoutes(ctx));
  app.use(httpMetrics(ctx.metrics));

  const api = Router();
  api.use(express.json({ limit: '100kb', strict: true }));
  api.use(rejectDeepBodies);
  api.use(rejectNulBytes);
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  // Every endpoint, from the route table (api/table.ts; purchases first: the busiest).
  const table = mountRoutes(ctx, routeTable);
  api.use(table.json);
  // Everything else under /admin is signed in first, as when the people router authenticated
  // the whole prefix: an /admin path nothing serves answers 401 to a caller who is not signed in.
  api.use('/admin', authenticate(ctx));
  api.use(() => {
    throw new AppError('NOT_FOUND', { msg: 'Not found' });
  });
  // Webhooks read raw bytes (their signatures are over them), so they come before the JSON parser.
  app.use('/api/v1', table.raw);
  app.use('/api/v1', compress(), api);

  app.use('/sandbox', compress());
  // The mailbox and the simulated suppliers and gateways (same wire formats as the real ones);
  // never in production, where none of their code is even loaded.
  if (!ctx.config.isProduction) {
    app.use(
      '/sandbox',
      onDemand(import('./sandbox/sandbox.routes.ts').then((m) => m.sandboxRoutes(ctx))),
    );
  }

  const client = serveClient(ctx);
  if (client) app.use(client);

  app.use(errorHandler(ctx.logger));
  return app;
};
