import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/user.factory.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { reconcileOnce } from './reconciler.ts';
import {
  expectCleanLedger,
  purchase,
  reconcileUntilSettled,
  t,
  useVendingTestApp,
} from './vending.test-helpers.ts';

useVendingTestApp();

describe('POST /api/v1/buy/airtime and electricity', () => {
  it('charges 99% of airtime for a smart earner and 98% for a reseller', async () => {
    const earner = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const reseller = await createUser(t.ctx, { balanceKobo: 1_000_00, userType: 'reseller' });
    const a = await t
      .request()
      .post('/api/v1/buy/airtime')
      .set('x-auth-token', earner.token)
      .send({ network: 1, mobile_number: '08031234567', amount: 500 });
    const b = await t
      .request()
      .post('/api/v1/buy/airtime')
      .set('x-auth-token', reseller.token)
      .send({ network: 4, mobile_number: '08091234567', amount: '500' });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.receipt.trans_amount).toBe(495);
    expect(b.body.receipt.trans_amount).toBe(490);
    expect(b.body.receipt.trans_Network).toBe('9MOBILE');
    expect(await getWalletBalanceKobo(t.ctx.db, reseller.id)).toBe(510_00);
    await expectCleanLedger();
  });

  it('validates a meter, then sells a token for amount + ₦50', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const meter = { meterNumber: '1234567890', meterId: 18, meterType: 'prepaid' };
    const valid = await t
      .request()
      .post('/api/v1/buy/validateMeter')
      .set('x-auth-token', user.token)
      .send(meter);
    expect(valid.status).toBe(200);
    expect(valid.body.name).toBeTruthy();
    const invalid = await t
      .request()
      .post('/api/v1/buy/validateMeter')
      .set('x-auth-token', user.token)
      .send({ ...meter, meterNumber: '1234560000' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.msg).toMatch(/INVALID METER/i);

    const res = await t
      .request()
      .post('/api/v1/buy/electricity')
      .set('x-auth-token', user.token)
      .send({ ...meter, amount: 1000 });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^\d{20}$/);
    expect(res.body.customerName).toBe(valid.body.name);
    expect(res.body.receipt).toMatchObject({
      trans_Type: 'electricity',
      trans_amount: 1050,
      trans_Network: `electricity token for ${meter.meterNumber}`,
      phone_number: res.body.token,
      details: { disco: 'Ikeja', token: res.body.token },
    });
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(950_00);
    const row = await purchase(res.body.receipt.trans_Id);
    expect(row.profitKobo).toBe(50_00);

    const refused = await t
      .request()
      .post('/api/v1/buy/electricity')
      .set('x-auth-token', user.token)
      .send({ ...meter, meterNumber: '1234560000', amount: 1000 });
    expect(refused.status).toBe(400);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(950_00);
    await expectCleanLedger();
  });

  it('refunds an electricity purchase once when the re-query says failed (meter ending 2222)', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const res = await t
      .request()
      .post('/api/v1/buy/electricity')
      .set('x-auth-token', user.token)
      .send({ meterNumber: '1234562222', meterId: 18, meterType: 'prepaid', amount: 1000 });
    expect(res.status).toBe(202);
    expect(res.body.token).toBeNull();
    expect(res.body.balance).toBe(950);
    const settled = await reconcileUntilSettled(res.body.receipt.trans_Id);
    expect(settled.status).toBe('refunded');
    expect(settled.details).not.toHaveProperty('token');
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(2_000_00);
    // Another pass finds nothing to do: the refund happened once.
    await reconcileOnce(t.ctx);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(2_000_00);
    const receipt = await t
      .request()
      .get(`/api/v1/transaction/${res.body.receipt._id}`)
      .set('x-auth-token', user.token);
    expect(receipt.body.transaction).toMatchObject({
      trans_Status: 'refunded',
      details: { meterNumber: '1234562222', faceValue: 1000 },
    });
    await expectCleanLedger();
  });
});
