import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.ts';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, user: TestUser, body: unknown) =>
  t
    .request()
    .post(path)
    .set('x-auth-token', user.token)
    .send(body as object);

describe('POST /api/v1/auth/updateKyc', () => {
  it('keeps only the last four digits readable and never answers the number', async () => {
    const me = await createUser(t.ctx);
    const res = await post('/api/v1/auth/updateKyc', me, { nin: '12345678901' });
    expect(res.status).toBe(200);
    expect(res.body.user.nin).toBe('*******8901');
    expect(JSON.stringify(res.body)).not.toContain('12345678901');
    const [row] = await queryRows<Record<string, unknown>>(
      t.ctx.db,
      sql`select * from users where id = ${me.id}`,
    );
    expect(JSON.stringify(row)).not.toContain('12345678901');
    expect((await post('/api/v1/auth/updateKyc', me, { bvn: '123' })).body.msg).toBe(
      'Enter an 11-digit BVN',
    );
    expect((await post('/api/v1/auth/updateKyc', me, { nin: 'abcdefghijk' })).status).toBe(400);
  });
});
