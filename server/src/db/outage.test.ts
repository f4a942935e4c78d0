import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { startFastLoops } from '../../test/helpers/background-loops.ts';
import { startTcpProxy, type TcpProxy } from '../../test/helpers/tcp-proxy.ts';
import { getWalletBalanceKobo } from '../modules/ledger/ledger.service.ts';
import { reconcileOnce } from '../modules/vending/reconciler.ts';
import { transactions } from './schema/index.ts';
import { isDatabaseUnavailable } from './pg-error.ts';
import { inTransaction } from './retry.ts';

/**
 * The database going away under a running app (a restart, a fail-over), on PostgreSQL reached
 * through a TCP proxy the test controls: cut() drops every connection as a restart does,
 * refuse() stops listening as a stopped server does. PGlite runs inside the process: it has no
 * connection to lose, so this file runs only with DATABASE_URL (npm test's PostgreSQL pass).
 */
const template = inject('dbTemplate');
const onServer = template.kind === 'pg';

let proxy: TcpProxy;
let t: TestApp;
let buyer: TestUser;

beforeAll(async () => {
  if (!onServer) return;
  const server = new URL(template.adminUrl);
  proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  t = await createTestApp(
    // The sandbox's slow trigger (3333) answers after 1.5 s, inside the 4 s timeout: time to
    // take the database away between the debit and the answer.
    { SUPPLIER_TIMEOUT_MS: '4000', SANDBOX_SLOW_MS: '1500', PROCESSING_GRACE_SECONDS: '1' },
    { databasePort: proxy.port },
  );
  buyer = await createUser(t.ctx, { balanceKobo: 5_000_00 });
});
afterAll(async () => {
  proxy?.accept();
  await t?.close();
  await proxy?.close();
});

/** The database is down: open connections dropped, new ones refused. */
const takeDatabaseAway = () => {
  proxy.refuse();
  proxy.cut();
};

/** Polls GET /api/v1/auth until it answers 200; answers how long that took after the return. */
const msUntilServing = async (): Promise<number> => {
  const back = Date.now();
  for (;;) {
    const res = await t.request().get('/api/v1/auth').set('x-auth-token', buyer.token);
    if (res.status === 200) return Date.now() - back;
    expect(res.status).toBe(503);
    if (Date.now() - back > 15_000)
      throw new Error('not serving 15 s after the database came back');
    await sleep(100);
  }
};

describe.skipIf(!onServer)('the database goes away and comes back (PostgreSQL only)', () => {
  it('answers 503 with Retry-After meanwhile, not ready but live, and serves again within 5 s', async () => {
    expect((await t.request().get('/api/v1/auth').set('x-auth-token', buyer.token)).status).toBe(
      200,
    );
    takeDatabaseAway();

    const during = await t.request().get('/api/v1/auth').set('x-auth-token', buyer.token);
    expect(during.status).toBe(503);
    expect(during.headers['retry-after']).toBe('5');
    expect(during.body).toEqual({
      msg: 'The service is briefly unavailable. Please try again in a few seconds.',
      code: 'SERVICE_UNAVAILABLE',
    });
    const purchase = await t
      .request()
      .post('/api/v1/buy/airtime')
      .set('x-auth-token', buyer.token)
      .send({ network: 1, mobile_number: '08031110001', amount: 100 });
    expect(purchase.status).toBe(503);
    expect((await t.request().get('/readyz')).status).toBe(503);
    expect((await t.request().get('/livez')).status).toBe(200);

    proxy.accept();
    expect(await msUntilServing()).toBeLessThan(5000);
    expect((await t.request().get('/readyz')).body).toMatchObject({ status: 'ok' });
    // Nothing was charged for the purchase refused during the outage.
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(5_000_00);
  });

  it('a connection cut inside a transaction fails that transaction, never the process', async () => {
    const outcome = inTransaction(t.ctx.db, async (tx) => {
      await tx.execute(sql`select 1`);
      await sleep(300);
      await tx.execute(sql`select 1`);
    }).then(
      () => 'committed',
      (error: unknown) => error,
    );
    await sleep(100);
    // The checked-out connection breaks between two statements: pg emits 'error' on a client the
    // pool no longer listens to. Unhandled, that event would end this test process.
    proxy.cut();
    const error = await outcome;
    expect(error).not.toBe('committed');
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await msUntilServing()).toBeLessThan(5000);
  });

  it('connections broken at any moment of a transaction all go back to the pool', async () => {
    // Many transactions, the connections cut at random moments: some fail at BEGIN, some in the
    // middle, some at COMMIT. Every connection must come back (Drizzle's own pooled transaction
    // keeps the one whose BEGIN failed), or the pool runs dry and the app never recovers.
    const pool = (t.ctx.db as unknown as { $client: pg.Pool }).$client;
    for (let round = 0; round < 8; round++) {
      const runs = Array.from({ length: 40 }, () =>
        inTransaction(t.ctx.db, async (tx) => {
          await tx.execute(sql`select 1`);
          await tx.execute(sql`select pg_sleep(0.005)`);
        }).catch((error: unknown) => {
          expect(isDatabaseUnavailable(error)).toBe(true);
        }),
      );
      await sleep(Math.random() * 30);
      proxy.cut();
      await Promise.all(runs);
    }
    expect(await msUntilServing()).toBeLessThan(5000);
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(pool.waitingCount).toBe(0);
  });

  it('a purchase whose answer arrives while the database is away answers pending and is settled once it is back', async () => {
    const before = await getWalletBalanceKobo(t.ctx.db, buyer.id);
    const answer = t
      .request()
      .post('/api/v1/buy/airtime')
      .set('x-auth-token', buyer.token)
      .send({ network: 1, mobile_number: '08031113333', amount: 100 });
    const answered = answer.then((res) => res);
    // The debit is in; the supplier holds its (successful) answer for 1.5 s.
    await sleep(700);
    takeDatabaseAway();
    const res = await answered;
    expect(res.status).toBe(202);
    expect(res.body.receipt).toMatchObject({ trans_Status: 'processing' });
    expect(res.body.balance).toBe(before / 100 - 99);

    proxy.accept();
    await msUntilServing();
    await sleep(1100); // past PROCESSING_GRACE_SECONDS: the reconciler may take it
    await t.ctx.db
      .update(transactions)
      .set({ nextCheckAt: sql`now()` })
      .where(eq(transactions.phoneNumber, '08031113333'));
    await reconcileOnce(t.ctx);
    const [row] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.phoneNumber, '08031113333'));
    expect(row!.status).toBe('success');
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(before - 99_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('background loops pause while it is away (one warning, not one a pass) and resume after', async () => {
    const loops = startFastLoops(t.ctx);
    try {
      await sleep(200);
      takeDatabaseAway();
      await sleep(1500);
      expect(loops.count('reconciler paused: database unavailable')).toBe(1);
      expect(loops.count('reconciler pass failed')).toBe(0);
      proxy.accept();
      await msUntilServing();
      // The pause is at most a minute; after a 1.5 s outage it is well under 2 s.
      for (let i = 0; i < 50 && loops.count('reconciler resumed') === 0; i++) await sleep(100);
      expect(loops.count('reconciler resumed')).toBe(1);
    } finally {
      await loops.stop();
    }
  });
});
