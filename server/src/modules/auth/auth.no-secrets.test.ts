import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findSecretLeaks } from '../../../test/helpers/secrets.ts';
import { users } from '../../db/schema/index.ts';
import {
  login,
  profile,
  requestResetLink,
  resetPassword,
  sha256,
  signupForm,
  t,
  useAuthTestApp,
  userRow,
} from './auth.test-helpers.ts';

useAuthTestApp();

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
