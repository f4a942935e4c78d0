import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { deltaCount, totalsMismatches } from '../../../test/helpers/history-totals.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { databaseUrlFor } from '../../../test/helpers/test-db.ts';
import { openPostgres, type Database, type DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { startBackgroundJobs } from '../../jobs/background-jobs.ts';
import { foldAllHistoryTotals, foldHistoryTotals } from './history-fold.ts';
import { historyTotals } from './history.repository.ts';

/**
 * The fold of the history totals' deltas (decision 0015, "Deltas folded later"): while writers
 * keep adding deltas and folds keep moving them, every single-statement read sees each change
 * exactly once; after a final fold the daily totals alone equal a recomputation from scratch and
 * no delta is left. On PostgreSQL the writers and folders are two processes (two pools).
 */

const template = inject('dbTemplate');
const ON_POSTGRES = template.kind === 'pg';

let t: TestApp;
let other: Database | null = null;
let pools: DbOrTx[];
beforeAll(async () => {
  t = await createTestApp();
  other = ON_POSTGRES
    ? openPostgres(databaseUrlFor(template.adminUrl, t.databaseName), { poolSize: 6 })
    : null;
  pools = [t.ctx.db, other?.db ?? t.ctx.db];
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const DAY = 86_400_000;
const TYPES = ['transfer', 'refund', 'earning', 'referrer'];
const STATUSES = ['success', 'failed', 'processing', 'pending', 'refunded'];
let serial = 0;

/** History lines that move no money (the ledger is not what this is about), over ten days. */
const lines = (user: TestUser, n: number, seed: number) =>
  Array.from({ length: n }, (_, i) => {
    const k = seed * 31 + i * 7;
    const before = 100_000 + (k % 977) * 10;
    const amount = 1_000 + (k % 89) * 100;
    return {
      userId: user.id,
      reference: `FT-${(serial += 1)}-${seed}-${i}`,
      type: TYPES[k % TYPES.length]!,
      network: ['MTN', 'GLO', 'to ada'][k % 3]!,
      status: STATUSES[(k >> 2) % STATUSES.length]!,
      amountKobo: amount,
      profitKobo: k % 5 === 0 ? 300 : 0,
      balanceBeforeKobo: before,
      balanceAfterKobo: k % 2 ? before - amount : before + amount,
      createdAt: new Date(Date.now() - (k % 10) * DAY - (k % 600) * 1000),
    };
  });

/** One writer: its own user's lines added, changed and deleted, `ops` statements or transactions. */
const writer = async (db: DbOrTx, user: TestUser, seed: number, ops: number) => {
  for (let op = 0; op < ops; op++) {
    const k = seed * 1000 + op;
    const mine = sql`select id from transactions where user_id = ${user.id}
                     order by md5(id::text || ${String(k)}) limit ${1 + (k % 3)}`;
    switch (op % 4) {
      case 0:
        await db.insert(transactions).values(lines(user, 1 + (k % 5), k));
        break;
      case 1:
        await db.execute(sql`update transactions
          set status = ${STATUSES[k % STATUSES.length]!}, amount_kobo = amount_kobo + 100,
              balance_after_kobo = balance_after_kobo - 7
          where id in (${mine})`);
        break;
      case 2:
        // A status change and a new line in one transaction, as a refund does.
        await db.transaction(async (tx) => {
          await tx.execute(sql`update transactions set status = 'refunded' where id in (${mine})`);
          await tx.insert(transactions).values(lines(user, 1, k));
        });
        break;
      default:
        await db.execute(sql`delete from transactions where id in (${mine})`);
    }
  }
};

describe('folding the history totals', () => {
  it('counts every change once while writers and folds run together, and folds to exact totals', async () => {
    const writers = await Promise.all([0, 1, 2, 3].map(() => createUser(t.ctx)));
    // A user nobody writes to during the race: their totals must never move while folded.
    const still = await createUser(t.ctx);
    await t.ctx.db.insert(transactions).values(lines(still, 40, 99));
    for (const row of lines(still, 5, 98)) await t.ctx.db.insert(transactions).values(row);
    const stillTotals = await historyTotals(t.ctx.db, { userId: still.id });
    const sortGroups = (g: typeof stillTotals) =>
      [...g].sort((a, b) =>
        `${a.type}${a.network}${a.status}`.localeCompare(`${b.type}${b.network}${b.status}`),
      );
    expect(await deltaCount(t.ctx.db)).toBeGreaterThan(0);

    let writing = true;
    const folded: number[] = [];
    const problems: unknown[] = [];
    const folder = async () => {
      for (let i = 0; writing; i++) {
        const n = await foldHistoryTotals(pools[i % 2]!, { limit: 7 });
        if (n !== null) folded.push(n);
      }
    };
    const checker = async () => {
      while (writing) {
        const mismatches = await totalsMismatches(pools[1]!);
        if (mismatches.length) problems.push(mismatches);
        const now = await historyTotals(pools[0]!, { userId: still.id });
        if (JSON.stringify(sortGroups(now)) !== JSON.stringify(sortGroups(stillTotals))) {
          problems.push({ still: now });
        }
      }
    };
    // No timers in these loops: PGlite runs each query on this thread, and a timer would wait
    // for the writers to finish.
    const race = Promise.all([folder(), checker()]);
    await Promise.all(writers.map((user, i) => writer(pools[i % 2]!, user, i + 1, 40)));
    writing = false;
    await race;

    expect(problems).toEqual([]);
    // Folds happened in the middle of the writing, not only at the end.
    expect(folded.filter((n) => n > 0).length).toBeGreaterThan(3);
    expect(await totalsMismatches(t.ctx.db)).toEqual([]);

    await foldAllHistoryTotals(t.ctx.db);
    expect(await deltaCount(t.ctx.db)).toBe(0);
    expect(await totalsMismatches(t.ctx.db, { folded: true })).toEqual([]);
    expect(sortGroups(await historyTotals(t.ctx.db, { userId: still.id }))).toEqual(
      sortGroups(stillTotals),
    );
  }, 120_000);

  it.skipIf(!ON_POSTGRES)(
    'lets one process fold at a time: another skips (PostgreSQL only: two connections)',
    async () => {
      const user = await createUser(t.ctx);
      await t.ctx.db.insert(transactions).values(lines(user, 3, 7));
      const waiting = await deltaCount(t.ctx.db);
      expect(waiting).toBeGreaterThan(0);
      await other!.db.transaction(async (tx) => {
        // The other process folds one delta; its transaction (and the fold's lock) stays open.
        expect(await foldHistoryTotals(tx, { limit: 1 })).toBe(1);
        expect(await foldHistoryTotals(t.ctx.db)).toBeNull();
        expect(await foldAllHistoryTotals(t.ctx.db)).toBe(0);
      });
      expect(await deltaCount(t.ctx.db)).toBe(waiting - 1);
      expect(await foldAllHistoryTotals(t.ctx.db)).toBe(waiting - 1);
      expect(await totalsMismatches(t.ctx.db, { folded: true })).toEqual([]);
    },
  );

  it('is run by the background loop every few seconds', async () => {
    const user = await createUser(t.ctx);
    await t.ctx.db.insert(transactions).values(lines(user, 4, 11));
    expect(await deltaCount(t.ctx.db)).toBeGreaterThan(0);
    // Only the fold's timer: re-queries and webhook delivery off.
    const loop = startBackgroundJobs({
      ...t.ctx,
      config: {
        ...t.ctx.config,
        vending: { ...t.ctx.config.vending, reconcileIntervalMs: 0 },
        webhooks: { ...t.ctx.config.webhooks, intervalMs: 0 },
      },
    });
    try {
      for (let i = 0; i < 100 && (await deltaCount(t.ctx.db)) > 0; i++) await sleep(50);
    } finally {
      await loop.stop();
    }
    expect(await deltaCount(t.ctx.db)).toBe(0);
    expect(await totalsMismatches(t.ctx.db, { folded: true })).toEqual([]);
  });
});
