import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { oas31 } from 'zod-openapi';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { buildOpenApiDocument } from '../openapi/document.ts';
import { isServed, mountRoutes } from './mount.ts';
import { routeTable } from './table.ts';

/**
 * The route table is the one declaration of the API: what it mounts is what the reference
 * documents, in both directions. (That nothing is mounted beside it is the lint rule on
 * Express routers in eslint.config.js.)
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

const operationsOf = (document: ReturnType<typeof buildOpenApiDocument>): string[] =>
  Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const)
      .filter((method) => (item as oas31.PathItemObject)[method])
      .map((method) => key(method, path)),
  );

describe('the route table', () => {
  it.each([false, true])(
    'mounts exactly what the reference documents (production: %s)',
    (isProduction) => {
      const ctx = { ...t.ctx, config: { ...t.ctx.config, isProduction } };
      const mounted = mountRoutes(ctx, routeTable).mounted.map((r) => key(r.method, r.path));
      expect(new Set(mounted).size).toBe(mounted.length);
      const documented = operationsOf(
        buildOpenApiDocument(routeTable.filter((route) => isServed(route, { isProduction }))),
      );
      expect(
        mounted.filter((k) => !documented.includes(k)),
        'mounted but not documented',
      ).toEqual([]);
      expect(
        documented.filter((k) => !mounted.includes(k)),
        'documented but not mounted',
      ).toEqual([]);
      // The busiest routes are in it, and the sandbox's tools only outside production.
      for (const k of ['POST /buy/data', 'GET /transaction/{id}', 'GET /auth']) {
        expect(mounted).toContain(k);
      }
      expect(mounted.includes('POST /admin/sandbox/float')).toBe(!isProduction);
    },
  );

  it('declares each method and path once, staff routes with a staff role', () => {
    const keys = routeTable.map((route) => key(route.method, route.path));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    // The site notice is read (and marked seen) by every signed-in user.
    const everyone = ['GET /admin/notification', 'POST /admin/notification/seen'];
    for (const route of routeTable) {
      if (route.path.startsWith('/admin') && !everyone.includes(key(route.method, route.path))) {
        expect(['agent', 'couponVendor', 'admin'], `${route.method} ${route.path}`).toContain(
          route.access,
        );
      }
    }
  });
});
