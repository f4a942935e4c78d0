import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories/user.factory.ts';
import { startServerProcess, serverDir } from '../../test/helpers/server-process.ts';
import { bulkRunnerOf } from '../modules/bulk/bulk-runner.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { databaseUrlFor } from '../../test/helpers/test-db.ts';
import { resolveJwtSecret } from '../lib/jwt-secret.ts';
import { raiseAlert } from '../modules/alerts/alerts.service.ts';
import { foldAllHistoryTotals } from '../modules/transactions/history-fold.ts';
import { seedReferenceData } from '../seed/reference-data.ts';
import { openPglite } from './client.ts';
import * as schema from './schema/index.ts';

/**
 * `db:to-postgres` end to end: an embedded database in a folder, filled by the app with every
 * kind of row, moved into a new database on the machine's PostgreSQL server, which the app then
 * serves with the same answers. Runs on both test databases (it always needs the server).
 */
const template = inject('dbTemplate');
const adminUrl =
  template.kind === 'pg' ? template.adminUrl : 'postgres://postgres@127.0.0.1:5432/postgres';
const reachable = await (async () => {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
})();
if (!reachable) console.warn(`db:to-postgres tests skipped: no PostgreSQL server at ${adminUrl}`);

/** Tables the drive below leaves empty: rows only later days or background loops write. */
const LEFT_EMPTY = new Set([
  'transaction_closed_day_totals', // a day's totals once it is closed (the next day's fold)
  'transaction_closed_days',
  'transaction_stale_days', // a day whose totals a late change made stale
  'supplier_reconciliations', // the daily supplier reconciliation run
  'webhook_deliveries', // the delivery loop (not running in the in-process app)
]);

const databases: string[] = [];
const roles: string[] = [];
const newDatabase = async (): Promise<string> => {
  const name = `vendo_move_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  return databaseUrlFor(adminUrl, name);
};

const runMove = (args: string[]) =>
  new Promise<{ status: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/scripts/db-to-postgres.ts', ...args],
      { cwd: serverDir, env: { ...process.env, DATABASE_URL: '', DATABASE_MIGRATION_URL: '' } },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (status) => resolve({ status, output }));
  });

/** The summary's table lines: name, rows on each side, same or not. */
const summary = (output: string) =>
  [...output.matchAll(/^(\w+) +(\d+) +(\d+) +(same|DIFFERENT)$/gm)].map((m) => ({
    table: m[1]!,
    source: Number(m[2]),
    target: Number(m[3]),
    same: m[4] === 'same',
  }));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-move-'));
const pgliteDir = path.join(dataDir, 'pglite');
let t: TestApp;
let customer: TestUser;
let admin: TestUser;
let purchaseId: string;
let signedOut: TestUser;
const answers: Record<string, unknown> = {};

const ANSWERED = ['/api/v1/auth', '/api/v1/transaction', '/api/v1/transaction/statement.csv'];

const send = (user: TestUser, method: 'get' | 'post', url: string, body?: object) =>
  t.request()[method](`/api/v1${url}`).set('x-auth-token', user.token).send(body);

/** The app on a PGlite folder, driven to write a row into (nearly) every table. */
const fillSource = async () => {
  const database = await openPglite({ dataDir: pgliteDir });
  await database.migrate();
  await seedReferenceData(database.db);
  const jwtSecret = await resolveJwtSecret(database.db, undefined, false);
  t = await createTestApp({ SMTP_URL: '' }, { database, jwtSecret });

  admin = await createUser(t.ctx, { isAdmin: true, balanceKobo: 1_000_000_00 });
  const registered = await t.request().post('/api/v1/auth/register').send({
    userName: 'moving_customer',
    email: 'moving@example.test',
    phoneNumber: '07012345678',
    password: 'Secret#123',
    passwordCheck: 'Secret#123',
    referredBy: admin.userName,
  });
  expect(registered.status).toBe(201);
  customer = {
    id: registered.body.user._id,
    userName: 'moving_customer',
    email: 'moving@example.test',
    phoneNumber: '07012345678',
    password: 'Secret#123',
    token: registered.body.token,
  };
  const ok = async (res: Promise<{ status: number; body: unknown }>, status?: number) => {
    const done = await res;
    if (status) expect(done.status, JSON.stringify(done.body)).toBe(status);
    else expect([200, 201], JSON.stringify(done.body)).toContain(done.status);
    return done.body as Record<string, unknown>;
  };
  await ok(
    send(admin, 'post', '/auth/transferFund', { userName: customer.userName, amount: 20000 }),
  );
  const bought = await ok(
    t
      .request()
      .post('/api/v1/buy/data')
      .set({ 'x-auth-token': customer.token, 'Idempotency-Key': `k-${randomUUID()}` })
      .send({ network: 1, mobile_number: '08031234567', plan: '2' }),
  );
  purchaseId = (bought.receipt as { _id: string })._id;
  await ok(
    send(customer, 'post', '/buy/data', { network: 1, mobile_number: '08031231111', plan: '2' }),
    202,
  );
  // History totals both folded into daily totals and still waiting as deltas.
  await foldAllHistoryTotals(t.ctx.db);
  await ok(
    send(customer, 'post', '/buy/airtime', {
      network: 1,
      mobile_number: '08031234567',
      amount: 500,
    }),
  );
  await ok(
    send(customer, 'post', '/buy/electricity', {
      meterNumber: '1234567890',
      meterId: 18,
      meterType: 'prepaid',
      amount: 1000,
    }),
  );
  // Cable and exam: a held quote, a sale with sealed PINs, and the sandbox VTpass's books.
  await ok(
    send(customer, 'post', '/cable/verify', { provider: 'gotv', smartcardNumber: '7012345678' }),
  );
  await ok(
    send(customer, 'post', '/buy/exam', { product: 'waec', quantity: 1, phone: '08031234567' }),
  );
  await ok(
    send(customer, 'post', '/withdraw', {
      bankCode: '000013',
      accountNumber: '0123456789',
      amount: 1000,
    }),
  );
  await ok(
    send(customer, 'post', '/withdraw/beneficiary', {
      bankCode: '000013',
      accountNumber: '0123456789',
    }),
  );
  await ok(
    send(customer, 'post', '/auth/contact', {
      contactName: 'Mum',
      contactNumber: '08031234567',
      contactNetwork: 'mtn',
    }),
  );
  await ok(
    send(customer, 'post', '/fundWallet/squad/initiate', { amount: 1000, email: customer.email }),
  );
  await ok(send(customer, 'post', '/generateAcc', {}));
  await ok(
    send(admin, 'post', '/admin/generateCoupon', { userAccount: customer.userName, amount: 100 }),
  );
  await ok(send(admin, 'post', '/admin/fees', { fundPageFeePercent: 1.5 }));
  await ok(
    send(admin, 'post', '/admin/updateServices', {
      serviceName: 'electricity',
      serviceStatus: true,
    }),
  );
  await ok(send(admin, 'post', '/admin/notification', { msg: 'Hello' }));
  await ok(
    send(admin, 'post', '/admin/sendMail', {
      subject: 'Hello',
      message: 'A word',
      userAccount: customer.userName,
    }),
  );
  const [plan] = await t.ctx.db.select().from(schema.dataPlans).limit(1);
  await ok(
    send(admin, 'post', '/admin/updatePrice', { dataId: plan!.id, newPrice: { price: 2100 } }),
  );
  await raiseAlert(t.ctx, 'move_test', 'Look at this');
  const apiUser = await createUser(t.ctx, { userType: 'api user', balanceKobo: 5_000_00 });
  await ok(send(apiUser, 'post', '/auth/apiTokens', { name: 'shop' }));
  await ok(send(apiUser, 'post', '/auth/updateWebhook', { webhookUrl: 'https://8.8.8.8/hooks' }));
  await ok(
    send(apiUser, 'post', '/buy/data', { network: 1, mobile_number: '08031234567', plan: '2' }),
  );
  // A bulk purchase that ended (its lines, and its bulk.completed event for the API user).
  await ok(
    send(apiUser, 'post', '/buy/bulk', {
      kind: 'airtime',
      items: [{ network: 'MTN', mobile_number: '08031234567', amount: 100 }],
    }),
    202,
  );
  await bulkRunnerOf(t.ctx).idle();
  // A supplier's breaker, forced by an admin.
  await ok(
    send(admin, 'post', '/admin/supplier/health', {
      supplier: 'GLAD',
      product: 'airtime',
      force: 'open',
    }),
  );
  await ok(t.request().post('/api/v1/auth/requestPasswordReset').send({ email: apiUser.email }));
  await t
    .request()
    .post('/api/v1/auth/login')
    .send({ userName: apiUser.userName, password: 'wrong' });
  await ok(send(apiUser, 'post', '/auth/logout', {}));
  signedOut = apiUser;
  // A sandbox supplier left in an outage (after every purchase above).
  await ok(send(admin, 'post', '/admin/sandbox/suppliers/GLAD/outage', { on: true }));

  for (const url of [...ANSWERED, `/api/v1/transaction/${purchaseId}`]) {
    const res = await t.request().get(url).set('x-auth-token', customer.token);
    expect(res.status).toBe(200);
    answers[url] = res.text;
  }
  await t.close(); // stops the app: the folder is unlocked
};

beforeAll(async () => {
  if (reachable) await fillSource();
}, 120_000);

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  if (databases.length > 0 || roles.length > 0) {
    await admin.connect();
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
    for (const role of roles) await admin.query(`drop role if exists ${role}`);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!reachable)('npm run db:to-postgres', () => {
  let targetUrl: string;
  let moved: { status: number | null; output: string };

  beforeAll(async () => {
    targetUrl = await newDatabase();
    moved = await runMove([targetUrl, '--data-dir', dataDir]);
  }, 120_000);

  it('copies every table of the schema, every row the same, and checks the ledger on the target', () => {
    expect(moved.output).toMatch(/ledger:verify on the target: all \d+ invariants hold/);
    expect(moved.output).toMatch(/sequences: \d+, all the same/);
    expect(moved.output).toMatch(/ledger accounts: \d+ compared, balances and postings the same/);
    expect(moved.status).toBe(0);
    const tables = summary(moved.output);
    // A table added to the schema is copied and compared, or this fails.
    const schemaTables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable));
    expect(tables.map((r) => r.table).sort()).toEqual([...new Set(schemaTables)].sort());
    expect(tables.filter((r) => !r.same)).toEqual([]);
    // Every kind of row went across: only the tables this drive cannot reach are empty.
    expect(
      tables
        .filter((r) => r.source === 0)
        .map((r) => r.table)
        .sort(),
    ).toEqual([...LEFT_EMPTY].sort());
  });

  it('lets the app start on the target with the same answers, sessions and passwords', async () => {
    const server = await startServerProcess({
      DATABASE_URL: targetUrl,
      DATABASE_MIGRATION_URL: '',
      DATA_DIR: path.join(dataDir, 'unused'),
      JWT_SECRET: '',
      RECONCILE_INTERVAL_MS: '0',
      LEDGER_CHECK_INTERVAL_SECONDS: '0',
      WEBHOOK_INTERVAL_MS: '0',
      LOG_LEVEL: 'silent',
    });
    try {
      // The customer's session from the embedded database still works: the secret moved too.
      for (const url of [...ANSWERED, `/api/v1/transaction/${purchaseId}`]) {
        const res = await fetch(`${server.url}${url}`, {
          headers: { 'x-auth-token': customer.token },
        });
        expect(res.status, url).toBe(200);
        expect(await res.text(), url).toBe(answers[url]);
      }
      // …and a session ended on the embedded database stays ended.
      const ended = await fetch(`${server.url}/api/v1/auth`, {
        headers: { 'x-auth-token': signedOut.token },
      });
      expect(ended.status).toBe(401);
      const login = await fetch(`${server.url}/api/v1/auth/login`, {
        method: 'post',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: customer.userName, password: customer.password }),
      });
      expect(login.status).toBe(200);
      const body = (await login.json()) as { user: { balance: number } };
      const before = JSON.parse(answers['/api/v1/auth'] as string) as { user: { balance: number } };
      expect(body.user.balance).toBe(before.user.balance);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('refuses a target that is not empty, and writes nothing', async () => {
    const again = await runMove([targetUrl, '--data-dir', dataDir]);
    expect(again.output).toMatch(
      /refused: The target database is not empty: admin_alerts \(2 rows\), .* nothing was written/,
    );
    expect(again.status).toBe(2);
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    const users = await client.query<{ n: string }>('select count(*)::text as n from users');
    await client.end();
    expect(Number(users.rows[0]!.n)).toBe(
      summary(moved.output).find((r) => r.table === 'users')!.target,
    );
  });

  it('refuses a database holding tables of something else, and leaves it as it was', async () => {
    const other = await newDatabase();
    const client = new pg.Client({ connectionString: other });
    await client.connect();
    try {
      await client.query('create table orders (id int primary key)');
      const refused = await runMove([other, '--data-dir', dataDir]);
      expect(refused.output).toMatch(
        /refused: The target database holds tables that are not Vendo/,
      );
      expect(refused.status).toBe(2);
      const tables = await client.query(
        `select tablename from pg_tables where schemaname = 'public'`,
      );
      expect(tables.rows).toEqual([{ tablename: 'orders' }]);
    } finally {
      await client.end();
    }
  });

  it('refuses while the app has the embedded database open', async () => {
    const running = await openPglite({ dataDir: pgliteDir });
    try {
      const fresh = await newDatabase();
      const refused = await runMove([fresh, '--data-dir', dataDir]);
      expect(refused.output).toMatch(/in use by another Vendo process.*Stop the app first/);
      expect(refused.status).toBe(2);
      const client = new pg.Client({ connectionString: fresh });
      await client.connect();
      const tables = await client.query(`select 1 from pg_tables where schemaname = 'public'`);
      await client.end();
      expect(tables.rowCount).toBe(0);
    } finally {
      await running.close();
    }
  });

  it("copies as the tables' owner when the app connects as a role of its own, which may then use them", async () => {
    const role = `vendo_move_app_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create role ${role} login`);
    await admin.end();
    roles.push(role);
    const ownerUrl = await newDatabase();
    const appUrl = new URL(ownerUrl);
    appUrl.username = role;
    const result = await runMove([
      appUrl.toString(),
      '--migration-url',
      ownerUrl,
      '--data-dir',
      dataDir,
    ]);
    expect(result.output).toMatch(/migrated as postgres:\/\/postgres@/);
    expect(result.output).toMatch(/ledger:verify on the target: all \d+ invariants hold/);
    expect(result.status).toBe(0);
    const asApp = new pg.Client({ connectionString: appUrl.toString() });
    await asApp.connect();
    try {
      const users = await asApp.query<{ n: string }>('select count(*)::text as n from users');
      expect(Number(users.rows[0]!.n)).toBe(
        summary(result.output).find((r) => r.table === 'users')!.source,
      );
      // The copy kept the app's role to rows: the ledger stays append-only for it.
      await expect(asApp.query('update postings set amount_kobo = 0')).rejects.toMatchObject({
        code: '42501',
      });
    } finally {
      await asApp.end();
    }
  });
});
