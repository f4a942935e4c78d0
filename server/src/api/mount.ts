import express, { Router, type RequestHandler } from 'express';
import type { AppContext } from '../app-context.ts';
import { authenticate, currentUser, requireRole } from '../middleware/auth.ts';
import { labelRoute } from '../middleware/http-metrics.ts';
import { idempotent } from '../middleware/idempotency.ts';
import { parseInput, validateBody } from '../middleware/validate.ts';
import type { AnyRoute } from './route.ts';

/** A provider callback's bytes; none when it sent none. */
const rawBytes = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

/** A route as mounted: its method and its OpenAPI-style path below /api/v1. */
export type MountedRoute = { method: AnyRoute['method']; path: string };

/** `/admin/users/{id}` → `/admin/users/:id`. */
export const expressPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** Whether a route is served in this deployment (the sandbox's tools are not, in production). */
export const isServed = (route: AnyRoute, { isProduction }: { isProduction: boolean }) =>
  !(route.sandboxOnly && isProduction);

/**
 * Mounts the table's routes in its order (an earlier path wins, as in Express). Each route gets,
 * from its declaration: its own middleware, authentication (a session; an API token too where
 * `apiToken`), the role check, idempotency (before validation: a refused body does not spend
 * the key), body validation, then its handler with the parsed query and path parameters. The
 * provider callbacks read raw bytes (their signatures are over them), so they go on `raw`,
 * mounted before the JSON parser. `mounted` lists what
 * was mounted, for the test that holds the reference to it.
 */
export const mountRoutes = (
  ctx: AppContext,
  routes: readonly AnyRoute[],
): { raw: Router; json: Router; mounted: MountedRoute[] } => {
  const raw = Router();
  const json = Router();
  const mounted: MountedRoute[] = [];
  const session = authenticate(ctx);
  const sessionOrToken = authenticate(ctx, { apiTokens: true });
  const roles: Record<'agent' | 'couponVendor' | 'admin', RequestHandler> = {
    agent: requireRole('agent'),
    couponVendor: requireRole('couponVendor'),
    admin: requireRole('admin'),
  };
  for (const route of routes) {
    if (!isServed(route, ctx.config)) continue;
    // First: /metrics counts the answer under the route's template, whoever ends it.
    const chain: RequestHandler[] = [labelRoute(route.path)];
    const provider = route.access === 'provider';
    if (provider) chain.push(express.raw({ type: () => true, limit: '100kb' }));
    chain.push(...(route.before?.(ctx) ?? []));
    const signedIn = route.access !== 'public' && route.access !== 'provider';
    if (signedIn) chain.push(route.apiToken ? sessionOrToken : session);
    if (route.access === 'agent' || route.access === 'couponVendor' || route.access === 'admin') {
      chain.push(roles[route.access]);
    }
    if (route.idempotent) {
      const { recover, secretAnswer } = route;
      chain.push(
        idempotent(ctx, {
          ...(recover ? { recover: (req, found) => recover(ctx, req, found) } : {}),
          ...(secretAnswer ? { secretAnswer } : {}),
        }),
      );
    }
    if (route.body && !provider) chain.push(validateBody(route.body));
    chain.push(async (req, res) => {
      const reply = await route.handler({
        ctx,
        user: signedIn ? currentUser(req) : undefined,
        body: provider ? rawBytes(req.body) : req.body,
        query: route.query ? parseInput(route.query, req.query) : undefined,
        params: route.params ? parseInput(route.params, req.params) : undefined,
        req,
        res,
      });
      if (reply) res.status(reply.status).json(reply.body);
    });
    (provider ? raw : json)[route.method](expressPath(route.path), ...chain);
    mounted.push({ method: route.method, path: route.path });
  }
  return { raw, json, mounted };
};
