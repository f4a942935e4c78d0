import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAlerts, transactions } from '../../db/schema/index.ts';
import { queryRows } from '../../db/query.ts';
import { createUser } from '../../../test/factories/user.factory.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import {
  MTN_1GB_SME,
  buyData,
  expectCleanLedger,
  purchase,
  reconcileUntilSettled,
  t,
  useVendingTestApp,
} from './vending.test-helpers.ts';

useVendingTestApp();

describe('POST /api/v1/buy/data with the sandbox supplier triggers', () => {
  it('succeeds at once for an ordinary number, at the tier price, with profit recorded', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const res = await buyData(user, '08031234567');
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Transaction successful');
    expect(res.body.receipt).toMatchObject({
      trans_Type: 'data',
      trans_Network: 'MTN',
      trans_Status: 'success',
      trans_amount: 600,
      phone_number: '08031234567',
      balance_Before: 5000,
      balance_After: 4400,
    });
    expect(res.body.receipt.trans_profit).toBeUndefined(); // customers do not see our margin
    expect(res.body.balance).toBe(4400);
    const row = await purchase(res.body.receipt.trans_Id);
    expect(row.profitKobo).toBe(MTN_1GB_SME.smartEarner - MTN_1GB_SME.cost);
    expect(row.supplier).toBe('ALARO');
    expect(row.apiResponseId).toBeTruthy();
    await expectCleanLedger();
  });

  it('charges a reseller the reseller price', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00, userType: 'reseller' });
    const res = await buyData(user, '08031234567');
    expect(res.status).toBe(200);
    expect(res.body.receipt.trans_amount).toBe(580);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(1_000_00 - MTN_1GB_SME.reseller);
  });

  it('refunds a definite failure (0000) once, in the same answer, with a refund line in the history', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const res = await buyData(user, '08031230000');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PURCHASE_FAILED');
    expect(res.body.msg).toMatch(/refunded/i);
    // The customer's message says what happened, nothing of the sandbox's triggers.
    expect(res.body.msg).not.toMatch(/sandbox|trigger/i);
    expect(res.body.receipt.apiResponse).not.toMatch(/sandbox|trigger/i);
    expect(res.body.receipt.trans_Status).toBe('refunded');
    expect(res.body.balance).toBe(1000);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(1_000_00);
    const history = await t.request().get('/api/v1/auth').set('x-auth-token', user.token);
    expect(
      history.body.transactions.map((x: { trans_Type: string }) => x.trans_Type).sort(),
    ).toEqual(['data', 'refund']);
    await expectCleanLedger();
  });

  it.each([
    ['1111', 'processing, then the re-query says successful', 'success', 1_000_00 - 600_00],
    ['2222', 'processing, then the re-query says failed', 'refunded', 1_000_00],
    [
      '3333',
      'no answer within the timeout, then the re-query says successful',
      'success',
      1_000_00 - 600_00,
    ],
    ['4444', 'an HTTP 500, then the re-query says it was delivered', 'success', 1_000_00 - 600_00],
  ])(
    'leaves %s (%s) pending, never refunded blind, and settles it on re-query',
    async (suffix, _label, finalStatus, finalBalance) => {
      const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
      const res = await buyData(user, `0803123${suffix}`);
      expect(res.status).toBe(202);
      expect(res.body.receipt.trans_Status).toBe('pending');
      expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(400_00);
      const settled = await reconcileUntilSettled(res.body.receipt.trans_Id);
      expect(settled.status).toBe(finalStatus);
      expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(finalBalance);
      await expectCleanLedger();
    },
  );

  it('refuses a purchase the wallet cannot cover, and writes nothing', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 599_99 });
    const res = await buyData(user, '08031234567');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' });
    const rows = await t.ctx.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('treats the supplier saying its float is exhausted as a definite failure and alerts an admin', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    await t.ctx.db.execute(
      sql`update sandbox_supplier_floats set balance_kobo = 100 where supplier = 'ALARO'`,
    );
    try {
      const res = await buyData(user, '08031234567');
      expect(res.status).toBe(400);
      expect(res.body.receipt.trans_Status).toBe('refunded');
      expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(1_000_00);
      const alerts = await t.ctx.db
        .select()
        .from(adminAlerts)
        .where(eq(adminAlerts.kind, 'supplier_float'));
      expect(alerts.length).toBeGreaterThan(0);
    } finally {
      await t.ctx.db.execute(
        sql`update sandbox_supplier_floats set balance_kobo = 500000000 where supplier = 'ALARO'`,
      );
    }
    await expectCleanLedger();
  });

  it('sends Ported_number when the caller overrides the network', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    // 0805… is a GLO prefix; the user says it is now on MTN.
    const res = await buyData(user, '08051234567', { ported: true });
    expect(res.status).toBe(200);
    const row = await purchase(res.body.receipt.trans_Id);
    expect(row.ported).toBe(true);
    const [order] = await queryRows<{ request: { Ported_number?: boolean } }>(
      t.ctx.db,
      sql`select request from sandbox_supplier_orders where request_id = ${row.reference}`,
    );
    expect(order?.request.Ported_number).toBe(true);
  });
});

describe('changes to the buyer take effect on the next request', () => {
  it('an upgrade to reseller made elsewhere is charged the reseller price at once', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const first = await buyData(buyer, '08031234567');
    expect(first.body.receipt.trans_amount).toBe(MTN_1GB_SME.smartEarner / 100);
    // Changed outside this process, as another server process or psql would.
    await t.ctx.db.execute(sql`update users set user_type = 'reseller' where id = ${buyer.id}`);
    const second = await buyData(buyer, '08031234567');
    expect(second.status).toBe(200);
    expect(second.body.receipt.trans_amount).toBe(MTN_1GB_SME.reseller / 100);
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(
      2_000_00 - MTN_1GB_SME.smartEarner - MTN_1GB_SME.reseller,
    );
    await expectCleanLedger();
  });

  it('refuses a token revoked elsewhere, and moves no money', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    expect((await buyData(buyer, '08031234567')).status).toBe(200);
    await t.ctx.db.execute(
      sql`update users set token_version = token_version + 1 where id = ${buyer.id}`,
    );
    const res = await buyData(buyer, '08031234567');
    expect(res.status).toBe(401);
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(2_000_00 - MTN_1GB_SME.smartEarner);
    const rows = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, buyer.id));
    expect(rows).toHaveLength(1);
  });
});

describe('Idempotency-Key on purchases', () => {
  it('answers a repeat with the first answer and buys once', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const key = { 'Idempotency-Key': `key-${user.id}` };
    const first = await buyData(user, '08031234567', {}, key);
    const again = await buyData(user, '08031234567', {}, key);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(1_400_00);
  });

  it('refuses the same key with a different body (422)', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const key = { 'Idempotency-Key': `key2-${user.id}` };
    await buyData(user, '08031234567', {}, key);
    const other = await buyData(user, '08039999999', {}, key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(1_400_00);
  });

  it('executes one of 10 concurrent duplicates', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 10_000_00 });
    const key = { 'Idempotency-Key': `key3-${user.id}` };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => buyData(user, '08031234567', {}, key)),
    );
    // One runs; a duplicate that arrives while it runs is told so (409) and runs nothing; one
    // that arrives after it finished gets its stored answer.
    const ran = answers.filter((a) => a.status === 200 && !a.headers['idempotent-replayed']);
    expect(ran).toHaveLength(1);
    for (const a of answers.filter((x) => x !== ran[0])) {
      if (a.status === 409) expect(a.body.msg).toBe('A request with this key is in progress');
      else expect([a.status, a.headers['idempotent-replayed']]).toEqual([200, 'true']);
    }
    const again = await buyData(user, '08031234567', {}, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.receipt.trans_Id).toBe(ran[0]!.body.receipt.trans_Id);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(9_400_00);
  });
});
