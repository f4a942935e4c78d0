import bcrypt from 'bcryptjs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.ts';
import {
  PLAN_KEYS,
  UUID,
  expectNoSecrets,
  profile,
  signupForm,
  t,
  useAuthTestApp,
  userRow,
} from './auth.test-helpers.ts';

useAuthTestApp();

describe('POST /api/v1/auth/register', () => {
  it('creates a smart earner, signs them in and answers user, token, plans, transactions and flags', async () => {
    const form = signupForm();
    const res = await t.request().post('/api/v1/auth/register').send(form);

    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'isAdmin',
        'isCouponVendor',
        'notification',
        'subscriptionPlans',
        'token',
        'transactions',
        'user',
      ].sort(),
    );
    expect(res.body.user).toMatchObject({
      userName: form.userName,
      email: form.email.toLowerCase(),
      phoneNumber: form.phoneNumber,
      balance: 0,
      earningBalance: 0,
      userType: 'smart earner',
      referredBy: null,
      nin: null,
      bvn: null,
      isAdmin: false,
      isAgent: false,
      isCouponVendor: false,
    });
    expect(res.body.user._id).toMatch(UUID);
    expect(res.body.isAdmin).toBe(false);
    expect(res.body.isCouponVendor).toBe(false);
    expect(res.body.transactions).toEqual([]);
    expect(Object.keys(res.body.subscriptionPlans).sort()).toEqual([...PLAN_KEYS].sort());
    for (const key of PLAN_KEYS) expect(res.body.subscriptionPlans[key].length).toBeGreaterThan(0);

    const row = await userRow(res.body.user._id);
    expect(await bcrypt.compare(form.password, row.passwordHash)).toBe(true);
    expectNoSecrets(res.body, [row.passwordHash, form.password]);

    const me = await profile(res.body.token);
    expect(me.status).toBe(200);
    expect(me.body.user._id).toBe(res.body.user._id);
  });

  it('trims the fields and keeps the e-mail in lower case', async () => {
    const form = signupForm();
    const res = await t
      .request()
      .post('/api/v1/auth/register')
      .send({
        ...form,
        userName: `  ${form.userName} `,
        email: ` ${form.email.toUpperCase()} `,
        phoneNumber: ` ${form.phoneNumber} `,
      });

    expect(res.status).toBe(201);
    const row = await userRow(res.body.user._id);
    expect(row.userName).toBe(form.userName);
    expect(row.email).toBe(form.email.toLowerCase());
    expect(row.phoneNumber).toBe(form.phoneNumber);
  });

  it.each([
    ['the e-mail is missing', { email: undefined }, 'Enter an your email'],
    ['the e-mail is blank', { email: '   ' }, 'Enter an your email'],
    ['the e-mail is not an address', { email: 'ada.example.test' }, 'Enter a valid email'],
    [
      'the phone number has 10 digits',
      { phoneNumber: '0803123456' },
      'Please check the phone number entered',
    ],
    [
      'the phone number has 12 digits',
      { phoneNumber: '080312345678' },
      'Please check the phone number entered',
    ],
    [
      'the phone number has a letter',
      { phoneNumber: '0803123456a' },
      'Please check the phone number entered',
    ],
    ['the passwords differ', { passwordCheck: 'Opensesame2' }, 'Enter the same password twice'],
    [
      'the password is short',
      { password: 'abc12', passwordCheck: 'abc12' },
      'Password must be at least 6 characters',
    ],
    ['the user name is missing', { userName: undefined }, 'All fields are required'],
    ['the password is missing', { password: undefined }, 'All fields are required'],
    ['the password check is missing', { passwordCheck: undefined }, 'All fields are required'],
    ['the phone number is missing', { phoneNumber: undefined }, 'All fields are required'],
    [
      'the user name has a space',
      { userName: 'ada lovelace' },
      'Username must be 3 to 20 letters, digits or underscores',
    ],
  ])('answers 400 and creates nobody when %s', async (_case, overrides, msg) => {
    const form = signupForm(overrides);
    const res = await t.request().post('/api/v1/auth/register').send(form);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg, code: 'VALIDATION_ERROR' });
    const [{ count }] = (await queryRows<{ count: string | number }>(
      t.ctx.db,
      sql`select count(*) as count from users where phone_number = ${String(form.phoneNumber ?? '')}
          or lower(email) = ${String(form.email ?? '')
            .trim()
            .toLowerCase()}`,
    )) as [{ count: string | number }];
    expect(Number(count)).toBe(0);
  });

  it('answers 409 Username already exists for a taken user name in any case', async () => {
    const first = signupForm();
    expect((await t.request().post('/api/v1/auth/register').send(first)).status).toBe(201);

    const res = await t
      .request()
      .post('/api/v1/auth/register')
      .send(signupForm({ userName: first.userName.toUpperCase() }));

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ msg: 'Username already exists', code: 'CONFLICT' });
  });

  it('answers 409 Email already exists for a taken e-mail in any case', async () => {
    const first = signupForm();
    expect((await t.request().post('/api/v1/auth/register').send(first)).status).toBe(201);

    const res = await t
      .request()
      .post('/api/v1/auth/register')
      .send(signupForm({ email: first.email.toUpperCase() }));

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ msg: 'Email already exists', code: 'CONFLICT' });
  });

  it('answers 409 Phone number already exists for a taken phone number', async () => {
    const first = signupForm();
    expect((await t.request().post('/api/v1/auth/register').send(first)).status).toBe(201);

    const res = await t
      .request()
      .post('/api/v1/auth/register')
      .send(signupForm({ phoneNumber: first.phoneNumber }));

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ msg: 'Phone number already exists', code: 'CONFLICT' });
  });

  it('lets exactly one of two simultaneous sign-ups with one user name through', async () => {
    const a = signupForm();
    const b = signupForm({ userName: a.userName.toLowerCase() });

    const results = await Promise.all([
      t.request().post('/api/v1/auth/register').send(a),
      t.request().post('/api/v1/auth/register').send(b),
    ]);

    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.msg).toBe('Username already exists');
    const [{ count }] = (await queryRows<{ count: string | number }>(
      t.ctx.db,
      sql`select count(*) as count from users where lower(user_name) = ${a.userName.toLowerCase()}`,
    )) as [{ count: string | number }];
    expect(Number(count)).toBe(1);
    expect(await t.ledgerViolations()).toEqual([]);
  });
});
