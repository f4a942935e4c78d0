import bcrypt from 'bcryptjs';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/user.factory.ts';
import { journals, ledgerAccounts, postings } from '../../db/schema/index.ts';
import { signupForm, t, useAuthTestApp, userRow } from './auth.test-helpers.ts';

useAuthTestApp();

describe('POST /api/v1/auth/register', () => {
  it('records the referrer named in /register/{referralId}, whatever its case', async () => {
    const referrer = await createUser(t.ctx);
    const res = await t
      .request()
      .post('/api/v1/auth/register')
      .send(signupForm({ referredBy: referrer.userName.toUpperCase() }));

    expect(res.status).toBe(201);
    expect(res.body.user.referredBy).toBe(referrer.userName);
    expect((await userRow(res.body.user._id)).referredById).toBe(referrer.id);
  });

  it('ignores an unknown referrer and a self-referral', async () => {
    const unknown = await t
      .request()
      .post('/api/v1/auth/register')
      .send(signupForm({ referredBy: 'nobody_by_that_name' }));
    const selfForm = signupForm();
    const self = await t
      .request()
      .post('/api/v1/auth/register')
      .send({ ...selfForm, referredBy: selfForm.userName });

    expect(unknown.status).toBe(201);
    expect(unknown.body.user.referredBy).toBeNull();
    expect(self.status).toBe(201);
    expect(self.body.user.referredBy).toBeNull();
  });

  it('answers a referrer name with a NUL byte without a 500', async () => {
    const res = await t
      .request()
      .post('/api/v1/auth/register')
      .send(signupForm({ referredBy: 'ada\u0000' }));

    expect([201, 400]).toContain(res.status);
  });

  it('ignores balance, tier, role flags and every other server-side field sent at sign-up', async () => {
    const someone = await createUser(t.ctx);
    const forgedId = '00000000-0000-4000-8000-000000000001';
    const form = signupForm();
    const res = await t
      .request()
      .post('/api/v1/auth/register')
      .send({
        ...form,
        balance: 1_000_000,
        balanceKobo: 100_000_000,
        earningBalance: 50_000,
        userType: 'api user',
        isAdmin: true,
        isAgent: true,
        isCouponVendor: true,
        tokenVersion: 42,
        referredById: someone.id,
        _id: forgedId,
        id: forgedId,
        passwordHash: '$2a$04$abcdefghijklmnopqrstuuWb8z6lKj2Wf1m8h0Q1vYw6cQ2b5iSxe',
        apiToken: 'forged-api-token',
        apiTokenHash: 'forged',
        nin: '12345678901',
        bvn: '22345678901',
        ninLast4: '8901',
        webhookUrl: 'http://evil.test/hook',
        webhookSecretEncrypted: 'v1.forged',
        webhookSecretHint: 'abcd',
        accountNumbers: [{ bankName: 'Evil Bank', accountNumber: '0123456789' }],
        reservedAccountNo3: '9999999999',
        lastLogin: '2000-01-01T00:00:00.000Z',
        createdAt: '2000-01-01T00:00:00.000Z',
      });

    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      balance: 0,
      earningBalance: 0,
      userType: 'smart earner',
      isAdmin: false,
      isAgent: false,
      isCouponVendor: false,
      referredBy: null,
      webhookUrl: null,
      nin: null,
      bvn: null,
      accountNumbers: [],
      reservedAccountNo3: null,
    });
    expect(res.body.isAdmin).toBe(false);
    expect(res.body.isCouponVendor).toBe(false);
    expect(res.body.user._id).not.toBe(forgedId);

    const row = await userRow(res.body.user._id);
    expect(row).toMatchObject({
      userType: 'smart earner',
      isAdmin: false,
      isAgent: false,
      isCouponVendor: false,
      tokenVersion: 0,
      referredById: null,
      apiTokenHash: null,
      ninLast4: null,
      bvnLast4: null,
      webhookUrl: null,
      webhookSecretEncrypted: null,
      webhookSecretHint: null,
      reservedAccountNo3: null,
      accountNumbers: [],
    });
    expect(await bcrypt.compare(form.password, row.passwordHash)).toBe(true);
    expect(row.createdAt.getFullYear()).toBeGreaterThan(2000);

    const wallets = await t.ctx.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, row.id));
    expect(wallets.map((w) => [w.kind, w.balanceKobo]).sort()).toEqual([
      ['user_earnings', 0],
      ['user_main', 0],
    ]);
    const touching = await t.ctx.db
      .select({ journal: journals.id })
      .from(postings)
      .innerJoin(journals, eq(journals.id, postings.journalId))
      .where(
        inArray(
          postings.accountId,
          wallets.map((w) => w.id),
        ),
      );
    expect(touching).toEqual([]);

    // No role was granted: a staff route still refuses them.
    const admin = await t.request().get('/api/v1/admin/users').set('x-auth-token', res.body.token);
    expect(admin.status).toBe(403);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('never writes referredBy, tier, roles or balance sent later with another call', async () => {
    const referrer = await createUser(t.ctx);
    const reg = await t.request().post('/api/v1/auth/register').send(signupForm());
    const sneaky = {
      referredBy: referrer.userName,
      referredById: referrer.id,
      userType: 'api user',
      isAdmin: true,
      isAgent: true,
      balance: 5000,
    };

    const changed = await t
      .request()
      .post('/api/v1/auth/changepassword')
      .set('x-auth-token', reg.body.token)
      .send({
        oldPassword: 'Opensesame1',
        newPassword: 'Opensesame2',
        newPasswordCheck: 'Opensesame2',
        ...sneaky,
      });
    const again = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: reg.body.user.userName, password: 'Opensesame2', ...sneaky });

    expect(changed.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.user).toMatchObject({
      referredBy: null,
      userType: 'smart earner',
      isAdmin: false,
      isAgent: false,
      balance: 0,
    });
    const row = await userRow(reg.body.user._id);
    expect(row).toMatchObject({
      referredById: null,
      userType: 'smart earner',
      isAdmin: false,
      isAgent: false,
    });
    expect(await t.ledgerViolations()).toEqual([]);
  });
});
