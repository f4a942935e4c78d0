import { Validator } from '@seriousme/openapi-schema-validator';
import { ERROR_STATUS, type ErrorCode } from '@vendo/shared/errors';
import { ZApiError } from '@vendo/shared/schemas/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { oas31 } from 'zod-openapi';
import { createUser, type TestUser } from '../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { routeTable } from '../api/table.ts';
import { buildOpenApiDocument } from './document.ts';
import { errorAnswersOf, type ApiRoute, type Examples } from './operation.ts';

const document = buildOpenApiDocument();

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as unknown as Record<string, unknown>,
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The validator does refuse a broken document.
    const broken = structuredClone(document) as unknown as Record<string, unknown>;
    delete broken.info;
    expect((await new Validator().validate(broken)).valid).toBe(false);
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(document.servers).toEqual([{ url: '/api/v1', description: 'This server' }]);
  });

  it('marks public routes public, the others with the x-auth-token scheme, and API-token routes with both', () => {
    expect(document.components?.securitySchemes?.sessionToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-auth-token',
    });
    expect(document.security).toEqual([{ sessionToken: [] }]);
    const operation = (method: 'get' | 'post', path: string) =>
      (document.paths?.[path] as oas31.PathItemObject)[method]!;
    expect(operation('post', '/auth/login').security).toEqual([]);
    expect(operation('get', '/prices').security).toEqual([]);
    expect(operation('post', '/buy/data').security).toEqual([
      { sessionToken: [] },
      { apiToken: [] },
    ]);
    expect(operation('post', '/buy/data').responses?.['401']).toBeDefined();
    expect(operation('post', '/buy/data').responses?.['429']).toBeDefined();
    expect(document.components?.securitySchemes?.apiToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    // Session only: an admin route and the token management itself.
    expect(operation('get', '/admin/users').security).toBeUndefined();
    expect(operation('post', '/auth/apiTokens').security).toBeUndefined();
    expect(operation('get', '/prices').responses?.['401']).toBeUndefined();
  });

  it('gives every error answer (4xx, 502) an example with a code of its status', () => {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, op] of Object.entries(item as Record<string, oas31.OperationObject>)) {
        for (const [status, response] of Object.entries(op.responses ?? {})) {
          if (!status.startsWith('4') && status !== '502') continue;
          const content = (response as oas31.ResponseObject).content?.['application/json'];
          const examples = Object.values(content?.examples ?? {}) as oas31.ExampleObject[];
          expect(examples.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
          for (const example of examples) {
            const code = (example.value as { code?: string }).code as ErrorCode | undefined;
            // The provider callbacks answer { msg } alone; every other error names its code.
            if (path.startsWith('/webhooks/')) continue;
            expect(code && ERROR_STATUS[code], `${method} ${path} ${status} ${code}`).toBe(
              Number(status),
            );
          }
        }
      }
    }
  });

  it('has examples that parse with the schemas they illustrate', () => {
    const check = (schema: z.ZodType, examples: Examples | undefined, where: string) => {
      for (const [name, { value }] of Object.entries(examples ?? {})) {
        const parsed = schema.safeParse(value);
        if (!parsed.success) {
          throw new Error(`${where} example ${name}: ${z.prettifyError(parsed.error)}`);
        }
      }
    };
    const outputSchemaOf = (schema: z.ZodType, value: unknown) =>
      // An answer example must be exactly what the schema describes (nothing stripped).
      expect(schema.parse(value)).toEqual(value);
    let count = 0;
    for (const route of routeTable as readonly ApiRoute[]) {
      const where = `${route.method} ${route.path}`;
      if (route.body) check(route.body, route.bodyExamples, `${where} body`);
      for (const [status, answer] of Object.entries(route.answers)) {
        if (!answer?.schema) continue;
        check(answer.schema, answer.examples, `${where} ${status}`);
        for (const { value } of Object.values(answer.examples ?? {})) {
          outputSchemaOf(answer.schema, value);
          count += 1;
        }
      }
      for (const [status, examples] of Object.entries(errorAnswersOf(route))) {
        check(route.errorSchema ?? ZApiError, examples, `${where} ${status}`);
      }
    }
    expect(count).toBeGreaterThan(10);
  });

  it('has examples for the routes API users call most', () => {
    const op = (method: 'get' | 'post', path: string) =>
      (document.paths?.[path] as oas31.PathItemObject)[method]!;
    const bodyExamples = (o: oas31.OperationObject) =>
      Object.keys(
        ((o.requestBody as oas31.RequestBodyObject | undefined)?.content['application/json']
          ?.examples ?? {}) as object,
      );
    const answerExamples = (o: oas31.OperationObject, status: string) =>
      Object.keys(
        ((o.responses?.[status] as oas31.ResponseObject | undefined)?.content?.['application/json']
          ?.examples ?? {}) as object,
      );
    for (const path of ['/buy/data', '/buy/airtime', '/buy/validateMeter', '/buy/electricity']) {
      expect(bodyExamples(op('post', path)), path).not.toEqual([]);
      expect(answerExamples(op('post', path), '200'), path).not.toEqual([]);
    }
    expect(answerExamples(op('post', '/buy/data'), '202')).not.toEqual([]);
    expect(answerExamples(op('post', '/buy/data'), '400')).toContain('refunded');
    for (const path of ['/transaction', '/transaction/{id}', '/auth']) {
      expect(answerExamples(op('get', path), '200'), path).not.toEqual([]);
    }
    expect(answerExamples(op('post', '/prices'), '200')).not.toEqual([]);
    expect(op('post', '/buy/data').parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }),
    );
    expect(document.info.description).toContain('`1111`');
    expect(document.info.description).toContain('RateLimit');
  });
});

describe('the documented routes, called on the running app', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.ctx);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The API's catch-all answer for a path nothing mounts. */
  const isCatchAll = (answer: { status: number; body: unknown }) =>
    answer.status === 404 && (answer.body as { msg?: string }).msg === 'Not found';

  const call = (method: string, path: string) => {
    const url = `/api/v1${path
      .replace('{userType}', 'reseller')
      .replace('{userName}', 'nobody_here')
      .replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}`;
    const agent = t.request();
    const request = agent[method as 'get' | 'post' | 'patch' | 'delete'](url).set(
      'x-auth-token',
      user.token,
    );
    // An array is no route's body: validated routes refuse it before doing anything.
    return method === 'get' ? request : request.send([]);
  };

  it('the catch-all is what an unmounted path gets (the check below can fail)', async () => {
    expect(isCatchAll(await call('get', '/no/such/route'))).toBe(true);
    expect(isCatchAll(await call('post', '/admin/noSuchThing'))).toBe(true);
    expect(isCatchAll(await call('delete', '/buy/data'))).toBe(true);
  });

  it('reaches a handler for every documented route, which answers a documented status', async () => {
    const missed: string[] = [];
    const undocumented: string[] = [];
    for (const route of routeTable) {
      const answer = await call(route.method, route.path);
      if (isCatchAll(answer)) missed.push(`${route.method} ${route.path}`);
      const operation = (document.paths?.[route.path] as oas31.PathItemObject)[route.method]!;
      if (!Object.keys(operation.responses ?? {}).includes(String(answer.status))) {
        undocumented.push(`${route.method} ${route.path} answered ${answer.status}`);
      }
    }
    expect(missed).toEqual([]);
    expect(undocumented).toEqual([]);
  });

  it('serves the document: public, cached five minutes, compressed, revalidated by ETag', async () => {
    // superagent inflates the answer itself; the header shows what went over the wire.
    const answer = await t.request().get('/api/v1/openapi.json').set('Accept-Encoding', 'gzip');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(document)));
    expect(answer.headers['x-auth-token']).toBeUndefined();

    const etag = answer.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.request().get('/api/v1/openapi.json').set('If-None-Match', etag);
    expect(again.status).toBe(304);
  });
});
