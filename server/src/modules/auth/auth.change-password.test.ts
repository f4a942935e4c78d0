import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/user.factory.ts';
import {
  expectNoSecrets,
  login,
  profile,
  t,
  useAuthTestApp,
  userRow,
} from './auth.test-helpers.ts';

useAuthTestApp();

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
