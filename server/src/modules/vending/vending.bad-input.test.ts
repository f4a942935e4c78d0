import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { buyData, t, useVendingTestApp } from './vending.test-helpers.ts';

useVendingTestApp();

describe('bad input on the purchase routes', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
  });

  it.each([
    [{}, 'Please select a network'],
    [{ network: '', mobile_number: '08031234567', plan: '2' }, 'Please select a network'],
    [{ mobile_number: '08031234567', plan: '2' }, 'Please select a network'],
    [{ network: 'select', mobile_number: '08031234567', plan: '2' }, 'Please select a network'],
    [{ network: 5, mobile_number: '08031234567', plan: '2' }, 'Please select a network'],
    [{ network: 1, mobile_number: '0803123', plan: '2' }, 'Please check the phone number entered'],
    [{ network: 1, mobile_number: '08031234567' }, 'Please provide all values'],
    [
      { network: 1, mobile_number: '08031234567', plan: '9999' },
      'That data plan does not exist for this network',
    ],
    [
      { network: 2, mobile_number: '08031234567', plan: '2' },
      'That data plan does not exist for this network',
    ],
  ])('data %j → 4xx "%s"', async (body, msg) => {
    const res = await t
      .request()
      .post('/api/v1/buy/data')
      .set('x-auth-token', user.token)
      .send(body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.msg).toBe(msg);
  });

  it.each([
    [{}, 'All fields are required'],
    [
      { network: 1, mobile_number: '0803123456', amount: 100 },
      'Please check the phone number entered',
    ],
    [{ network: 1, mobile_number: '08031234567', amount: 99 }, 'Minimum purchase is ₦100'],
    [{ network: 1, mobile_number: '08031234567', amount: -100 }, 'Enter a valid amount'],
    [{ network: 1, mobile_number: '08031234567', amount: 100.001 }, 'Enter a valid amount'],
    [{ network: 1, mobile_number: '08031234567', amount: 'abc' }, 'Enter a valid amount'],
    [{ network: 6, mobile_number: '08031234567', amount: 100 }, 'Please select a network'],
  ])('airtime %j → 400 "%s"', async (body, msg) => {
    const res = await t
      .request()
      .post('/api/v1/buy/airtime')
      .set('x-auth-token', user.token)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
  });

  it('needs a session', async () => {
    const res = await t
      .request()
      .post('/api/v1/buy/data')
      .send({ network: 1, mobile_number: '08031234567', plan: '2' });
    expect(res.status).toBe(401);
  });

  it('refuses a revoked session on every purchase route, before any money moves', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    // What a password change or reset does: every earlier token stops working.
    await t.ctx.db.execute(
      sql`update users set token_version = token_version + 1 where id = ${user.id}`,
    );
    const routes: [string, object][] = [
      ['/api/v1/buy/data', { network: 1, mobile_number: '08031234567', plan: '2' }],
      ['/api/v1/buy/airtime', { network: 1, mobile_number: '08031234567', amount: 200 }],
      [
        '/api/v1/buy/electricity',
        { amount: 1000, meterId: 18, meterNumber: '1234567890', meterType: 'prepaid' },
      ],
    ];
    for (const [path, body] of routes) {
      const res = await t
        .request()
        .post(path)
        .set('x-auth-token', user.token)
        .set('Idempotency-Key', `revoked-${path.split('/').pop()}`)
        .send(body);
      expect(res.status, path).toBe(401);
      expect(res.body.msg).toBe('Your session has expired. Please log in again.');
    }
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(5_000_00);
    const rows = await t.ctx.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses a service an admin locks, at once, and an unavailable plan, with clear messages', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const lock = (serviceStatus: boolean) =>
      t
        .request()
        .post('/api/v1/admin/updateServices')
        .set('x-auth-token', admin.token)
        .send({ serviceName: 'airtime', serviceStatus });
    const buyAirtime = () =>
      t
        .request()
        .post('/api/v1/buy/airtime')
        .set('x-auth-token', user.token)
        .send({ network: 1, mobile_number: '08031234567', amount: 100 });
    expect((await buyAirtime()).status).toBe(200);
    expect((await lock(false)).status).toBe(200);
    try {
      const res = await buyAirtime();
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('SERVICE_LOCKED');
      expect(res.body.msg).toBe(
        'Airtime purchases are paused at the moment. Please try again later.',
      );
    } finally {
      expect((await lock(true)).status).toBe(200);
    }
    expect((await buyAirtime()).status).toBe(200);

    // A change made elsewhere (another process, psql) applies to the very next purchase.
    await t.ctx.db.execute(
      sql`update data_plans set is_available = false where network = 'MTN' and plan_id = '1'`,
    );
    const balance = await getWalletBalanceKobo(t.ctx.db, user.id);
    const res = await buyData(user, '08031234567', { plan: '1' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/not available/);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(balance);
  });
});
