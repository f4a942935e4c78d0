import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { findSessionUser } from '../modules/users/users.repository.ts';
import { openPostgres, type Database } from './client.ts';
import { createReadDb } from './read-replica.ts';

/**
 * Behind a pooler, with a replica (decision 0034), on one PostgreSQL server: a second pool
 * stands in for the replica (a primary is always current), told apart by its application_name.
 * The real streaming replica and PgBouncer are in test/system/pooler-and-replica.test.ts.
 * PostgreSQL only: PGlite has neither replicas nor named statements to leave out.
 */
const ON_POSTGRES = inject('dbTemplate').kind === 'pg';

describe.skipIf(!ON_POSTGRES)(
  `a read pool for reports${ON_POSTGRES ? '' : ' (skipped: PostgreSQL only)'}`,
  () => {
    let t: TestApp;
    let replica: Database;
    let customer: TestUser;
    let admin: TestUser;
    const passedOver: string[] = [];
    const REPLICA_APP = 'vendo_read_test';

    beforeAll(async () => {
      t = await createTestApp();
      const url = new URL(t.databaseUrl);
      url.searchParams.set('application_name', REPLICA_APP);
      replica = openPostgres(url.toString(), { poolSize: 1 });
      t.ctx.readDb = createReadDb(t.ctx.db, replica.db, {
        maxWaitMs: 200,
        onPassedOver: (why) => passedOver.push(why),
      });
      customer = await createUser(t.ctx, { balanceKobo: 500_000 });
      admin = await createUser(t.ctx, { isAdmin: true });
    });
    afterAll(async () => {
      await replica?.close();
      await t?.close();
    });

    /** When the replica pool's connection last began a statement, and which. */
    const replicaLast = async () => {
      const client = new pg.Client({ connectionString: t.databaseOwnerUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ started: Date | null; query: string }>(
          `select query_start as started, query from pg_stat_activity
           where application_name = $1 and datname = current_database()`,
          [REPLICA_APP],
        );
        return rows[0] ?? { started: null, query: '' };
      } finally {
        await client.end();
      }
    };

    const get = (user: TestUser, path: string) =>
      t.request().get(`/api/v1${path}`).set('x-auth-token', user.token);

    it('reads history, statements, CSV exports, the dashboard and the sales chart from it; balances and purchases never', async () => {
      const bought = await t
        .request()
        .post('/api/v1/buy/airtime')
        .set('x-auth-token', customer.token)
        .send({ network: 1, mobile_number: '08031234567', amount: 100 });
      expect(bought.status).toBe(200);

      const reads: [TestUser, string, RegExp][] = [
        [customer, '/transaction', /transaction_daily_totals|from transactions/],
        [customer, '/transaction/statement.csv', /from "?transactions"?/],
        [admin, '/admin', /./],
        [admin, '/admin/salesChart', /transaction_closed_day_totals|transaction_daily_totals/],
        [admin, '/admin/users.csv', /./],
      ];
      for (const [user, path, pattern] of reads) {
        const before = await replicaLast();
        const res = await get(user, path);
        expect(res.status, path).toBe(200);
        const after = await replicaLast();
        expect(after.started, path).not.toEqual(before.started);
        // Past the check of how far it has replayed: the report's own statements ran there.
        expect(after.query, path).not.toContain('pg_is_in_recovery');
        expect(after.query, path).toMatch(pattern);
      }
      // The history read there is current: the purchase just made is on it.
      const history = await get(customer, '/transaction');
      expect(
        (history.body as { transactions: { trans_Type: string }[] }).transactions.map(
          (row) => row.trans_Type,
        ),
      ).toContain('airtime');

      // A balance, a purchase and a transfer touch the replica not at all.
      const before = await replicaLast();
      expect((await get(customer, '/auth')).status).toBe(200);
      const again = await t
        .request()
        .post('/api/v1/buy/airtime')
        .set('x-auth-token', customer.token)
        .send({ network: 1, mobile_number: '08031234568', amount: 100 });
      expect(again.status).toBe(200);
      const sent = await t
        .request()
        .post('/api/v1/auth/transferFund')
        .set('x-auth-token', customer.token)
        .send({ userName: admin.userName, amount: 1 });
      expect(sent.status).toBe(200);
      // No statement began there since (its idle connection may have been closed meanwhile).
      const last = (await replicaLast()).started;
      expect(last === null || last.getTime() === before.started?.getTime()).toBe(true);
      expect(passedOver).toEqual([]);
    });

    it('passes over a replica it cannot reach: reports come from the primary, and for a while it is not asked', async () => {
      const unreachable = openPostgres('postgres://postgres@127.0.0.1:1/vendo', {
        poolSize: 1,
        connectTimeoutMs: 1000,
      });
      const why: string[] = [];
      const readDb = t.ctx.readDb;
      t.ctx.readDb = createReadDb(t.ctx.db, unreachable.db, {
        maxWaitMs: 200,
        onPassedOver: (reason) => why.push(reason),
      });
      try {
        const first = await get(customer, '/transaction');
        expect(first.status).toBe(200);
        expect((first.body as { noOfTransaction: number }).noOfTransaction).toBeGreaterThan(0);
        expect(why).toHaveLength(1);
        expect(why[0]).toContain('could not be asked');
        expect((await get(admin, '/admin')).status).toBe(200);
        expect(why).toHaveLength(1);
      } finally {
        t.ctx.readDb = readDb;
        await unreachable.close();
      }
    });
  },
);

describe.skipIf(!ON_POSTGRES)(
  `DATABASE_PREPARED_STATEMENTS${ON_POSTGRES ? '' : ' (skipped: PostgreSQL only)'}`,
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    /** The statements prepared under a name on a one-connection pool, after a session check. */
    const namedAfterSessionCheck = async (preparedStatements: boolean) => {
      const database = openPostgres(t.databaseUrl, { poolSize: 1, preparedStatements });
      try {
        const user = await createUser(t.ctx);
        const found = await findSessionUser(database.db, user.id, null);
        expect(found?.id).toBe(user.id);
        const { rows } = await (database.db as unknown as { $client: pg.Pool }).$client.query<{
          name: string;
        }>('select name from pg_prepared_statements');
        return rows.map((r) => r.name);
      } finally {
        await database.close();
      }
    };

    it('on: the session check is a named statement; off: none is left on the connection', async () => {
      expect(await namedAfterSessionCheck(true)).toEqual(['session_user']);
      expect(await namedAfterSessionCheck(false)).toEqual([]);
    });
  },
);
