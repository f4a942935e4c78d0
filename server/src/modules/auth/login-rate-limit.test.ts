import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_IP_RATE_LIMIT: '4', LOGIN_RATE_LIMIT: '10' });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/v1/auth/login, limits per client address', () => {
  it('stops one address guessing across many login names', async () => {
    const user = await createUser(t.ctx);
    const statuses: number[] = [];
    for (const name of ['a_user', 'b_user', 'c_user', 'd_user', 'e_user']) {
      statuses.push(
        (
          await t
            .request()
            .post('/api/v1/auth/login')
            .send({ userName: name, password: 'wrong-one' })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const blocked = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: user.userName, password: user.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
  });
});
