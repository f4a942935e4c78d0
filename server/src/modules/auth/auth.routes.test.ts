import { createHash } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/user.factory.ts';
import { findSecretLeaks } from '../../../test/helpers/secrets.ts';
import {
  decodeQuotedPrintable,
  startSmtpCatcher,
  type SmtpCatcher,
} from '../../../test/helpers/smtp-catcher.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createApp } from '../../app.ts';
import { queryRows } from '../../db/query.ts';
import {
  journals,
  ledgerAccounts,
  passwordResets,
  postings,
  rateLimits,
  sandboxMails,
  users,
} from '../../db/schema/index.ts';

// LOGIN_RATE_LIMIT 3 for the rate-limit tests; every other test signs in with its own user, so
// no other test comes near it. The reset limit is raised because every reset request in this
// file comes from the same address; the reset limit has its own app below.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '3', RESET_RATE_LIMIT: '100' });
});
afterAll(async () => {
  await t.close();
});

const PLAN_KEYS = ['MTN', 'GLO', 'AIRTEL', 'NMOBILE'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const RESET_LINK = /http:\/\/vendo\.test\/passwordReset\/([0-9a-f]{64})\/([0-9a-f-]{36})/;
const INVALID_RESET = {
  msg: 'This reset link is invalid or has expired',
  code: 'INVALID_RESET_TOKEN',
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

let seq = 0;
/** A valid sign-up form with a unique user name, e-mail and phone number. */
const signupForm = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  const userName = `Su_${seq}_${Math.random().toString(36).slice(2, 7)}`;
  return {
    userName,
    email: `${userName}@Example.test`,
    phoneNumber: `0815${String(seq).padStart(3, '0')}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`,
    password: 'Opensesame1',
    passwordCheck: 'Opensesame1',
    ...overrides,
  };
};

const userRow = async (id: string) => {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
};

const expectNoSecrets = (body: unknown, secrets: (string | null | undefined)[]) => {
  expect(findSecretLeaks(body, secrets)).toEqual([]);
};

const login = (userName: string, password: string, app: TestApp['app'] = t.app) =>
  supertest(app).post('/api/v1/auth/login').send({ userName, password });

const profile = (token: string) => t.request().get('/api/v1/auth').set('x-auth-token', token);

/** The newest sandbox mail to `to` with an id above `afterId`, polled (it is sent after the answer). */
const waitForSandboxMail = async (to: string, afterId = 0) => {
  for (let i = 0; i < 200; i += 1) {
    const [mail] = await t.ctx.db
      .select()
      .from(sandboxMails)
      .where(and(eq(sandboxMails.to, to), gt(sandboxMails.id, afterId)))
      .orderBy(desc(sandboxMails.id))
      .limit(1);
    if (mail) return mail;
    await sleep(25);
  }
  throw new Error(`no sandbox mail to ${to}`);
};

const lastSandboxMailId = async (to: string) => {
  const [mail] = await t.ctx.db
    .select({ id: sandboxMails.id })
    .from(sandboxMails)
    .where(eq(sandboxMails.to, to))
    .orderBy(desc(sandboxMails.id))
    .limit(1);
  return mail?.id ?? 0;
};

/** Asks for a reset link for `email` and reads it from the sandbox mailbox. */
const requestResetLink = async (email: string) => {
  const before = await lastSandboxMailId(email.toLowerCase());
  const res = await t.request().post('/api/v1/auth/requestPasswordReset').send({ email });
  expect(res.status).toBe(200);
  const mail = await waitForSandboxMail(email.toLowerCase(), before);
  const match = RESET_LINK.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return { token: match![1]!, userId: match![2]!, link: match![0], mail, res };
};

const resetPassword = (body: Record<string, unknown>) =>
  t.request().post('/api/v1/auth/resetpassword').send(body);

const unsignedToken = (claims: Record<string, unknown>) => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
};

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

describe('POST /api/v1/auth/login', () => {
  it('signs in by user name and answers user, token, plans, transactions and flags', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 250_050 });
    const res = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: user.userName, password: user.password });

    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      _id: user.id,
      userName: user.userName,
      balance: 2500.5,
      userType: 'smart earner',
    });
    expect(res.body.user.lastLogin).not.toBeNull();
    expect(Object.keys(res.body.subscriptionPlans).sort()).toEqual([...PLAN_KEYS].sort());
    expect(Array.isArray(res.body.transactions)).toBe(true);
    expect(res.body).toMatchObject({ isAdmin: false, isCouponVendor: false });
    expect(res.headers['cache-control']).toBe('no-store');
    expectNoSecrets(res.body, [(await userRow(user.id)).passwordHash, user.password]);
    expect((await profile(res.body.token)).status).toBe(200);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('signs in by user name in another case', async () => {
    const user = await createUser(t.ctx);
    const res = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: user.userName.toUpperCase(), password: user.password });

    expect(res.status).toBe(200);
    expect(res.body.user._id).toBe(user.id);
  });

  it('signs in by e-mail, in any case', async () => {
    const user = await createUser(t.ctx);
    const res = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: ` ${user.email.toUpperCase()} `, password: user.password });

    expect(res.status).toBe(200);
    expect(res.body.user._id).toBe(user.id);
  });

  it('signs in by business name when one account has it', async () => {
    const fullName = `Ada Data Hub ${Math.random().toString(36).slice(2, 8)}`;
    const user = await createUser(t.ctx, { fullName });
    const res = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: fullName.toLowerCase(), password: user.password });

    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ _id: user.id, fullName });
  });

  it('refuses a business name that two accounts share', async () => {
    const fullName = `Shared Name ${Math.random().toString(36).slice(2, 8)}`;
    const user = await createUser(t.ctx, { fullName });
    await createUser(t.ctx, { fullName, password: user.password });
    const res = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: fullName, password: user.password });

    expect(res.status).toBe(401);
    expect(res.body).toEqual({ msg: 'Invalid login details', code: 'INVALID_CREDENTIALS' });
  });

  it('answers the same 401 for a wrong password and for an unknown user', async () => {
    const user = await createUser(t.ctx);
    const wrong = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: user.userName, password: 'not-the-password' });
    const unknown = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: 'no_such_user_here', password: user.password });

    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ msg: 'Invalid login details', code: 'INVALID_CREDENTIALS' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect((await userRow(user.id)).lastLogin).toBeNull();
  });

  it.each([
    ['both fields are missing', {}],
    ['the password is missing', { userName: 'someone' }],
    ['the user name is missing', { password: 'Secret#123' }],
    ['the user name is blank', { userName: '   ', password: 'Secret#123' }],
    ['the password is empty', { userName: 'someone', password: '' }],
    ['a field is not a string', { userName: 12345, password: 'Secret#123' }],
  ])('answers 400 All field are required when %s', async (_case, body) => {
    const res = await t.request().post('/api/v1/auth/login').send(body);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'All field are required', code: 'VALIDATION_ERROR' });
  });

  it('answers 400, never 500, to a malformed JSON body or a body that is not JSON', async () => {
    const malformed = await t
      .request()
      .post('/api/v1/auth/login')
      .set('content-type', 'application/json')
      .send('{"userName": "ada", "password": ');
    const text = await t
      .request()
      .post('/api/v1/auth/login')
      .set('content-type', 'text/plain')
      .send('userName=ada');
    const array = await t.request().post('/api/v1/auth/register').send([signupForm()]);

    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_ERROR');
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ msg: 'All field are required', code: 'VALIDATION_ERROR' });
    expect(array.status).toBe(400);
  });

  it.each([
    [
      'an unsupported charset',
      { 'content-type': 'application/json; charset=latin1' },
      '{"userName":"ada","password":"x"}',
    ],
    [
      'an unknown content encoding',
      { 'content-type': 'application/json', 'content-encoding': 'foo' },
      '{"userName":"ada","password":"x"}',
    ],
    [
      'a gzip body that is not gzip',
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      'not gzip at all',
    ],
  ])('answers 4xx, never 500, to a body with %s', async (_case, headers, body) => {
    const res = await t.request().post('/api/v1/auth/login').set(headers).send(body);

    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).not.toBe('INTERNAL');
  });

  it('answers 4xx, never 500, to a login name with a NUL byte', async () => {
    const res = await login('ada\u0000lovelace', 'Secret#123');

    expect([400, 401]).toContain(res.status);
  });

  it('does not let in a different password that shares the first 72 bytes', async () => {
    // 36 × 'é' is 36 characters but 72 bytes of UTF-8: bcrypt looks no further.
    const prefix = 'é'.repeat(36);
    const form = signupForm({ password: `${prefix}A`, passwordCheck: `${prefix}A` });
    await t.request().post('/api/v1/auth/register').send(form);

    const res = await login(form.userName, `${prefix}B`);

    expect(res.status).toBe(401);
  });

  it('issues a token that carries only the user id, a version, its own id and its times', async () => {
    const user = await createUser(t.ctx);
    const res = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: user.userName, password: user.password });

    const claims = jwt.verify(res.body.token, t.ctx.jwtSecret) as jwt.JwtPayload;
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'jti', 'sub', 'v']);
    expect(claims.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(claims.sub).toBe(user.id);
    expect(claims.exp! - claims.iat!).toBe(t.ctx.config.jwtTtlSeconds);
  });
});

describe('login rate limit', () => {
  const fail = (userName: string, app = t.app) => login(userName, 'wrong-password', app);

  it('answers 429 RATE_LIMITED after LOGIN_RATE_LIMIT failures, even with the right password', async () => {
    const user = await createUser(t.ctx);
    for (let i = 0; i < 3; i += 1) expect((await fail(user.userName)).status).toBe(401);

    const blocked = await login(user.userName, user.password);

    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(typeof blocked.body.msg).toBe('string');
  });

  it('counts one login name in any case, and not other names from the same address', async () => {
    const user = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    await fail(user.userName);
    await fail(user.userName.toUpperCase());
    await fail(` ${user.userName.toLowerCase()} `);

    expect((await login(user.userName.toUpperCase(), user.password)).status).toBe(429);
    expect((await login(other.userName, other.password)).status).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    const user = await createUser(t.ctx);
    await fail(user.userName);
    await fail(user.userName);
    expect((await login(user.userName, user.password)).status).toBe(200);

    for (let i = 0; i < 3; i += 1) expect((await fail(user.userName)).status).toBe(401);
    expect((await fail(user.userName)).status).toBe(429);
  });

  it('lets the name in again once the window has passed', async () => {
    const user = await createUser(t.ctx);
    for (let i = 0; i < 4; i += 1) await fail(user.userName);
    expect((await login(user.userName, user.password)).status).toBe(429);

    await t.ctx.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '1 hour'` })
      .where(sql`${rateLimits.key} like ${`login:%:${user.userName.toLowerCase()}`}`);

    expect((await login(user.userName, user.password)).status).toBe(200);
  });

  it('holds across two app instances on one database', async () => {
    const user = await createUser(t.ctx);
    const second = createApp({ ...t.ctx });

    expect((await fail(user.userName, t.app)).status).toBe(401);
    expect((await fail(user.userName, second)).status).toBe(401);
    expect((await fail(user.userName, t.app)).status).toBe(401);

    expect((await login(user.userName, user.password, second)).status).toBe(429);
    expect((await login(user.userName, user.password, t.app)).status).toBe(429);
  });
});

describe('POST /api/v1/auth/isTokenValid', () => {
  it('answers valid: true for a live token', async () => {
    const user = await createUser(t.ctx);
    const res = await t.request().post('/api/v1/auth/isTokenValid').set('x-auth-token', user.token);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true });
  });

  it('answers 200 valid: false, never 401, for a missing, garbage, forged, expired or revoked token', async () => {
    const user = await createUser(t.ctx);
    const forged = jwt.sign({ v: 0 }, 'another-secret-another-secret-0123456789', {
      subject: user.id,
      expiresIn: 600,
    });
    const expired = jwt.sign({ v: 0 }, t.ctx.jwtSecret, { subject: user.id, expiresIn: -10 });
    const revoker = await createUser(t.ctx);
    await t.request().post('/api/v1/auth/changepassword').set('x-auth-token', revoker.token).send({
      oldPassword: revoker.password,
      newPassword: 'Newpass#1',
      newPasswordCheck: 'Newpass#1',
    });

    for (const token of [undefined, 'garbage', forged, expired, revoker.token]) {
      const req = t.request().post('/api/v1/auth/isTokenValid');
      const res = await (token === undefined ? req : req.set('x-auth-token', token));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ valid: false });
    }
  });
});

describe('GET /api/v1/auth', () => {
  it('answers the profile, tier-priced plans, transactions and flags, without a token field', async () => {
    const user = await createUser(t.ctx, { userType: 'reseller', isCouponVendor: true });
    const res = await profile(user.token);

    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('token');
    expect(res.body.user).toMatchObject({
      _id: user.id,
      userName: user.userName,
      userType: 'reseller',
    });
    expect(res.body).toMatchObject({ isAdmin: false, isCouponVendor: true });
    const plan = res.body.subscriptionPlans.MTN[0];
    expect(plan.plan_amount).toBe(plan.resellerPrice);
    expectNoSecrets(res.body, [(await userRow(user.id)).passwordHash, user.password]);
  });

  it('shows only the last four digits of a NIN or BVN', async () => {
    const user = await createUser(t.ctx);
    await t.ctx.db
      .update(users)
      .set({ ninLast4: '8901', bvnLast4: '4321' })
      .where(eq(users.id, user.id));
    const res = await profile(user.token);

    expect(res.status).toBe(200);
    expect(res.body.user.nin).toBe('*******8901');
    expect(res.body.user.bvn).toBe('*******4321');
    expectNoSecrets(res.body, [(await userRow(user.id)).passwordHash]);
  });

  it.each([
    ['no token', () => undefined],
    ['a garbage token', () => 'not.a.jwt'],
    [
      'a token signed with another secret',
      (id: string) =>
        jwt.sign({ v: 0 }, 'another-secret-another-secret-0123456789', {
          subject: id,
          expiresIn: 600,
        }),
    ],
    [
      'an expired token',
      (id: string) => jwt.sign({ v: 0 }, t.ctx.jwtSecret, { subject: id, expiresIn: -10 }),
    ],
    [
      'an unsigned (alg none) token',
      (id: string) =>
        unsignedToken({
          sub: id,
          v: 0,
          iat: Math.floor(Date.now() / 1000),
          exp: Math.floor(Date.now() / 1000) + 600,
        }),
    ],
    [
      'a token with a wrong version',
      (id: string) => jwt.sign({ v: 7 }, t.ctx.jwtSecret, { subject: id, expiresIn: 600 }),
    ],
    [
      'a token for a user who does not exist',
      () =>
        jwt.sign({ v: 0 }, t.ctx.jwtSecret, {
          subject: '00000000-0000-4000-8000-00000000dead',
          expiresIn: 600,
        }),
    ],
    [
      'a token without a version',
      (id: string) => jwt.sign({}, t.ctx.jwtSecret, { subject: id, expiresIn: 600 }),
    ],
  ])('answers 401 for %s', async (_case, makeToken: (id: string) => string | undefined) => {
    const user = await createUser(t.ctx);
    const token = makeToken(user.id);
    const req = t.request().get('/api/v1/auth');
    const res = await (token === undefined ? req : req.set('x-auth-token', token));

    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
    expect(typeof res.body.msg).toBe('string');
  });
});

describe('POST /api/v1/auth/changepassword', () => {
  const change = (token: string, body: Record<string, unknown>) =>
    t.request().post('/api/v1/auth/changepassword').set('x-auth-token', token).send(body);

  it('changes the password, revokes earlier tokens and answers a working new token', async () => {
    const user = await createUser(t.ctx);
    const before = await userRow(user.id);
    const res = await change(user.token, {
      oldPassword: user.password,
      newPassword: 'Brand#New1',
      newPasswordCheck: 'Brand#New1',
    });

    expect(res.status).toBe(200);
    expect(typeof res.body.msg).toBe('string');
    expect(typeof res.body.token).toBe('string');
    const after = await userRow(user.id);
    expectNoSecrets(res.body, [
      before.passwordHash,
      after.passwordHash,
      user.password,
      'Brand#New1',
    ]);

    expect((await profile(user.token)).status).toBe(401);
    expect((await profile(res.body.token)).status).toBe(200);
    expect((await login(user.userName, user.password)).status).toBe(401);
    expect((await login(user.userName, 'Brand#New1')).status).toBe(200);
  });

  it('answers 400 Old password is incorrect and changes nothing when the old password is wrong', async () => {
    const user = await createUser(t.ctx);
    const res = await change(user.token, {
      oldPassword: 'not-my-password',
      newPassword: 'Brand#New1',
      newPasswordCheck: 'Brand#New1',
    });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'Old password is incorrect', code: 'VALIDATION_ERROR' });
    expect((await profile(user.token)).status).toBe(200);
    expect((await login(user.userName, user.password)).status).toBe(200);
  });

  it.each([
    [
      'the old password is missing',
      { newPassword: 'Brand#New1', newPasswordCheck: 'Brand#New1' },
      'All fields are required',
    ],
    [
      'the new password is missing',
      { oldPassword: 'Secret#123', newPasswordCheck: 'Brand#New1' },
      'All fields are required',
    ],
    [
      'the repeat is missing',
      { oldPassword: 'Secret#123', newPassword: 'Brand#New1' },
      'All fields are required',
    ],
    [
      'the repeat differs',
      { oldPassword: 'Secret#123', newPassword: 'Brand#New1', newPasswordCheck: 'Brand#New2' },
      'Enter the same password twice',
    ],
    [
      'the new password is short',
      { oldPassword: 'Secret#123', newPassword: 'abc', newPasswordCheck: 'abc' },
      'Password must be at least 6 characters',
    ],
  ])('answers 400 and keeps the password when %s', async (_case, body, msg) => {
    const user = await createUser(t.ctx);
    const res = await change(user.token, body);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg, code: 'VALIDATION_ERROR' });
    expect((await profile(user.token)).status).toBe(200);
  });

  it('answers 401 without a valid token', async () => {
    const res = await t.request().post('/api/v1/auth/changepassword').send({
      oldPassword: 'Secret#123',
      newPassword: 'Brand#New1',
      newPasswordCheck: 'Brand#New1',
    });

    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /api/v1/auth/requestPasswordReset', () => {
  it('mails a single-use link to a known e-mail and stores only a hash of its token', async () => {
    const user = await createUser(t.ctx);
    const { token, userId, res, mail } = await requestResetLink(user.email);

    expect(res.body).toEqual({ msg: expect.any(String) });
    expect(userId).toBe(user.id);
    expect(mail.subject).toMatch(/reset/i);
    const [stored] = await t.ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(stored!.tokenHash).toBe(sha256(token));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.usedAt).toBeNull();
    const ttlMs = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(Math.abs(ttlMs - 900_000)).toBeLessThan(5_000);
    expectNoSecrets(res.body, [token, stored!.tokenHash]);

    const mailbox = await t.request().get('/sandbox/mail.json');
    expect(mailbox.status).toBe(200);
    expect(JSON.stringify(mailbox.body)).toContain(`/passwordReset/${token}/${user.id}`);
  });

  it('answers the same for an unknown e-mail and mails nothing', async () => {
    const user = await createUser(t.ctx);
    const known = await t
      .request()
      .post('/api/v1/auth/requestPasswordReset')
      .send({ email: user.email });
    const address = `nobody_${Math.random().toString(36).slice(2)}@example.test`;
    const unknown = await t
      .request()
      .post('/api/v1/auth/requestPasswordReset')
      .send({ email: address });

    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await waitForSandboxMail(user.email);
    await sleep(200);
    expect(await lastSandboxMailId(address)).toBe(0);
  });

  it('finds the account whatever the case of the e-mail', async () => {
    const user = await createUser(t.ctx);
    const { userId } = await requestResetLink(user.email.toUpperCase());

    expect(userId).toBe(user.id);
  });

  it.each([
    ['the e-mail is missing', {}, 'Enter your email'],
    ['the e-mail is not an address', { email: 'not-an-address' }, 'Enter a valid email'],
  ])('answers 400 when %s', async (_case, body, msg) => {
    const res = await t.request().post('/api/v1/auth/requestPasswordReset').send(body);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg, code: 'VALIDATION_ERROR' });
  });
});

describe('POST /api/v1/auth/resetpassword', () => {
  it('sets the new password and revokes earlier tokens; only the new password signs in', async () => {
    const user = await createUser(t.ctx);
    const { token, userId } = await requestResetLink(user.email);
    const hashBefore = (await userRow(user.id)).passwordHash;

    const res = await resetPassword({
      token,
      userId,
      newPassword: 'Reset#Pass1',
      newPasswordCheck: 'Reset#Pass1',
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: expect.any(String) });
    expectNoSecrets(res.body, [
      token,
      sha256(token),
      hashBefore,
      (await userRow(user.id)).passwordHash,
    ]);
    expect((await profile(user.token)).status).toBe(401);
    expect((await login(user.userName, user.password)).status).toBe(401);
    const fresh = await login(user.userName, 'Reset#Pass1');
    expect(fresh.status).toBe(200);
    expect((await profile(fresh.body.token)).status).toBe(200);
  });

  it('refuses a link that was used already', async () => {
    const user = await createUser(t.ctx);
    const { token, userId } = await requestResetLink(user.email);
    expect(
      (
        await resetPassword({
          token,
          userId,
          newPassword: 'First#Pass1',
          newPasswordCheck: 'First#Pass1',
        })
      ).status,
    ).toBe(200);

    const again = await resetPassword({
      token,
      userId,
      newPassword: 'Second#Pass2',
      newPasswordCheck: 'Second#Pass2',
    });

    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID_RESET);
    expect((await login(user.userName, 'First#Pass1')).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t.ctx);
    const { token, userId } = await requestResetLink(user.email);
    await t.ctx.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, user.id));

    const res = await resetPassword({
      token,
      userId,
      newPassword: 'Late#Pass1',
      newPasswordCheck: 'Late#Pass1',
    });

    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID_RESET);
    expect((await login(user.userName, user.password)).status).toBe(200);
  });

  it("refuses my link used with another user's id and leaves that user's password alone", async () => {
    const me = await createUser(t.ctx);
    const victim = await createUser(t.ctx);
    const { token } = await requestResetLink(me.email);

    const res = await resetPassword({
      token,
      userId: victim.id,
      newPassword: 'Taken#Over1',
      newPasswordCheck: 'Taken#Over1',
    });

    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID_RESET);
    expect((await login(victim.userName, 'Taken#Over1')).status).toBe(401);
    expect((await profile(victim.token)).status).toBe(200);
  });

  it('refuses an unknown token and a malformed user id', async () => {
    const user = await createUser(t.ctx);
    const { token } = await requestResetLink(user.email);

    const unknown = await resetPassword({
      token: 'f'.repeat(64),
      userId: user.id,
      newPassword: 'Guess#Pass1',
      newPasswordCheck: 'Guess#Pass1',
    });
    const badId = await resetPassword({
      token,
      userId: 'not-a-uuid',
      newPassword: 'Guess#Pass1',
      newPasswordCheck: 'Guess#Pass1',
    });

    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(INVALID_RESET);
    expect(badId.status).toBe(400);
    expect(badId.body).toEqual(INVALID_RESET);
  });

  it.each([
    ['36 hex digits without dashes', 'a'.repeat(36)],
    ['36 dashes', '-'.repeat(36)],
    ['dashes in the wrong places', '0000-00000000-0000-0000-000000000000'],
  ])('answers 400 INVALID_RESET_TOKEN, never 500, to a user id of %s', async (_case, userId) => {
    const user = await createUser(t.ctx);
    const { token } = await requestResetLink(user.email);

    const res = await resetPassword({
      token,
      userId,
      newPassword: 'Guess#Pass1',
      newPasswordCheck: 'Guess#Pass1',
    });

    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID_RESET);
  });

  it('spends every other outstanding link of the user with the first one used', async () => {
    const user = await createUser(t.ctx);
    const first = await requestResetLink(user.email);
    const second = await requestResetLink(user.email);
    expect(second.token).not.toBe(first.token);

    expect(
      (
        await resetPassword({
          ...second,
          newPassword: 'Second#Pass2',
          newPasswordCheck: 'Second#Pass2',
        })
      ).status,
    ).toBe(200);
    const stale = await resetPassword({
      token: first.token,
      userId: first.userId,
      newPassword: 'First#Pass1',
      newPasswordCheck: 'First#Pass1',
    });

    expect(stale.status).toBe(400);
    expect(stale.body).toEqual(INVALID_RESET);
  });

  it('lets exactly one of two simultaneous uses of one link through', async () => {
    const user = await createUser(t.ctx);
    const { token, userId } = await requestResetLink(user.email);

    const results = await Promise.all([
      resetPassword({ token, userId, newPassword: 'Race#One11', newPasswordCheck: 'Race#One11' }),
      resetPassword({ token, userId, newPassword: 'Race#Two22', newPasswordCheck: 'Race#Two22' }),
    ]);

    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]!.status === 200 ? 'Race#One11' : 'Race#Two22';
    expect((await login(user.userName, winner)).status).toBe(200);
    const { tokenVersion } = await userRow(user.id);
    expect(tokenVersion).toBe(1);
  });

  it.each([
    [
      'the passwords differ',
      { newPassword: 'Reset#Pass1', newPasswordCheck: 'Reset#Pass2' },
      'Enter the same password twice',
    ],
    [
      'the new password is missing',
      { newPasswordCheck: 'Reset#Pass1' },
      'Enter the same password twice',
    ],
    ['the repeat is missing', { newPassword: 'Reset#Pass1' }, 'Enter the same password twice'],
    [
      'the new password is short',
      { newPassword: 'abc', newPasswordCheck: 'abc' },
      'Password must be at least 6 characters',
    ],
    [
      'the token is missing',
      { token: undefined, newPassword: 'Reset#Pass1', newPasswordCheck: 'Reset#Pass1' },
      'This reset link is invalid or has expired',
    ],
  ])('answers 400 and leaves the link usable when %s', async (_case, overrides, msg) => {
    const user = await createUser(t.ctx);
    const { token, userId } = await requestResetLink(user.email);

    const res = await resetPassword({ token, userId, ...overrides });

    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
    const ok = await resetPassword({
      token,
      userId,
      newPassword: 'Later#Pass1',
      newPasswordCheck: 'Later#Pass1',
    });
    expect(ok.status).toBe(200);
  });
});

describe('no secret in any auth response', () => {
  it('keeps hashes, passwords, reset tokens and full NIN/BVN out of every answer of a whole journey', async () => {
    const form = signupForm();
    const secrets: string[] = [form.password, 'Journey#2', 'Journey#3'];
    const bodies: { route: string; body: unknown }[] = [];
    const keep = (route: string, res: { body: unknown }) => bodies.push({ route, body: res.body });

    const reg = await t.request().post('/api/v1/auth/register').send(form);
    keep('register', reg);
    keep('register 409', await t.request().post('/api/v1/auth/register').send(form));
    const id = reg.body.user._id as string;
    await t.ctx.db
      .update(users)
      .set({ ninLast4: '1234', apiTokenHash: sha256('api-token-secret') })
      .where(eq(users.id, id));
    secrets.push(sha256('api-token-secret'), (await userRow(id)).passwordHash);

    keep('login', await login(form.userName, form.password));
    keep('login 401', await login(form.userName, 'wrong-password'));
    keep(
      'isTokenValid',
      await t.request().post('/api/v1/auth/isTokenValid').set('x-auth-token', reg.body.token),
    );
    keep('GET /auth', await profile(reg.body.token));
    const changed = await t
      .request()
      .post('/api/v1/auth/changepassword')
      .set('x-auth-token', reg.body.token)
      .send({
        oldPassword: form.password,
        newPassword: 'Journey#2',
        newPasswordCheck: 'Journey#2',
      });
    keep('changepassword', changed);
    secrets.push((await userRow(id)).passwordHash);
    keep('GET /auth after change', await profile(changed.body.token));

    const link = await requestResetLink(form.email);
    keep('requestPasswordReset', link.res);
    secrets.push(link.token, sha256(link.token));
    keep(
      'resetpassword',
      await resetPassword({
        token: link.token,
        userId: id,
        newPassword: 'Journey#3',
        newPasswordCheck: 'Journey#3',
      }),
    );
    keep(
      'resetpassword reused',
      await resetPassword({
        token: link.token,
        userId: id,
        newPassword: 'Journey#3',
        newPasswordCheck: 'Journey#3',
      }),
    );
    secrets.push((await userRow(id)).passwordHash);
    const last = await login(form.userName, 'Journey#3');
    keep('login after reset', last);
    keep('GET /auth after reset', await profile(last.body.token));

    expect(bodies.filter((b) => b.body === undefined || b.body === null)).toEqual([]);
    for (const { route, body } of bodies) {
      expect({ route, leaks: findSecretLeaks(body, secrets) }).toEqual({ route, leaks: [] });
    }
    const withUser = bodies
      .map((b) => (b.body as { user?: { nin: unknown } }).user)
      .filter(Boolean);
    expect(withUser.length).toBeGreaterThan(3);
    for (const user of withUser.slice(2)) expect(user!.nin).toBe('*******1234');
  });

  it('would catch a leak (the checker itself)', () => {
    expect(findSecretLeaks({ token: 'jwt', user: { token: 'x' } })).toHaveLength(1);
    expect(
      findSecretLeaks({
        user: { passwordHash: 'x', tokenVersion: 1, apiToken: 'y', resetToken: 'z', pin: '1' },
      }),
    ).toHaveLength(5);
    expect(findSecretLeaks({ a: ['$2a$04$abcdefghijklmnopqrstuv'] })).toHaveLength(1);
    expect(findSecretLeaks({ user: { nin: '12345678901' } })).toHaveLength(1);
    expect(findSecretLeaks({ msg: 'see abcdef0123456789' }, ['abcdef0123456789'])).toHaveLength(1);
  });
});

describe('password reset mail through a real SMTP server', () => {
  let smtp: SmtpCatcher;
  let s: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    s = await createTestApp({ SMTP_URL: smtp.url, RESET_TOKEN_TTL_SECONDS: '60' });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('delivers the reset link by SMTP, and the link resets the password', async () => {
    const user = await createUser(s.ctx);
    const res = await s
      .request()
      .post('/api/v1/auth/requestPasswordReset')
      .send({ email: user.email });
    expect(res.status).toBe(200);

    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    const decoded = decodeQuotedPrintable(mail.raw);
    expect(decoded).toMatch(/^Subject: .*reset/im);
    const match = RESET_LINK.exec(decoded);
    expect(match, decoded).not.toBeNull();
    const [, token, userId] = match!;
    expect(userId).toBe(user.id);
    expectNoSecrets(res.body, [token]);

    // SMTP_URL set: nothing lands in the sandbox mailbox, and the mailbox page is not served.
    expect(await s.ctx.db.select().from(sandboxMails)).toEqual([]);
    expect((await s.request().get('/sandbox/mail.json')).status).toBe(404);

    const [stored] = await s.ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(
      Math.abs(stored!.expiresAt.getTime() - stored!.createdAt.getTime() - 60_000),
    ).toBeLessThan(5_000);

    const reset = await s
      .request()
      .post('/api/v1/auth/resetpassword')
      .send({ token, userId, newPassword: 'Smtp#Pass1', newPasswordCheck: 'Smtp#Pass1' });
    expect(reset.status).toBe(200);
    const signedIn = await s
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: user.userName, password: 'Smtp#Pass1' });
    expect(signedIn.status).toBe(200);
  });

  /** Asks for a link for `email` and reads the `n`th mail (1-based) to it from the SMTP server. */
  const smtpResetLink = async (email: string, n: number) => {
    const res = await s.request().post('/api/v1/auth/requestPasswordReset').send({ email });
    expect(res.status).toBe(200);
    await expect
      .poll(() => smtp.messages.filter((m) => m.to.includes(email)).length)
      .toBeGreaterThanOrEqual(n);
    const mail = smtp.messages.filter((m) => m.to.includes(email))[n - 1]!;
    const match = RESET_LINK.exec(decodeQuotedPrintable(mail.raw));
    expect(match).not.toBeNull();
    return { token: match![1]!, userId: match![2]! };
  };
  const resetWith = (link: { token: string; userId: string }, password: string) =>
    s
      .request()
      .post('/api/v1/auth/resetpassword')
      .send({ ...link, newPassword: password, newPasswordCheck: password });

  it('refuses a link once a newer one was mailed; the newer one works once', async () => {
    const user = await createUser(s.ctx);
    const first = await smtpResetLink(user.email, 1);
    const second = await smtpResetLink(user.email, 2);
    expect(second.token).not.toBe(first.token);

    const stale = await resetWith(first, 'First#Pass1');
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual(INVALID_RESET);
    expect((await login(user.userName, 'First#Pass1', s.app)).status).toBe(401);

    expect((await resetWith(second, 'Second#Pass2')).status).toBe(200);
    const again = await resetWith(second, 'Third#Pass3');
    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID_RESET);
    expect((await login(user.userName, 'Second#Pass2', s.app)).status).toBe(200);
  });

  it('leaves exactly one usable link after two requests made at the same time', async () => {
    const user = await createUser(s.ctx);
    const answers = await Promise.all(
      [1, 2].map(() =>
        s.request().post('/api/v1/auth/requestPasswordReset').send({ email: user.email }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(user.email)).length).toBe(2);
    const links = smtp.messages
      .filter((m) => m.to.includes(user.email))
      .map((m) => RESET_LINK.exec(decodeQuotedPrintable(m.raw))!)
      .map(([, token, userId]) => ({ token: token!, userId: userId! }));
    const live = await s.ctx.db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    expect(live).toHaveLength(1);

    const results = [
      await resetWith(links[0]!, 'Race#One11'),
      await resetWith(links[1]!, 'Race#Two22'),
    ];
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const winner = links.findIndex((l) => sha256(l.token) === live[0]!.tokenHash);
    expect(results[winner]!.status).toBe(200);
  });
});

describe('password reset rate limit', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({ RESET_RATE_LIMIT: '2' });
  });
  afterAll(async () => {
    await r?.close();
  });

  it('answers 429 after RESET_RATE_LIMIT requests for one e-mail, known or unknown alike', async () => {
    const user = await createUser(r.ctx);
    const ask = (email: string) =>
      r.request().post('/api/v1/auth/requestPasswordReset').send({ email });
    const unknown = `nobody_${Math.random().toString(36).slice(2)}@example.test`;

    const known = [
      await ask(user.email),
      await ask(user.email.toUpperCase()),
      await ask(user.email),
    ];
    const missing = [await ask(unknown), await ask(unknown), await ask(unknown)];

    expect(known.map((res) => res.status)).toEqual([200, 200, 429]);
    expect(missing.map((res) => res.status)).toEqual([200, 200, 429]);
    expect(known[2]!.body.code).toBe('RATE_LIMITED');
    expect(missing[2]!.body).toEqual(known[2]!.body);
    await sleep(200);
    const links = await r.ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(links).toHaveLength(2);
  });
});
