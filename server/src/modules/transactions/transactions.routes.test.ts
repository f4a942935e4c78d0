import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { reconcileOnce } from '../vending/reconciler.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PROCESSING_GRACE_SECONDS: '1', RECONCILE_RETRY_SECONDS: '1' });
});
afterAll(async () => {
  await t?.close();
});

const buyData = (user: TestUser, phone = '08031234567') =>
  t
    .request()
    .post('/api/v1/buy/data')
    .set('x-auth-token', user.token)
    .send({ network: 1, mobile_number: phone, plan: '2' });

const getTransaction = (id: string, user?: TestUser) => {
  const request = t.request().get(`/api/v1/transaction/${id}`);
  return user ? request.set('x-auth-token', user.token) : request;
};

const expectCleanLedger = async () => expect(await t.ledgerViolations()).toEqual([]);

describe('GET /api/v1/transaction/:id', () => {
  let owner: TestUser;
  let receiptId: string;
  beforeAll(async () => {
    owner = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const bought = await buyData(owner);
    expect(bought.status).toBe(200);
    receiptId = bought.body.receipt._id;
  });

  it('gives the owner their receipt with the plan, and nothing of ours (cost, supplier, profit)', async () => {
    const res = await getTransaction(receiptId, owner);
    expect(res.status).toBe(200);
    expect(res.body.transaction).toMatchObject({
      _id: receiptId,
      trans_Type: 'data',
      trans_Network: 'MTN',
      trans_Status: 'success',
      trans_amount: 600,
      trans_UserName: owner.userName,
      phone_number: '08031234567',
      balance_Before: 2000,
      balance_After: 1400,
    });
    expect(res.body.transaction.details).toEqual({
      plan: expect.any(String),
      planType: 'SME',
      validity: expect.any(String),
    });
    expect(res.body.transaction.trans_profit).toBeUndefined();
    expect(
      Object.keys(res.body.transaction).filter((key) => /cost|supplier|profit/i.test(key)),
    ).toEqual([]);
    await expectCleanLedger();
  });

  it('answers another user 404, exactly as for an id that does not exist', async () => {
    const stranger = await createUser(t.ctx);
    const theirs = await getTransaction(receiptId, stranger);
    const missing = await getTransaction('00000000-0000-4000-8000-000000000000', stranger);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ msg: 'Transaction not found', code: 'NOT_FOUND' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(theirs.body);
  });

  it('lets an admin and an agent read any receipt, with the profit', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const agent = await createUser(t.ctx, { isAgent: true });
    for (const staff of [admin, agent]) {
      const res = await getTransaction(receiptId, staff);
      expect(res.status).toBe(200);
      expect(res.body.transaction._id).toBe(receiptId);
      expect(res.body.transaction.trans_UserName).toBe(owner.userName);
      expect(res.body.transaction.trans_profit).toBe(40); // ₦600 charged, ₦560 cost
    }
  });

  it.each(['not-a-uuid', '1234', "x' or 1=1 --", '00000000-0000-4000-8000-00000000000z'])(
    'answers a malformed id (%s) with 404, never a 500',
    async (id) => {
      const res = await getTransaction(encodeURIComponent(id), owner);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ msg: 'Transaction not found', code: 'NOT_FOUND' });
    },
  );

  it('needs a session', async () => {
    const res = await getTransaction(receiptId);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('leaves deeper paths than /transaction/:id to the catch-all', async () => {
    const deeper = await getTransaction(`${receiptId}/extra`, owner);
    expect(deeper.status).toBe(404);
    expect(deeper.body.msg).toBe('Not found'); // the API's catch-all, not this route
  });

  it('shows the token, meter, company and owner on an electricity receipt', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const bought = await t
      .request()
      .post('/api/v1/buy/electricity')
      .set('x-auth-token', user.token)
      .send({ meterNumber: '1234567890', meterId: 18, meterType: 'prepaid', amount: 1000 });
    expect(bought.status).toBe(200);

    const res = await getTransaction(bought.body.receipt._id, user);
    expect(res.status).toBe(200);
    expect(res.body.transaction).toMatchObject({ trans_Type: 'electricity', trans_amount: 1050 });
    expect(res.body.transaction.details).toEqual({
      token: bought.body.token,
      meterNumber: '1234567890',
      meterType: 'prepaid',
      disco: 'Ikeja',
      customerName: bought.body.customerName,
      faceValue: 1000,
      phoneNumber: user.phoneNumber,
    });
    expect(res.body.transaction.details.token).toMatch(/^\d{20}$/);
    await expectCleanLedger();
  });

  it('puts the meter in trans_Network and the token in phone_number, for clients that read only those', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00, phoneNumber: '08035550101' });
    const bought = await t
      .request()
      .post('/api/v1/buy/electricity')
      .set('x-auth-token', user.token)
      .send({ meterNumber: '1234567890', meterId: 18, meterType: 'prepaid', amount: 1000 });
    expect(bought.status).toBe(200);
    const token: string = bought.body.token;
    expect(token).toMatch(/^\d{20}$/);
    const expected = {
      trans_Network: 'electricity token for 1234567890',
      phone_number: token,
      details: expect.objectContaining({
        token,
        meterNumber: '1234567890',
        disco: 'Ikeja',
        phoneNumber: '08035550101',
      }),
    };
    expect(bought.body.receipt).toMatchObject(expected);
    const one = await getTransaction(bought.body.receipt._id, user);
    expect(one.body.transaction).toMatchObject(expected);
    const list = await t.request().get('/api/v1/transaction').set('x-auth-token', user.token);
    expect(list.body.transactions[0]).toMatchObject(expected);

    // Vendo's own statement keeps the company and the buyer's phone in their columns.
    const csv = await t
      .request()
      .get('/api/v1/transaction/statement.csv')
      .set('x-auth-token', user.token);
    expect(csv.text).toContain(',Ikeja,');
    expect(csv.text).toContain('08035550101');
  });

  it('shows the face value of an airtime purchase', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const bought = await t
      .request()
      .post('/api/v1/buy/airtime')
      .set('x-auth-token', user.token)
      .send({ network: 1, mobile_number: '08031234567', amount: 500 });
    expect(bought.status).toBe(200);
    const res = await getTransaction(bought.body.receipt._id, user);
    expect(res.body.transaction).toMatchObject({ trans_amount: 495, details: { faceValue: 500 } });
    await expectCleanLedger();
  });

  it('shows a pending purchase as pending, then as settled once the re-query confirms it', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const bought = await buyData(user, '08031231111'); // sandbox: processing, then successful
    expect(bought.status).toBe(202);
    const id: string = bought.body.receipt._id;
    expect((await getTransaction(id, user)).body.transaction.trans_Status).toBe('pending');

    for (let i = 0; i < 40; i += 1) {
      const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, id));
      if (!['processing', 'pending'].includes(row!.status)) break;
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 150));
      await t.ctx.db
        .update(transactions)
        .set({ nextCheckAt: sql`now() - interval '1 second'` })
        .where(eq(transactions.id, id));
      await reconcileOnce(t.ctx);
    }

    const settled = await getTransaction(id, user);
    expect(settled.body.transaction).toMatchObject({
      trans_Status: 'success',
      balance_After: 400,
      details: { plan: expect.any(String), planType: 'SME' },
    });
    await expectCleanLedger();
  });
});
