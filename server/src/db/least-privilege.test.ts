import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { deleteStaleLoginThrottles } from '../modules/auth/login-throttle.ts';
import { kickMailOutbox } from '../modules/auth/reset-mail.ts';
import { pruneMailOutbox } from '../modules/mail/mail-outbox.ts';
import { runLedgerCheck } from '../modules/ledger/ledger-check.service.ts';
import { foldAllHistoryTotals } from '../modules/transactions/history-fold.ts';
import { openConfiguredDatabase } from './client.ts';

/**
 * Least privilege: the app connects as a role that reads and writes rows but owns nothing, so
 * it cannot alter a table, disable the ledger's triggers or rewrite journals and postings. The
 * role gets its grants from the start path (migrations as the owner, DATABASE_MIGRATION_URL,
 * then vendo_grant_app_role for DATABASE_URL's role). PostgreSQL only: PGlite is one embedded
 * database with a single user, and roles are the server's. Roles are cluster-wide, so each run
 * makes its own and drops it.
 */

const template = inject('dbTemplate');
const ON_POSTGRES = template.kind === 'pg';
const ROLE = `vendo_app_t_${randomBytes(4).toString('hex')}`;

/** PostgreSQL's insufficient_privilege. */
const DENIED = '42501';

const superuser = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({
    connectionString: template.kind === 'pg' ? template.adminUrl : '',
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

let t: TestApp;
let asApp: pg.Client;

describe.skipIf(!ON_POSTGRES)(
  'the app as a least-privilege role (PostgreSQL only: PGlite has no roles)',
  () => {
    beforeAll(async () => {
      await superuser((c) => c.query(`create role ${ROLE} login`));
      t = await createTestApp({}, { databaseRole: ROLE });
      asApp = new pg.Client({ connectionString: t.databaseUrl });
      await asApp.connect();
    });
    afterAll(async () => {
      await asApp?.end();
      await t?.close(); // drops the database, and with it every grant to the role
      await superuser((c) => c.query(`drop role if exists ${ROLE}`));
    });

    const buyData = (user: TestUser, phone: string) =>
      t
        .request()
        .post('/api/v1/buy/data')
        .set('x-auth-token', user.token)
        .set('Idempotency-Key', randomUUID())
        .send({ network: 1, mobile_number: phone, plan: '2', expectedAmount: 600 });

    it('can do nothing before the start path grants it anything', async () => {
      await expect(asApp.query('select count(*) from users')).rejects.toMatchObject({
        code: DENIED,
      });
    });

    it('gets its grants from the start path: migrations as the owner, then the grants', async () => {
      const start = await openConfiguredDatabase({
        databaseUrl: t.databaseUrl,
        databaseMigrationUrl: t.databaseOwnerUrl,
        databasePoolSize: 2,
        dataDir: '/nonexistent',
      });
      try {
        await start.migrate();
        // A second start grants again without harm (it runs at every start).
        await start.migrate();
      } finally {
        await start.close();
      }
      const { rows } = await asApp.query<{ current_user: string }>('select current_user');
      expect(rows[0]!.current_user).toBe(ROLE);
    });

    it('does the app’s work: purchases (delivered and refunded), history, readiness, the ledger check', async () => {
      const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
      const bought = await buyData(user, '08031234567');
      expect(bought.status).toBe(200);
      const refunded = await buyData(user, '08031230000');
      expect(refunded.status).toBe(400);
      expect(refunded.body.code).toBe('PURCHASE_FAILED');
      const history = await t.request().get('/api/v1/transaction').set('x-auth-token', user.token);
      expect(history.status).toBe(200);
      expect(history.body.noOfTransaction).toBeGreaterThanOrEqual(3);
      expect(await foldAllHistoryTotals(t.ctx.db, { maxBatches: 5 })).toBeGreaterThanOrEqual(0);
      const ready = await t.request().get('/readyz');
      expect(ready.body).toEqual({ status: 'ok', database: 'up', migrations: 'applied' });
      expect(await runLedgerCheck(t.ctx, { intervalSeconds: 0 })).toMatchObject({ ok: true });
      expect(await t.ledgerViolations()).toEqual([]);
    });

    it('signs out, counts failed logins and queues reset mail (the tables of migration 0027)', async () => {
      const user = await createUser(t.ctx);
      const login = (password: string) =>
        t.request().post('/api/v1/auth/login').send({ userName: user.userName, password });
      expect((await login('wrong-password')).status).toBe(401);
      const session = await login(user.password);
      expect(session.status).toBe(200);
      const out = await t
        .request()
        .post('/api/v1/auth/logout')
        .set('x-auth-token', session.body.token as string);
      expect(out.status).toBe(200);
      expect(
        (
          await t
            .request()
            .get('/api/v1/auth')
            .set('x-auth-token', session.body.token as string)
        ).status,
      ).toBe(401);
      expect(await deleteStaleLoginThrottles(t.ctx.db, { windowSeconds: 1, limit: 10 })).toBe(0);
      const reset = await t
        .request()
        .post('/api/v1/auth/requestPasswordReset')
        .send({ email: user.email });
      expect(reset.status).toBe(200);
      await kickMailOutbox(t.ctx);
      expect(await pruneMailOutbox(t.ctx.db)).toBe(0);
      // Sent by the kick after the answer (or the one above), as the app role.
      await expect
        .poll(async () => {
          const { rows } = await asApp.query<{ status: string }>(
            'select status from mail_outbox where user_id = $1',
            [user.id],
          );
          return rows;
        })
        .toEqual([{ status: 'sent' }]);
    });

    it.each([
      ['alter a table', 'alter table users add column sneaky int'],
      ['drop a table', 'drop table contacts'],
      ['create a table', 'create table sneaky (id int)'],
      [
        'disable the append-only trigger',
        'alter table postings disable trigger postings_append_only',
      ],
      ['disable every trigger of journals', 'alter table journals disable trigger all'],
      [
        'add a trigger',
        'create trigger sneaky before insert on users for each row execute function ledger_append_only()',
      ],
      ['update postings', 'update postings set amount_kobo = amount_kobo'],
      ['delete postings', 'delete from postings'],
      ['update journals', "update journals set memo = 'x'"],
      ['delete journals', 'delete from journals'],
      ['truncate postings', 'truncate postings'],
      ['truncate journals', 'truncate journals cascade'],
      ['truncate another table', 'truncate contacts'],
      ['skip triggers for the session', 'set session_replication_role = replica'],
      ['grant itself more', 'select vendo_grant_app_role(current_user)'],
    ])('may not %s (42501)', async (_what, statement) => {
      await expect(asApp.query(statement)).rejects.toMatchObject({ code: DENIED });
    });

    it('may still append to the ledger, which the purchases above did', async () => {
      const { rows } = await asApp.query<{ n: string }>('select count(*) as n from postings');
      expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    });
  },
);
