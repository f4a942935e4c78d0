import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import supertest from 'supertest';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../test/helpers/test-app.ts';
import { createApp } from './app.ts';

/**
 * The sandbox (simulated suppliers, gateways, mailbox and their staff tools) stays out of
 * production: no module outside server/src/sandbox imports it statically (app.ts imports it on
 * demand when the sandbox is on), and a production app serves none of its routes.
 */

const SRC = import.meta.dirname;
const SANDBOX = path.join(SRC, 'sandbox') + path.sep;

/** The relative modules a file imports or re-exports statically, as absolute paths (no types). */
const staticImports = (file: string): string[] => {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      specifier = statement.moduleSpecifier;
    } else if (ts.isImportEqualsDeclaration(statement)) {
      throw new Error(`${file}: import = require(…) is not followed here`);
    }
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
      found.push(path.resolve(path.dirname(file), specifier.text));
    }
  }
  return found;
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts') && !d.name.endsWith('.test.ts'))
    .map((d) => path.join(d.parentPath, d.name));

describe('the sandbox boundary', () => {
  it('no module outside server/src/sandbox imports a sandbox module statically', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !file.startsWith(SANDBOX))
      .flatMap((file) =>
        staticImports(file)
          .filter((target) => target.startsWith(SANDBOX))
          .map((target) => `${path.relative(SRC, file)} → ${path.relative(SRC, target)}`),
      );
    expect(offenders).toEqual([]);
  });

  it('the static import graph of main.ts and the scripts reaches no sandbox module', () => {
    const entries = [
      path.join(SRC, 'main.ts'),
      ...sourceFiles(path.join(SRC, 'scripts')).filter((f) => !f.endsWith('.d.ts')),
    ];
    const seen = new Set<string>();
    const queue = [...entries];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...staticImports(file));
    }
    expect(seen).toContain(path.join(SRC, 'app.ts'));
    expect(seen).toContain(path.join(SRC, 'modules/vending/admin-vending.routes.ts'));
    expect([...seen].filter((f) => f.startsWith(SANDBOX))).toEqual([]);
    // The walk follows files that exist: a wrong resolution would end it early.
    expect(seen.size).toBeGreaterThan(100);
  });
});

describe('a production app', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.ctx, { isAdmin: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const production = () => createApp({ ...t.ctx, config: { ...t.ctx.config, isProduction: true } });

  it('answers 404 to the sandbox float top-up, which the sandbox app serves', async () => {
    const body = { supplier: 'ALARO', amount: 1000 };
    const live = await supertest(production())
      .post('/api/v1/admin/sandbox/float')
      .set('x-auth-token', admin.token)
      .send(body);
    expect(live.status).toBe(404);
    expect(live.body).toMatchObject({ code: 'NOT_FOUND' });

    const sandbox = await supertest(t.app)
      .post('/api/v1/admin/sandbox/float')
      .set('x-auth-token', admin.token)
      .send(body);
    expect(sandbox.status).toBe(200);
  });

  it('serves no sandbox supplier, gateway or mailbox', async () => {
    const app = production();
    for (const url of [
      '/sandbox/suppliers/glad/api/user/',
      '/sandbox/squad/transaction/verify/x',
      '/sandbox/vtpass/api/service-variations?serviceID=dstv',
      '/sandbox/mail',
    ]) {
      expect((await supertest(app).get(url)).status, url).toBe(404);
      expect((await supertest(t.app).get(url)).status, url).not.toBe(404);
    }
  });
});
