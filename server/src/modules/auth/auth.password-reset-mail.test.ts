import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/user.factory.ts';
import {
  decodeQuotedPrintable,
  startSmtpCatcher,
  type SmtpCatcher,
} from '../../../test/helpers/smtp-catcher.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { passwordResets, sandboxMails } from '../../db/schema/index.ts';
import {
  INVALID_RESET,
  RESET_LINK,
  expectNoSecrets,
  login,
  sha256,
  sleep,
  useAuthTestApp,
} from './auth.test-helpers.ts';

useAuthTestApp();

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
