import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUserType } from '@vendo/shared/constants';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { findSecretLeaks } from '../../../test/helpers/secrets.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { users } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const USER_KEYS = [
  '_id',
  'userName',
  'email',
  'phoneNumber',
  'balance',
  'earningBalance',
  'userType',
  'fullName',
  'referredBy',
  'webhookUrl',
  'nin',
  'bvn',
  'accountNumbers',
  'reservedAccountNo3',
  'isAdmin',
  'isAgent',
  'isCouponVendor',
  'lastLogin',
  'createdAt',
].sort();

type ListedUser = {
  _id: string;
  userName: string;
  phoneNumber: string;
  userType: string;
  balance: number;
};

const list = (
  token: string | undefined,
  query: Record<string, string | number | string[]> = {},
) => {
  const req = t.request().get('/api/v1/admin/users').query(query);
  return token === undefined ? req : req.set('x-auth-token', token);
};

let seq = 0;
/** A tag no other test's user names or phone numbers contain, to filter by. */
const uniqueTag = () => {
  seq += 1;
  return {
    name: `q${seq}${Math.random().toString(36).slice(2, 6)}`,
    // Factory phones start 080; these start 09 and carry this test's own digits.
    phone: `09${String(seq).padStart(2, '0')}${String(Math.floor(Math.random() * 1e3)).padStart(3, '0')}`,
  };
};

const staff = {
  admin: () => createUser(t.ctx, { isAdmin: true }),
  agent: () => createUser(t.ctx, { isAgent: true }),
};

describe('GET /api/v1/admin/users', () => {
  it('answers 401 without a token or with a token that is not valid', async () => {
    const none = await list(undefined);
    const garbage = await list('garbage');

    expect(none.status).toBe(401);
    expect(none.body.code).toBe('UNAUTHENTICATED');
    expect(garbage.status).toBe(401);
    expect(garbage.body.code).toBe('UNAUTHENTICATED');
  });

  it.each<[string, Parameters<typeof createUser>[1]]>([
    ['a smart earner', { userType: 'smart earner' }],
    ['a reseller', { userType: 'reseller' }],
    ['an api user', { userType: 'api user' }],
    ['a coupon vendor', { isCouponVendor: true }],
  ])('answers 403 FORBIDDEN to %s', async (_who, options) => {
    const user = await createUser(t.ctx, options);
    const res = await list(user.token);

    expect(res.status).toBe(403);
    expect(res.body).toEqual({ msg: expect.any(String), code: 'FORBIDDEN' });
    expect(res.body).not.toHaveProperty('users');
  });

  it("stops answering a staff member's token once they change their password", async () => {
    const admin = await staff.admin();
    const changed = await t
      .request()
      .post('/api/v1/auth/changepassword')
      .set('x-auth-token', admin.token)
      .send({
        oldPassword: admin.password,
        newPassword: 'Staff#New1',
        newPasswordCheck: 'Staff#New1',
      });

    expect((await list(admin.token)).status).toBe(401);
    expect((await list(changed.body.token)).status).toBe(200);
  });

  it.each([
    ['an agent', staff.agent],
    ['an admin', staff.admin],
  ])('answers %s the user list with totals', async (_who, makeStaff) => {
    const member = await makeStaff();
    const res = await list(member.token);

    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'totalBalance',
      'totalPages',
      'totalUsers',
      'users',
    ]);
    const count = await t.ctx.db.$count(users);
    expect(res.body.totalUsers).toBe(count);
    expect(res.body.totalPages).toBe(Math.max(1, Math.ceil(count / 20)));
    expect(res.body.users.length).toBe(Math.min(20, count));
    for (const user of res.body.users) expect(Object.keys(user).sort()).toEqual(USER_KEYS);
  });

  it('filters by user name, partially and case-insensitively, and totals only the matches', async () => {
    const agent = await staff.agent();
    const tag = uniqueTag();
    const mine = [
      await createUser(t.ctx, { userName: `${tag.name}_ada`, balanceKobo: 100_050 }),
      await createUser(t.ctx, { userName: `Ola_${tag.name.toUpperCase()}`, balanceKobo: 25_000 }),
      await createUser(t.ctx, { userName: `x${tag.name}x` }),
    ];
    await createUser(t.ctx, { balanceKobo: 999_900 });

    const res = await list(agent.token, { userName: tag.name.slice(1).toUpperCase() });

    expect(res.status).toBe(200);
    expect(res.body.users.map((u: ListedUser) => u._id).sort()).toEqual(
      mine.map((u) => u.id).sort(),
    );
    expect(res.body.totalUsers).toBe(3);
    expect(res.body.totalPages).toBe(1);
    expect(res.body.totalBalance).toBe(1250.5);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('treats % and _ in the user name filter as plain characters', async () => {
    const admin = await staff.admin();
    const tag = uniqueTag();
    const underscored = await createUser(t.ctx, { userName: `${tag.name}_z` });
    await createUser(t.ctx, { userName: `${tag.name}az` });

    const underscore = await list(admin.token, { userName: `${tag.name}_z` });
    const percent = await list(admin.token, { userName: `${tag.name}%` });

    expect(underscore.body.users.map((u: ListedUser) => u._id)).toEqual([underscored.id]);
    expect(percent.status).toBe(200);
    expect(percent.body.users).toEqual([]);
    expect(percent.body.totalUsers).toBe(0);
    expect(percent.body.totalBalance).toBe(0);
  });

  it('filters by phone number, partially', async () => {
    const agent = await staff.agent();
    const tag = uniqueTag();
    const mine = [
      await createUser(t.ctx, { phoneNumber: `${tag.phone}0001`, balanceKobo: 10_000 }),
      await createUser(t.ctx, { phoneNumber: `${tag.phone}0002`, balanceKobo: 20_000 }),
    ];

    const res = await list(agent.token, { phoneNumber: tag.phone.slice(1) });

    expect(res.status).toBe(200);
    expect(res.body.users.map((u: ListedUser) => u.phoneNumber).sort()).toEqual([
      `${tag.phone}0001`,
      `${tag.phone}0002`,
    ]);
    expect(res.body.users.map((u: ListedUser) => u._id).sort()).toEqual(
      mine.map((u) => u.id).sort(),
    );
    expect(res.body.totalUsers).toBe(2);
    expect(res.body.totalBalance).toBe(300);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('filters by user type, "all" meaning every type, combined with the other filters', async () => {
    const admin = await staff.admin();
    const tag = uniqueTag();
    const make = (userType: TUserType, n: number) =>
      createUser(t.ctx, { userType, userName: `${tag.name}_${n}`, balanceKobo: 1_000 * n });
    const [earner, reseller1, reseller2, api] = [
      await make('smart earner', 1),
      await make('reseller', 2),
      await make('reseller', 3),
      await make('api user', 4),
    ];
    const ids = (res: { body: { users: ListedUser[] } }) => res.body.users.map((u) => u._id).sort();

    const resellers = await list(admin.token, { userName: tag.name, type: 'reseller' });
    const earners = await list(admin.token, { userName: tag.name, type: 'smart earner' });
    const apis = await list(admin.token, { userName: tag.name, type: 'api user' });
    const all = await list(admin.token, { userName: tag.name, type: 'all' });

    expect(ids(resellers)).toEqual([reseller1!.id, reseller2!.id].sort());
    expect(resellers.body.users.every((u: ListedUser) => u.userType === 'reseller')).toBe(true);
    expect(resellers.body.totalUsers).toBe(2);
    expect(resellers.body.totalBalance).toBe(50);
    expect(ids(earners)).toEqual([earner!.id]);
    expect(ids(apis)).toEqual([api!.id]);
    expect(ids(all)).toEqual([earner, reseller1, reseller2, api].map((u) => u!.id).sort());
    expect(all.body.totalBalance).toBe(100);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('pages by 20, newest first, every user on exactly one page', async () => {
    const agent = await staff.agent();
    const tag = uniqueTag();
    const created: TestUser[] = [];
    for (let i = 0; i < 25; i += 1)
      created.push(await createUser(t.ctx, { userName: `${tag.name}_${i}` }));

    const page1 = await list(agent.token, { userName: tag.name });
    const page2 = await list(agent.token, { userName: tag.name, page: 2 });
    const page3 = await list(agent.token, { userName: tag.name, page: 3 });

    expect(page1.body.users).toHaveLength(20);
    expect(page2.body.users).toHaveLength(5);
    expect(page3.status).toBe(200);
    expect(page3.body.users).toEqual([]);
    for (const page of [page1, page2, page3]) {
      expect(page.body.totalUsers).toBe(25);
      expect(page.body.totalPages).toBe(2);
    }
    const seen = [...page1.body.users, ...page2.body.users].map((u: ListedUser) => u._id);
    expect(new Set(seen).size).toBe(25);
    expect(seen.sort()).toEqual(created.map((u) => u.id).sort());
    expect(page1.body.users[0]._id).toBe(created[24]!.id);
    expect(page2.body.users[4]._id).toBe(created[0]!.id);
  });

  it.each([
    ['page 0', { page: 0 }],
    ['a page that is not a number', { page: 'two' }],
    ['a negative page', { page: -1 }],
    ['a repeated user name filter', { userName: ['ada', 'ola'] }],
    ['a user name filter over 60 characters', { userName: 'a'.repeat(61) }],
    ['a NUL byte in the user name filter', { userName: 'ada\u0000' }],
    ['a NUL byte in the phone filter', { phoneNumber: '080\u0000' }],
  ])('answers 400, not 500, to %s', async (_case, query) => {
    const admin = await staff.admin();
    const res = await list(admin.token, query);

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('shows no password hash, token, API token or full NIN/BVN of any listed user', async () => {
    const admin = await staff.admin();
    const tag = uniqueTag();
    const listed = [
      await createUser(t.ctx, { userName: `${tag.name}_a`, balanceKobo: 5_000 }),
      await createUser(t.ctx, { userName: `${tag.name}_b`, isAgent: true }),
    ];
    await t.ctx.db
      .update(users)
      .set({ ninLast4: '8901', bvnLast4: '2345', apiTokenHash: 'f'.repeat(64), tokenVersion: 3 })
      .where(
        inArray(
          users.id,
          listed.map((u) => u.id),
        ),
      );
    const hashes = (await t.ctx.db.select({ hash: users.passwordHash }).from(users)).map(
      (r) => r.hash,
    );

    const res = await list(admin.token, { userName: tag.name });

    expect(res.status).toBe(200);
    expect(res.body.users).toHaveLength(2);
    expect(
      findSecretLeaks(res.body, [
        ...hashes,
        'f'.repeat(64),
        ...listed.map((u) => u.password),
        ...listed.map((u) => u.token),
      ]),
    ).toEqual([]);
    for (const user of res.body.users) {
      expect(Object.keys(user).sort()).toEqual(USER_KEYS);
      expect(user.nin).toBe('*******8901');
      expect(user.bvn).toBe('*******2345');
    }
    const whole = await list(admin.token);
    expect(findSecretLeaks(whole.body, hashes)).toEqual([]);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, listed[0]!.id));
    expect(JSON.stringify(res.body)).not.toContain(row!.passwordHash);
    expect(await t.ledgerViolations()).toEqual([]);
  });
});
