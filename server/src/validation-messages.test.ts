import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createUser, type TestUser } from '../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../test/helpers/test-app.ts';
import { routeTable } from './api/table.ts';

/**
 * Every field error is for people: a sweep over every documented route with an empty body,
 * each field missing or of the wrong type, and each query filter with a bad value. An answer in
 * the schema library's own phrasing ("Invalid input: expected object, received undefined"), or
 * one that names a field by its code name (`serviceStatus`), fails it.
 */

/** The schema library's default English messages. */
const LIBRARY_WORDING =
  /^(Invalid (input|option|string|number|key|value|element|type|union|date|email|url|uuid|UUID|URL|ISO)|Too (big|small)|Unrecognized key)|expected [a-z]+, received|must match pattern/;
/** A field's code name in a message: camelCase or snake_case words. */
const CODE_NAME = /\b[a-z]+[A-Z][A-Za-z]*\b|\b[a-z]+_[a-z_]+\b/;

/** What is wrong with a message for people, if anything; `fields` are the schema's keys. */
const wordingProblem = (msg: unknown, fields: readonly string[]): string | null => {
  if (typeof msg !== 'string' || msg.trim() === '') return 'no message';
  if (LIBRARY_WORDING.test(msg)) return 'library wording';
  if (CODE_NAME.test(msg)) return 'code name';
  if (fields.some((field) => msg.startsWith(`${field} `))) return 'code name';
  return null;
};

/** The object schema inside wrappers (pipes, transforms, preprocessing, optional). */
const shapeOf = (schema: unknown, depth = 0): Record<string, z.ZodType> | null => {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || depth > 8) return null;
  if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
  for (const inner of [def.in, def.out, def.innerType, def.schema]) {
    const found = shapeOf(inner, depth + 1);
    if (found) return found;
  }
  return null;
};

const WRONG_VALUES: unknown[] = [null, true, 12345, 'abc', {}, []];

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_RATE_LIMIT: '100000',
    LOGIN_ACCOUNT_LIMIT: '100000',
    RESET_RATE_LIMIT: '100000',
    RECONCILE_INTERVAL_MS: '0',
  });
  admin = await createUser(t.ctx, { isAdmin: true, balanceKobo: 0 });
});
afterAll(async () => {
  await t?.close();
});

/** Routes a sweep must not call with a body that may pass (they end the sweep's session). */
const SKIPPED = new Set(['post /auth/logout']);

const concrete = (path: string) => path.replace(/\{(\w+)\}/g, () => randomUUID());

describe('validation messages', () => {
  const routes = routeTable.filter(
    (r) => r.access !== 'provider' && !SKIPPED.has(`${r.method} ${r.path}`) && (r.body || r.query),
  );

  it('sees the routes it is about', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'post /admin/updatePrice',
        'post /buy/data',
        'patch /dataPlan/update',
        'get /transaction',
        'post /admin/updateServices',
      ]),
    );
    expect(names.length).toBeGreaterThan(50);
  });

  it('answers every bad body and query with a message for people, naming the field', async () => {
    const problems: string[] = [];
    const note = (
      what: string,
      fields: readonly string[],
      status: number,
      body: { msg?: unknown; code?: unknown },
    ) => {
      if (status >= 500) problems.push(`${what}: ${status}`);
      if (status === 401) problems.push(`${what}: 401 (the sweep lost its session)`);
      if (status === 400 && body.code === 'VALIDATION_ERROR') {
        const problem = wordingProblem(body.msg, fields);
        if (problem) problems.push(`${what}: ${problem}: ${JSON.stringify(body.msg)}`);
      }
    };
    let requests = 0;
    for (const route of routes) {
      const url = `/api/v1${concrete(route.path)}`;
      const send = (body: unknown) => {
        const req = t.request()[route.method](url).set('x-auth-token', admin.token);
        return body === undefined ? req : req.send(body as object);
      };
      if (route.body && route.method !== 'get') {
        const shape = shapeOf(route.body) ?? {};
        const fields = Object.keys(shape);
        const bodies: unknown[] = [undefined, {}, 'abc', [1]];
        for (const key of Object.keys(shape)) {
          for (const wrong of WRONG_VALUES) bodies.push({ [key]: wrong });
        }
        bodies.push(Object.fromEntries(Object.keys(shape).map((key) => [key, {}])));
        for (const body of bodies) {
          const what = `${route.method} ${route.path} ${JSON.stringify(body) ?? 'no body'}`;
          // Every issue of the body, not just the first the API answers.
          const parsed = route.body.safeParse(body ?? {});
          if (!parsed.success) {
            for (const issue of parsed.error.issues) {
              const problem = wordingProblem(issue.message, fields);
              if (problem) {
                problems.push(`${what} [${issue.path.join('.')}]: ${problem}: ${issue.message}`);
              }
            }
          }
          if (typeof body === 'string' || Array.isArray(body)) continue; // JSON parser's answer
          const res = await send(body);
          requests += 1;
          note(what, fields, res.status, res.body as { msg?: unknown; code?: unknown });
        }
      }
      if (route.query) {
        const fields = Object.keys(shapeOf(route.query) ?? {});
        for (const key of fields) {
          for (const wrong of ['abc', '-1', '', '1.5', 'x'.repeat(300)]) {
            const what = `${route.method} ${route.path}?${key}=${wrong.slice(0, 10)}`;
            const parsed = route.query.safeParse({ [key]: wrong });
            if (!parsed.success) {
              for (const issue of parsed.error.issues) {
                const problem = wordingProblem(issue.message, fields);
                if (problem) problems.push(`${what}: ${problem}: ${issue.message}`);
              }
            }
            const agent = t.request();
            const res = await agent[route.method](url)
              .query({ [key]: wrong })
              .set('x-auth-token', admin.token);
            requests += 1;
            note(what, fields, res.status, res.body as { msg?: unknown; code?: unknown });
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(300);
    expect([...new Set(problems)]).toEqual([]);
  }, 300_000);

  it("names the missing price of an update with the product's words", async () => {
    const res = await t
      .request()
      .post('/api/v1/admin/updatePrice')
      .set('x-auth-token', admin.token)
      .send({ dataId: randomUUID() });
    expect([res.status, res.body]).toEqual([
      400,
      { msg: 'Please enter a valid value', code: 'VALIDATION_ERROR' },
    ]);
    const page = await t
      .request()
      .get('/api/v1/admin/audit')
      .query({ page: 'abc' })
      .set('x-auth-token', admin.token);
    expect(page.status).toBe(400);
    expect(page.body.msg).toMatch(/^Page /);
  });
});
