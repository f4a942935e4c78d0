import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { findSecretLeaks } from '../../../test/helpers/secrets.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { queryRows } from '../../db/query.ts';
import { auditLog, sandboxMails, users } from '../../db/schema/index.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { staffUserConditions, staffUserTotalsQuery } from './admin-users.repository.ts';

let t: TestApp;
let admin: TestUser;
let agent: TestUser;
let customers: Record<'smart earner' | 'reseller' | 'api user', TestUser>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.ctx, { isAdmin: true, balanceKobo: 1_000_00 });
  agent = await createUser(t.ctx, { isAgent: true });
  customers = {
    'smart earner': await createUser(t.ctx),
    reseller: await createUser(t.ctx, { userType: 'reseller' }),
    'api user': await createUser(t.ctx, { userType: 'api user' }),
  };
});
afterAll(async () => {
  await t.close();
});

const as = (user: TestUser) => ({
  get: (path: string) => t.request().get(`/api/v1/admin${path}`).set('x-auth-token', user.token),
  post: (path: string, body: object) =>
    t.request().post(`/api/v1/admin${path}`).set('x-auth-token', user.token).send(body),
});

const auditOf = (targetId: string, action: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));

describe('admin-only routes refuse every other role, and change nothing', () => {
  it('answers 403 to customers of every tier and to agents', async () => {
    const target = await createUser(t.ctx);
    for (const user of [...Object.values(customers), agent]) {
      const calls = [
        as(user).get('/'),
        as(user).get(`/upgradeUser/${target.id}/reseller`),
        as(user).post('/resetUserPassword', { userId: target.id }),
        as(user).post('/roles', { userId: target.id, role: 'agent', enabled: true }),
        as(user).get('/audit'),
      ];
      for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ userType: 'smart earner', isAgent: false, tokenVersion: 0 });
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, target.id))).toEqual(
      [],
    );
  });

  it('lets agents read the user list and a user, but not customers', async () => {
    const target = await createUser(t.ctx);
    expect((await as(agent).get(`/users/${target.id}`)).body.user.userName).toBe(target.userName);
    expect((await as(customers.reseller).get(`/users/${target.id}`)).status).toBe(403);
    expect((await as(agent).get('/users/not-a-user')).status).toBe(404);
  });
});

describe('GET /admin/', () => {
  it("answers the figures as numbers, the total balance without the admin's own", async () => {
    const res = await as(admin).get('/');
    expect(res.status).toBe(200);
    expect(res.body.admin.userName).toBe(admin.userName);
    const [{ total }] = (await queryRows<{ total: string | number }>(
      t.ctx.db,
      sql`select coalesce(sum(balance_kobo), 0) as total from ledger_accounts where kind = 'user_main'`,
    )) as [{ total: string | number }];
    const adminKobo = await getWalletBalanceKobo(t.ctx.db, admin.id);
    expect(res.body.totalBalance).toBe((Number(total) - adminKobo) / 100);
    for (const key of [
      'totalUsers',
      'totalTransactions',
      'pendingPurchases',
      'escalatedPurchases',
    ]) {
      expect(typeof res.body[key]).toBe('number');
    }
    expect(res.body.today).toEqual({
      sales: expect.any(Number),
      profit: expect.any(Number),
      purchases: expect.any(Number),
    });
    expect(res.body.services.map((s: { serviceName: string }) => s.serviceName)).toContain('data');
    expect(findSecretLeaks(res.body)).toEqual([]);
  });
});

describe('GET /admin/upgradeUser/{userId}/{userType}', () => {
  it('moves a user through the tiers with no charge, each change audited', async () => {
    const target = await createUser(t.ctx, { balanceKobo: 500_00 });
    for (const tier of ['reseller', 'api user', 'smart earner', 'reseller']) {
      const res = await as(admin).get(`/upgradeUser/${target.id}/${encodeURIComponent(tier)}`);
      expect(res.status).toBe(200);
      expect(res.body.user.userType).toBe(tier);
      // 'now an api user', 'now a reseller'
      expect(res.body.msg).toBe(
        `${target.userName} is now ${tier === 'api user' ? 'an' : 'a'} ${tier}`,
      );
    }
    expect(await getWalletBalanceKobo(t.ctx.db, target.id)).toBe(500_00);
    const audit = await auditOf(target.id, 'user.tier');
    expect(audit).toHaveLength(4);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      before: { userType: 'smart earner' },
      after: { userType: 'reseller' },
    });
  });

  it('answers 400 for an unknown type and 404 for an unknown user', async () => {
    const target = await createUser(t.ctx);
    const bad = await as(admin).get(`/upgradeUser/${target.id}/superuser`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Unknown user type');
    const missing = await as(admin).get(
      '/upgradeUser/00000000-0000-4000-8000-000000000000/reseller',
    );
    expect(missing.status).toBe(404);
  });
});

describe('POST /admin/roles', () => {
  it('makes a user an agent, who can then open the user list, and takes it back', async () => {
    const target = await createUser(t.ctx);
    expect((await as(target).get('/users')).status).toBe(403);
    const res = await as(admin).post('/roles', { userId: target.id, role: 'agent', enabled: true });
    expect(res.status).toBe(200);
    expect(res.body.user.isAgent).toBe(true);
    expect((await as(target).get('/users')).status).toBe(200);
    await as(admin).post('/roles', { userId: target.id, role: 'agent', enabled: false });
    expect((await as(target).get('/users')).status).toBe(403);
    expect(await auditOf(target.id, 'user.role.agent')).toHaveLength(2);
  });

  it('answers 400 for an unknown role', async () => {
    const res = await as(admin).post('/roles', { userId: admin.id, role: 'admin', enabled: true });
    expect(res.status).toBe(400);
  });
});

describe('POST /admin/resetUserPassword', () => {
  it('mails a single-use link, ends the sessions and never sets a password', async () => {
    const target = await createUser(t.ctx);
    const [before] = await t.ctx.db.select().from(users).where(eq(users.id, target.id));
    const res = await as(admin).post('/resetUserPassword', { userId: target.id });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/password"\s*:/i);
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect((await t.request().get('/api/v1/auth').set('x-auth-token', target.token)).status).toBe(
      401,
    );
    expect(await auditOf(target.id, 'user.password_reset')).toHaveLength(1);

    let mail: { text: string } | undefined;
    for (let i = 0; i < 50 && !mail; i += 1) {
      [mail] = await t.ctx.db.select().from(sandboxMails).where(eq(sandboxMails.to, target.email));
      if (!mail) await new Promise((r) => setTimeout(r, 50));
    }
    const match = /\/passwordReset\/([0-9a-f]{64})\/([0-9a-f-]{36})/.exec(mail!.text);
    expect(match?.[2]).toBe(target.id);
    const reset = await t.request().post('/api/v1/auth/resetpassword').send({
      token: match![1],
      userId: target.id,
      newPassword: 'Fresh#2026pass',
      newPasswordCheck: 'Fresh#2026pass',
    });
    expect(reset.status).toBe(200);
  });
});

describe('GET /admin/audit', () => {
  it('filters by actor and action, newest first; a malformed date is a 400', async () => {
    const target = await createUser(t.ctx);
    await as(admin).get(`/upgradeUser/${target.id}/reseller`);
    const res = await as(admin).get(
      `/audit?actor=${admin.userName}&action=user.tier&targetId=${target.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.entries[0]).toMatchObject({
      actor: admin.userName,
      action: 'user.tier',
      targetType: 'user',
      targetId: target.id,
    });
    // The filter's days are Lagos days (UTC+1): between 23:00 and midnight UTC it is already
    // tomorrow there.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    const dated = await as(admin).get(`/audit?from=2000-01-01&to=${today}&targetId=${target.id}`);
    expect(dated.body.total).toBe(1);
    expect((await as(admin).get('/audit?from=yesterday')).status).toBe(400);
    expect((await as(admin).get('/audit?page=0')).status).toBe(400);
  });
});

describe('GET /admin/users', () => {
  it('answers 400 for an unknown user type instead of ignoring it', async () => {
    const res = await as(admin).get('/users?type=superuser');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Unknown user type');
  });
});

// Decision 0023. The list's totals (count and sum of main wallets) must not read the wallets'
// table, which holds both kinds of wallet: at 100,000 users that scan alone was most of a
// call's 30 ms. With sequential scans ruled out, each form of the query must find a plan that
// reads the partial index (user_id, balance_kobo) alone.
describe('the user list totals', () => {
  it('are read from the main-wallet balance index, never the wallet table', async () => {
    const plans = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const out: string[] = [];
      for (const filter of [{}, { userType: 'reseller' }, { phoneNumber: '0805' }]) {
        const result = (await tx.execute(
          sql`explain ${staffUserTotalsQuery(staffUserConditions(filter))}`,
        )) as unknown as { rows: Record<string, string>[] };
        out.push(result.rows.map((r) => Object.values(r)[0]).join('\n'));
      }
      return out;
    });
    for (const plan of plans) {
      expect(plan).toMatch(/Index Only Scan using ledger_accounts_user_main_balance_idx/);
      expect(plan).not.toMatch(/Scan on ledger_accounts\b/);
    }
  });

  it('count and sum the main wallets of the users a filter picks', async () => {
    const [all] = await queryRows<{ n: string | number; kobo: string | number }>(
      t.ctx.db,
      sql`select count(*) as n, coalesce(sum(a.balance_kobo), 0) as kobo from users u
          join ledger_accounts a on a.user_id = u.id and a.kind = 'user_main'
          where u.user_type = 'reseller'`,
    );
    const res = await as(admin).get('/users?type=reseller');
    expect(res.status).toBe(200);
    expect(res.body.totalUsers).toBe(Number(all!.n));
    expect(Math.round(res.body.totalBalance * 100)).toBe(Number(all!.kobo));
    expect(res.body.totalUsers).toBeGreaterThan(0);
  });
});
