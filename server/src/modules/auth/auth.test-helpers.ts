import { createHash } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import { findSecretLeaks } from '../../../test/helpers/secrets.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { sandboxMails, users } from '../../db/schema/index.ts';

export let t: TestApp;

export const PLAN_KEYS = ['MTN', 'GLO', 'AIRTEL', 'NMOBILE'];
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const RESET_LINK = /http:\/\/vendo\.test\/passwordReset\/([0-9a-f]{64})\/([0-9a-f-]{36})/;

export const INVALID_RESET = {
  msg: 'This reset link is invalid or has expired',
  code: 'INVALID_RESET_TOKEN',
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export let seq = 0;

/** A valid sign-up form with a unique user name, e-mail and phone number. */
export const signupForm = (overrides: Record<string, unknown> = {}) => {
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

export const userRow = async (id: string) => {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
};

export const expectNoSecrets = (body: unknown, secrets: (string | null | undefined)[]) => {
  expect(findSecretLeaks(body, secrets)).toEqual([]);
};

export const login = (userName: string, password: string, app: TestApp['app'] = t.app) =>
  supertest(app).post('/api/v1/auth/login').send({ userName, password });

export const profile = (token: string) =>
  t.request().get('/api/v1/auth').set('x-auth-token', token);

/** The newest sandbox mail to `to` with an id above `afterId`, polled (it is sent after the answer). */
export const waitForSandboxMail = async (to: string, afterId = 0) => {
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

export const lastSandboxMailId = async (to: string) => {
  const [mail] = await t.ctx.db
    .select({ id: sandboxMails.id })
    .from(sandboxMails)
    .where(eq(sandboxMails.to, to))
    .orderBy(desc(sandboxMails.id))
    .limit(1);
  return mail?.id ?? 0;
};

/** Asks for a reset link for `email` and reads it from the sandbox mailbox. */
export const requestResetLink = async (email: string) => {
  const before = await lastSandboxMailId(email.toLowerCase());
  const res = await t.request().post('/api/v1/auth/requestPasswordReset').send({ email });
  expect(res.status).toBe(200);
  const mail = await waitForSandboxMail(email.toLowerCase(), before);
  const match = RESET_LINK.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return { token: match![1]!, userId: match![2]!, link: match![0], mail, res };
};

export const resetPassword = (body: Record<string, unknown>) =>
  t.request().post('/api/v1/auth/resetpassword').send(body);

export const unsignedToken = (claims: Record<string, unknown>) => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
};

/** One test app per test file, opened before its tests and closed after them. */
// LOGIN_RATE_LIMIT 3 for the rate-limit tests; every other test signs in with its own user, so
// no other test comes near it. The reset limit is raised because every reset request in these
// files comes from the same address; the reset limit has its own app (auth.password-reset-mail).
export const useAuthTestApp = (): void => {
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '3', RESET_RATE_LIMIT: '100' });
  });
  afterAll(async () => {
    await t.close();
  });
};
