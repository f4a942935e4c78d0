import express, { Router } from 'express';
import type { AppContext } from './app-context.ts';
import { AppError } from './lib/app-error.ts';
import { rejectDeepBodies } from './middleware/body-depth.ts';
import { compress } from './middleware/compress.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { rejectNulBytes } from './middleware/reject-nul.ts';
import { requestContext } from './middleware/request-context.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { alertRoutes } from './modules/alerts/alerts.routes.ts';
import { adminVendingRoutes } from './modules/vending/admin-vending.routes.ts';
import { mailRoutes } from './modules/mail/mail-campaigns.routes.ts';
import { mountRoutes } from './api/mount.ts';
import { routeTable } from './api/table.ts';
import { serveClient } from './web/serve-client.ts';
import { createLifecycle, healthRoutes, type Lifecycle } from './web/health.ts';

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

  const api = Router();
  api.use(express.json({ limit: '100kb', strict: true }));
  api.use(rejectDeepBodies);
  api.use(rejectNulBytes);
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  // The route table (purchases first: the busiest); the routers below are moving into it.
  const table = mountRoutes(ctx, routeTable);
  api.use(table.json);
  api.use('/admin', adminRoutes(ctx), adminVendingRoutes(ctx), alertRoutes(ctx), mailRoutes(ctx));
  // The sandbox's staff tools (its suppliers' float); never in production.
  if (!ctx.config.isProduction) {
    api.use(
      '/admin',
      onDemand(import('./sandbox/sandbox-admin.routes.ts').then((m) => m.sandboxAdminRoutes(ctx))),
    );
  }
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
