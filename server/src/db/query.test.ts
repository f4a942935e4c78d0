import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/test-db.ts';
import type { Database } from './client.ts';
import { pgErrorOf } from './pg-error.ts';
import { queryPreparedRows, queryRows } from './query.ts';

/** queryPreparedRows on the run's database (PGlite by default, PostgreSQL with DATABASE_URL). */
describe('queryPreparedRows', () => {
  let database: Database & { name: string };
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(
      sql`create table prepared_probe (id int primary key, note text not null)`,
    );
  });
  afterAll(async () => {
    await database.close();
  });

  const sample = (n: number) =>
    sql`select ${n}::int as n, ${`text ${n}`} as s, ${JSON.stringify({ n })}::jsonb as j,
      ${n * 1_000_000_000_000}::bigint as b, ${null}::text as z,
      '2026-11-22 10:00:00+00'::timestamptz as t, ${n % 2 === 0} as even`;

  it('answers the same rows as an ordinary query, run after run', async () => {
    for (const n of [1, 2, 3, 4]) {
      expect(await queryPreparedRows(database.db, sample(n))).toEqual(
        await queryRows(database.db, sample(n)),
      );
    }
  });

  it('reports a failing statement with its SQLSTATE and stays usable', async () => {
    const codeOf = (query: Promise<unknown>) =>
      query.then(
        () => 'no error',
        (error: unknown) => pgErrorOf(error)?.code,
      );
    expect(await codeOf(queryPreparedRows(database.db, sql`select 1 / ${0}::int as q`))).toBe(
      '22012',
    );
    expect(
      await codeOf(
        queryPreparedRows(database.db, sql`insert into prepared_probe values (${1}, ${null})`),
      ),
    ).toBe('23502');
    expect(await queryPreparedRows(database.db, sample(5))).toEqual(
      await queryRows(database.db, sample(5)),
    );
  });

  it('prepares a statement again when the session dropped it', async () => {
    const statement = sql`select ${7}::int + 1 as eight`;
    expect(await queryPreparedRows(database.db, statement)).toEqual([{ eight: 8 }]);
    if (database.driver === 'pglite') {
      await database.db.execute(sql`deallocate all`);
      expect(await queryPreparedRows(database.db, statement)).toEqual([{ eight: 8 }]);
    }
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into prepared_probe values (100, 'in a transaction')`);
      inserted();
      await held;
      throw new Error('roll it back');
    });
    await didInsert;
    const read = queryPreparedRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from prepared_probe where id = ${100}`,
    );
    release();
    await expect(transaction).rejects.toThrow('roll it back');
    // Had it run inside the open transaction, it would have seen the row that was rolled back.
    expect(await read).toEqual([{ n: 0 }]);
  });

  it('runs inside a transaction as part of it', async () => {
    const seen = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into prepared_probe values (200, 'mine')`);
      return queryPreparedRows<{ note: string }>(
        tx,
        sql`select note from prepared_probe where id = ${200}`,
      );
    });
    expect(seen).toEqual([{ note: 'mine' }]);
  });
});
