import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/user.factory.ts';
import { passwordResets } from '../../db/schema/index.ts';
import {
  INVALID_RESET,
  expectNoSecrets,
  lastSandboxMailId,
  login,
  profile,
  requestResetLink,
  resetPassword,
  sha256,
  sleep,
  t,
  useAuthTestApp,
  userRow,
  waitForSandboxMail,
} from './auth.test-helpers.ts';

useAuthTestApp();

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
