import express from 'express';
import supertest from 'supertest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/test-db.ts';
import { createLogger } from '../lib/logger.ts';
import { errorHandler } from '../middleware/error-handler.ts';
import type { Database, Tx } from './client.ts';
import { queryRows } from './query.ts';
import { inTransaction, RETRY_ATTEMPTS, retryTransient } from './retry.ts';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('retryTransient', () => {
  it('runs again after a deadlock or a serialization failure, and answers the run that succeeded', async () => {
    for (const code of ['40P01', '40001']) {
      let runs = 0;
      const answer = await retryTransient(async () => {
        runs += 1;
        if (runs < 3) throw pgError(code);
        return 'done';
      });
      expect(answer).toBe('done');
      expect(runs).toBe(3);
    }
  });

  it(`gives up after ${RETRY_ATTEMPTS} runs with the conflict itself`, async () => {
    let runs = 0;
    await expect(
      retryTransient(async () => {
        runs += 1;
        throw pgError('40P01');
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(RETRY_ATTEMPTS);
  });

  it('never runs again after any other error', async () => {
    for (const error of [pgError('23505'), pgError('57P01'), new Error('plain')]) {
      let runs = 0;
      await expect(
        retryTransient(async () => {
          runs += 1;
          throw error;
        }),
      ).rejects.toBe(error);
      expect(runs).toBe(1);
    }
  });
});

describe('a conflict that outlives every retry', () => {
  it('answers 503 with Retry-After, not 500', async () => {
    const app = express();
    app.get('/x', () => {
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    app.use(errorHandler(createLogger('silent')));
    const res = await supertest(app).get('/x');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
  });
});

const template = inject('dbTemplate');

describe.skipIf(template.kind !== 'pg')('inTransaction on a real deadlock (PostgreSQL)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(
      sql`create table deadlock_probe (id int primary key, n int not null)`,
    );
  });
  afterAll(async () => {
    await database?.close();
  });

  /**
   * Two transactions that each update one row, wait for the other to have done the same, then
   * update the other's row: PostgreSQL finds the deadlock (after deadlock_timeout, 1 s) and
   * aborts one of them.
   */
  const crossUpdates = async (run: (work: (tx: Tx) => Promise<void>) => Promise<void>) => {
    await database.db.execute(sql`delete from deadlock_probe`);
    await database.db.execute(sql`insert into deadlock_probe values (1, 0), (2, 0)`);
    let arrived = 0;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
    const side = (first: number, second: number) => async (tx: Tx) => {
      await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${first}`);
      arrived += 1;
      if (arrived === 2) release();
      await bothHoldOne;
      await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${second}`);
    };
    const results = await Promise.allSettled([run(side(1, 2)), run(side(2, 1))]);
    const rows = await queryRows<{ id: number; n: number }>(
      database.db,
      sql`select id, n from deadlock_probe order by id`,
    );
    return { results, rows };
  };

  it('without a retry one side fails with 40P01 (what customers used to get as a 500)', async () => {
    // The bare transaction (tests are outside the lint rule), to show the failure.
    const { results } = await crossUpdates(async (work) => {
      await database.db.transaction(work);
    });
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(JSON.stringify((failed[0] as PromiseRejectedResult).reason.cause ?? {})).toContain(
      '40P01',
    );
  });

  it('through inTransaction both commit, each once', async () => {
    const { results, rows } = await crossUpdates((work) => inTransaction(database.db, work));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });
});
