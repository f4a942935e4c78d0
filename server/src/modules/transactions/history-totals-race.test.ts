import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { deltaCount, totalsMismatches } from '../../../test/helpers/history-totals.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { databaseUrlFor } from '../../../test/helpers/test-db.ts';
import { openPostgres, type Database, type DbOrTx, type Tx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { transactions } from '../../db/schema/index.ts';
import { newReference } from '../../lib/ids.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { openPurchase, refundPurchase, settleSales } from '../ledger/purchase-journals.ts';
import { insertRefundLine, transitionPurchase, UNSETTLED } from '../vending/purchase.repository.ts';
import { foldAllHistoryTotals } from './history-fold.ts';
import type { TransactionRow } from './transactions.mapper.ts';

/**
 * Two server processes writing one user's history at the same moment (decision 0015, "Deltas
 * folded later"). When the statement triggers upserted the daily totals, each statement locked
 * its keys' rows until commit, and one transaction touches several keys (and the wallet) in
 * different statements: two transactions taking them in opposite orders deadlocked (40P01). Now
 * the triggers only insert deltas, and no writer waits on another's totals.
 *
 * Transactions here are bare (no inTransaction): a deadlock must show, not be retried away.
 * Two connections at once need PostgreSQL; PGlite has one.
 */

const template = inject('dbTemplate');
const ON_POSTGRES = template.kind === 'pg';

let t: TestApp;
let other: Database;
beforeAll(async () => {
  if (!ON_POSTGRES) return;
  t = await createTestApp();
  other = openPostgres(databaseUrlFor(template.adminUrl, t.databaseName), { poolSize: 8 });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const connect = async (): Promise<pg.Client> => {
  if (template.kind !== 'pg') throw new Error('PostgreSQL only');
  const client = new pg.Client({
    connectionString: databaseUrlFor(template.adminUrl, t.databaseName),
  });
  await client.connect();
  return client;
};

/**
 * 'waiting' as soon as backend `pid` waits on a lock, 'done' if `work` ends first (within 5 s).
 */
const waitsOrEnds = async (pid: number, work: Promise<unknown>): Promise<'waiting' | 'done'> => {
  let ended = false;
  work.then(
    () => (ended = true),
    () => (ended = true),
  );
  for (let i = 0; i < 500; i++) {
    if (ended) return 'done';
    const [row] = await queryRows<{ waiting: boolean }>(
      t.ctx.db,
      sql`select exists (select 1 from pg_stat_activity
                         where pid = ${pid} and wait_event_type = 'Lock') as waiting`,
    );
    if (row?.waiting) return 'waiting';
    await sleep(10);
  }
  throw new Error(`backend ${pid} neither waited nor ended`);
};

/** What each rejected statement said ('40P01 deadlock detected …'): [] when none failed. */
const failures = (results: PromiseSettledResult<unknown>[]): string[] =>
  results
    .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    .map((r) => {
      const error = r.reason as { code?: string; message?: string; cause?: unknown };
      const cause = (error.cause ?? error) as { code?: string; message?: string };
      return `${cause.code ?? '?'} ${cause.message ?? String(r.reason)}`;
    });

/** A purchase debited and left 'processing', as a request leaves it before the supplier answers. */
const open = async (db: DbOrTx, user: TestUser, chargeKobo = 100_00): Promise<TransactionRow> => {
  const row = await openPurchase(db, {
    userId: user.id,
    reference: newReference('VND'),
    type: 'airtime',
    network: 'MTN',
    phoneNumber: '08031234567',
    chargeKobo,
    costKobo: chargeKobo - 3_00,
    supplier: 'ALARO',
    planId: null,
    ported: false,
    details: {},
    requestId: null,
    graceSeconds: 60,
  });
  if (!row) throw new Error('wallet cannot cover the purchase');
  return row;
};

/** The refund of a failed purchase, as the service does it: move it, credit the wallet, line. */
const refund = async (tx: Tx, purchase: TransactionRow) => {
  const moved = await transitionPurchase(tx, purchase.id, UNSETTLED, {
    status: 'refunded',
    settledAt: sql`now()`,
    nextCheckAt: null,
    profitKobo: 0,
  });
  if (!moved) throw new Error('not unsettled');
  const balanceKobo = await refundPurchase(tx, moved, 'pending');
  await insertRefundLine(tx, moved, balanceKobo);
};

describe.skipIf(!ON_POSTGRES)(
  'history totals with two processes writing one user (needs PostgreSQL: set DATABASE_URL)',
  () => {
    it('a refund’s statements in opposite orders in two transactions never wait', async () => {
      // Hand-written statements through the real triggers, on history lines that move no money
      // (the ledger is not what this is about): a row's status changes (its user's 'processing'
      // and 'failed' keys), and a line is added (the user's refund key), in both orders.
      const user = await createUser(t.ctx);
      const line = (reference: string, type: string, status: string) => ({
        userId: user.id,
        reference,
        type,
        network: 'MTN',
        status,
        amountKobo: 100_00,
        balanceBeforeKobo: 0,
        balanceAfterKobo: 0,
      });
      const ref = newReference('HT');
      await t.ctx.db
        .insert(transactions)
        .values([
          line(`${ref}-X`, 'transfer', 'processing'),
          line(`${ref}-Y`, 'transfer', 'processing'),
        ]);
      const a = await connect();
      const b = await connect();
      try {
        const pidA = Number((await a.query('select pg_backend_pid() as pid')).rows[0].pid);
        const addLine = (client: pg.Client, reference: string) =>
          client.query(
            `insert into transactions (user_id, reference, type, network, status, amount_kobo,
               balance_before_kobo, balance_after_kobo)
             values ($1, $2, 'refund', 'MTN', 'success', 100, 0, 0)`,
            [user.id, reference],
          );
        const fail = (client: pg.Client, reference: string) =>
          client.query(`update transactions set status = 'failed' where reference = $1`, [
            reference,
          ]);

        await a.query('begin');
        await b.query('begin');
        // A changes row X's status …
        await fail(a, `${ref}-X`);
        // … B, the other order, first adds a line …
        await addLine(b, `${ref}-RY`);
        // … A adds its line (the key B has just written) …
        const lineA = addLine(a, `${ref}-RX`);
        const aWaited = await waitsOrEnds(pidA, lineA);
        // … and B changes row Y's status (the keys A has written).
        const moveB = fail(b, `${ref}-Y`);
        const results = await Promise.allSettled([lineA, moveB]);
        expect(failures(results)).toEqual([]);
        expect(aWaited).toBe('done');
        await a.query('commit');
        await b.query('commit');
      } finally {
        await a.query('rollback').catch(() => undefined);
        await b.query('rollback').catch(() => undefined);
        await a.end();
        await b.end();
      }
      expect(await totalsMismatches(t.ctx.db)).toEqual([]);
    });

    it('a refund and a purchase of one user in two processes: no deadlock on totals and wallet', async () => {
      const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
      const purchase = await open(t.ctx.db, user);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let moved!: () => void;
      const purchaseMoved = new Promise<void>((resolve) => (moved = resolve));

      // This process: the purchase moves processing → refunded, then (once the other process
      // has bought) the wallet is credited and the refund line written.
      const refunding = t.ctx.db.transaction(async (tx) => {
        const row = await transitionPurchase(tx, purchase.id, UNSETTLED, {
          status: 'refunded',
          settledAt: sql`now()`,
          nextCheckAt: null,
          profitKobo: 0,
        });
        moved();
        await released;
        const balanceKobo = await refundPurchase(tx, row!, 'pending');
        await insertRefundLine(tx, row!, balanceKobo);
      });
      await purchaseMoved;
      // The other process: a new purchase of the same user (the wallet row first, then the
      // 'processing' key the refund has just changed).
      let pid = 0;
      const buying = other.db.transaction(async (tx) => {
        const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        pid = Number(row!.pid);
        await open(tx, user);
      });
      for (let i = 0; pid === 0 && i < 1000; i++) await sleep(5);
      const buyerWaited = await waitsOrEnds(pid, buying);
      release();
      const results = await Promise.allSettled([refunding, buying]);
      expect(failures(results)).toEqual([]);
      expect(buyerWaited).toBe('done');
      // Refunded 100, bought 100 again.
      expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(1_000_00 - 100_00);
      expect(await totalsMismatches(t.ctx.db)).toEqual([]);
      expect(await t.ledgerViolations()).toEqual([]);
    });

    it('many purchases, refunds and grouped settles of one user in two processes: no deadlock', async () => {
      const user = await createUser(t.ctx, { balanceKobo: 100_000_00 });
      const neighbour = await createUser(t.ctx, { balanceKobo: 100_000_00 });
      const ROUNDS = 6;
      const errors: string[] = [];
      const pools = [t.ctx.db, other.db];
      const record = (promise: Promise<unknown>) =>
        promise.catch((error: { code?: string; message?: string; cause?: unknown }) => {
          const cause = (error.cause ?? error) as { code?: string; message?: string };
          errors.push(`${cause.code ?? '?'} ${cause.message ?? String(error)}`);
        });
      for (let round = 0; round < ROUNDS; round++) {
        // Purchases waiting for their supplier: some to refund, some to settle (never both).
        const toRefund = await Promise.all([0, 1, 2, 3].map(() => open(t.ctx.db, user)));
        const toSettle = await Promise.all(
          [user, neighbour, user, neighbour].map((u) => open(t.ctx.db, u)),
        );
        await Promise.all([
          ...toRefund.map((p, i) => record(pools[i % 2]!.transaction((tx) => refund(tx, p)))),
          ...[0, 1, 2, 3, 4, 5].map((i) => record(open(pools[(i + 1) % 2]!, user, 10_00))),
          record(
            settleSales(
              pools[round % 2]!,
              toSettle.map((p) => ({
                purchaseId: p.id,
                answer: { supplierRef: p.reference, apiResponse: 'delivered' },
              })),
            ),
          ),
        ]);
      }
      expect(errors).toEqual([]);
      expect(await deltaCount(t.ctx.db)).toBeGreaterThan(0);
      expect(await totalsMismatches(t.ctx.db)).toEqual([]);
      await foldAllHistoryTotals(t.ctx.db);
      expect(await deltaCount(t.ctx.db)).toBe(0);
      expect(await totalsMismatches(t.ctx.db, { folded: true })).toEqual([]);
      expect(await t.ledgerViolations()).toEqual([]);
    });
  },
);
