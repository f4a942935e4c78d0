import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { queryRows } from '../../db/query.ts';
import { adminAlerts, sandboxSupplierOrders, transactions } from '../../db/schema/index.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { reconcileOnce } from './reconciler.ts';

/**
 * A supplier's answer is believed only when it is about our order (decision 0026), and an answer
 * saying it already holds our request id is re-queried, never refunded. Driven through the API
 * and the sandbox suppliers: 5555 answers about another number and ten times the amount, 7777
 * answers HTTP 400 "Request ID exists" for an order it delivered.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTO_REFUND_AFTER_HOURS: '0.5' });
});
afterAll(async () => {
  await t?.close();
});

const purchaseOf = async (reference: string) => {
  const [row] = await t.ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.reference, reference));
  return row!;
};
const alertsOf = (app: TestApp, transactionId: string) =>
  app.ctx.db.select().from(adminAlerts).where(eq(adminAlerts.transactionId, transactionId));
const refundJournals = async (app: TestApp, reference: string) =>
  Number(
    (
      await queryRows<{ n: string }>(
        app.ctx.db,
        sql`select count(*) as n from journals where reference = ${`refund:${reference}`}`,
      )
    )[0]!.n,
  );
/** Makes the purchase due and runs one reconciler pass; answers how many it re-queried. */
const requeryNow = async (app: TestApp, id: string) => {
  await app.ctx.db
    .update(transactions)
    .set({ nextCheckAt: sql`now() - interval '1 second'` })
    .where(eq(transactions.id, id));
  return reconcileOnce(app.ctx);
};

const buy = (user: TestUser, path: string, body: object) =>
  t.request().post(`/api/v1/buy/${path}`).set('x-auth-token', user.token).send(body);

describe('an answer about another order (sandbox 5555: another number, ten times the amount)', () => {
  it.each([
    [
      'airtime',
      { network: 1, mobile_number: '08031235555', amount: 100 },
      100_00 - 99_00,
      ['phone: ours 08031235555, theirs 08031295555', 'amount: ours ₦100.00, theirs ₦1,000.00'],
    ],
    [
      'data',
      { network: 1, mobile_number: '08031235555', plan: '2' },
      1_000_00 - 600_00,
      ['phone: ours 08031235555, theirs 08031295555'],
    ],
    [
      'electricity',
      { meterNumber: '1234565555', meterId: 18, meterType: 'prepaid', amount: 1000 },
      2_000_00 - 1_050_00,
      ['meter: ours 1234565555, theirs 1234595555', 'amount: ours ₦1,000.00, theirs ₦10,000.00'],
    ],
  ] as const)(
    '%s: not booked, not refunded, pending and re-queried, with one alert naming the fields',
    async (kind, body, left, named) => {
      const opening = kind === 'airtime' ? 100_00 : kind === 'data' ? 1_000_00 : 2_000_00;
      const user = await createUser(t.ctx, { balanceKobo: opening });
      const res = await buy(user, kind, body);
      expect(res.status).toBe(202);
      expect(res.body.receipt.trans_Status).toBe('pending');
      expect(res.body.token ?? null).toBeNull();
      const row = await purchaseOf(res.body.receipt.trans_Id);
      expect(row.status).toBe('pending');
      // Another order's id is not taken: re-queries go by our reference.
      expect(row.supplierRef).toBeNull();
      expect(row.apiResponse).toMatch(/^Held: /);
      expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(left);

      const alerts = await alertsOf(t, row.id);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.kind).toBe('supplier_answer_mismatch');
      for (const words of named) expect(alerts[0]!.message).toContain(words);

      // Re-queried (the supplier says the same), still pending, still one alert.
      for (let pass = 0; pass < 2; pass += 1) {
        expect(await requeryNow(t, row.id)).toBeGreaterThanOrEqual(1);
      }
      const after = await purchaseOf(row.reference);
      expect(after.status).toBe('pending');
      expect(after.attempts).toBeGreaterThanOrEqual(2);
      expect(await alertsOf(t, row.id)).toHaveLength(1);
      expect(await refundJournals(t, row.reference)).toBe(0);
      expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(left);
      expect(await t.ledgerViolations()).toEqual([]);
    },
  );

  it('a staff re-query is told why, and a staff refund is refused: the supplier confirmed nothing', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const user = await createUser(t.ctx, { balanceKobo: 100_00 });
    const res = await buy(user, 'airtime', {
      network: 1,
      mobile_number: '08031245555',
      amount: 100,
    });
    const id = res.body.receipt._id as string;
    const requery = await t
      .request()
      .post(`/api/v1/admin/requery/${id}`)
      .set('x-auth-token', admin.token);
    expect(requery.status).toBe(200);
    expect(requery.body).toMatchObject({ status: 'pending' });
    expect(requery.body.msg).toMatch(/about another order/);
    const refund = await t
      .request()
      .post(`/api/v1/admin/refund/${id}`)
      .set('x-auth-token', admin.token)
      .send({});
    expect(refund.status).toBe(409);
    expect((await purchaseOf(res.body.receipt.trans_Id)).status).toBe('pending');
    expect(await alertsOf(t, id)).toHaveLength(1);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('is still refunded by the 24-hour rule: the supplier never confirmed our order', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 100_00 });
    const res = await buy(user, 'airtime', {
      network: 1,
      mobile_number: '08031255555',
      amount: 100,
    });
    const row = await purchaseOf(res.body.receipt.trans_Id);
    await t.ctx.db
      .update(transactions)
      .set({ createdAt: sql`now() - interval '40 minutes'` })
      .where(eq(transactions.id, row.id));
    await requeryNow(t, row.id);
    const after = await purchaseOf(row.reference);
    expect(after.status).toBe('refunded');
    expect(after.apiResponse).toContain('about another order');
    expect(await refundJournals(t, row.reference)).toBe(1);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(100_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });
});

describe('an order the supplier says it already holds (sandbox 7777: 400 "Request ID exists")', () => {
  it('is re-queried at once and ends delivered, charged once, never refunded', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const res = await buy(user, 'data', { network: 1, mobile_number: '08031237777', plan: '2' });
    expect(res.status).toBe(200);
    expect(res.body.receipt.trans_Status).toBe('success');
    const row = await purchaseOf(res.body.receipt.trans_Id);
    expect(row.status).toBe('success');
    expect(row.supplierRef).toMatch(/^\d+$/);
    const orders = await t.ctx.db
      .select()
      .from(sandboxSupplierOrders)
      .where(
        and(
          eq(sandboxSupplierOrders.requestId, row.reference),
          eq(sandboxSupplierOrders.kind, 'data'),
        ),
      );
    expect(orders).toHaveLength(1);
    expect(await refundJournals(t, row.reference)).toBe(0);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(1_000_00 - 600_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });
});

describe('a lying supplier at its own URL (no sandbox): "Successful", amount "0", no phone', () => {
  let lying: TestApp;
  let supplier: Server;
  const asked: string[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.use((req, res) => {
      asked.push(`${req.method} ${req.path}`);
      res.status(201).json({ id: 77, Status: 'Successful', amount: '0' });
    });
    supplier = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => supplier.once('listening', resolve));
    lying = await createTestApp({
      ALARO_BASE_URL: `http://127.0.0.1:${(supplier.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    await lying?.close();
    supplier?.closeAllConnections();
    await new Promise((resolve) => supplier?.close(resolve));
  });

  it('is not a sale: pending, one alert, re-queried, never refunded', async () => {
    const user = await createUser(lying.ctx, { balanceKobo: 100_00 });
    const res = await lying
      .request()
      .post('/api/v1/buy/airtime')
      .set('x-auth-token', user.token)
      .send({ network: 1, mobile_number: '08031234567', amount: 100 });
    expect(res.status).toBe(202);
    const id = res.body.receipt._id as string;
    const alerts = await alertsOf(lying, id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toContain('phone: ours 08031234567, theirs none');
    expect(alerts[0]!.message).toContain('amount: ours ₦100.00, theirs ₦0.00');

    expect(await requeryNow(lying, id)).toBe(1);
    expect(asked.filter((a) => a.startsWith('GET /api/topup/'))).toHaveLength(1);
    const [row] = await lying.ctx.db.select().from(transactions).where(eq(transactions.id, id));
    expect(row!.status).toBe('pending');
    expect(await alertsOf(lying, id)).toHaveLength(1);
    expect(await refundJournals(lying, row!.reference)).toBe(0);
    expect(await lying.ledgerViolations()).toEqual([]);
  });
});
