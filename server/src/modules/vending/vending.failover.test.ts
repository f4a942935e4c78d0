import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { adminAlerts, networkSettings, sandboxSupplierFloats } from '../../db/schema/index.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import {
  buyData,
  expectCleanLedger,
  MTN_1GB_SME,
  purchase,
  reconcileUntilSettled,
  t,
  ordersAt,
  supplierActs,
  useVendingTestApp,
} from './vending.test-helpers.ts';

useVendingTestApp();

let admin: TestUser;
const asAdmin = async () => (admin ??= await createUser(t.ctx, { isAdmin: true }));

const { setSuppliers, outage } = supplierActs(asAdmin);

afterEach(async () => {
  await outage('ALARO', false);
  await setSuppliers({ supplierName: 'ALARO' });
});

describe('supplier failover', () => {
  it('sends a purchase the first supplier refuses before taking it to the next, charging once', async () => {
    expect((await setSuppliers({ suppliers: ['ALARO', 'GLAD'] })).body.msg).toBe(
      'MTN is now served by ALARO, then GLAD',
    );
    await outage('ALARO', true);
    const buyer = await createUser(t.ctx, { balanceKobo: 10_000_00 });
    const res = await buyData(buyer, '08031234567');
    expect(res.status).toBe(200);
    expect(res.body.receipt.trans_Status).toBe('success');
    const row = await purchase(res.body.receipt.trans_Id);
    expect(row.supplier).toBe('GLAD');
    expect(row.details!.failedOver).toEqual([
      { supplier: 'ALARO', answer: expect.stringContaining('unavailable') },
    ]);
    expect(await ordersAt('ALARO', row.reference)).toHaveLength(0);
    expect(await ordersAt('GLAD', row.reference)).toHaveLength(1);
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(
      10_000_00 - MTN_1GB_SME.smartEarner,
    );
    // A re-query asks the supplier that took the order, and changes nothing.
    expect((await reconcileUntilSettled(row.reference, 2)).status).toBe('success');
    await expectCleanLedger();
  });

  it('never fails over on a pending answer or on a failure of an order the supplier took', async () => {
    await setSuppliers({ suppliers: ['ALARO', 'GLAD'] });
    const buyer = await createUser(t.ctx, { balanceKobo: 10_000_00 });
    // 3333: no answer within the adapter's timeout. The order may still be delivered.
    const slow = await buyData(buyer, '08031233333');
    expect(slow.status).toBe(202);
    expect((await purchase(slow.body.receipt.trans_Id)).supplier).toBe('ALARO');
    expect(await ordersAt('GLAD', slow.body.receipt.trans_Id)).toHaveLength(0);
    // 0000: ALARO took the order and it failed there: refunded, not sent elsewhere.
    const failed = await buyData(buyer, '08031230000');
    expect(failed.status).toBe(400);
    expect(failed.body.receipt.trans_Status).toBe('refunded');
    expect(await ordersAt('GLAD', failed.body.receipt.trans_Id)).toHaveLength(0);
    expect((await reconcileUntilSettled(slow.body.receipt.trans_Id)).status).toBe('success');
    await expectCleanLedger();
  });

  it('fails over on an exhausted float and alerts the admins once; refunds when the list runs out', async () => {
    const [before] = await t.ctx.db
      .select()
      .from(sandboxSupplierFloats)
      .where(eq(sandboxSupplierFloats.supplier, 'ALARO'));
    await t.ctx.db
      .update(sandboxSupplierFloats)
      .set({ balanceKobo: 0 })
      .where(eq(sandboxSupplierFloats.supplier, 'ALARO'));
    try {
      await setSuppliers({ product: 'data', suppliers: ['ALARO', 'GLAD'] });
      const buyer = await createUser(t.ctx, { balanceKobo: 10_000_00 });
      for (let i = 0; i < 2; i += 1) {
        const res = await buyData(buyer, '08031234567');
        expect(res.status).toBe(200);
        expect((await purchase(res.body.receipt.trans_Id)).supplier).toBe('GLAD');
      }
      const alerts = await t.ctx.db
        .select()
        .from(adminAlerts)
        .where(and(eq(adminAlerts.kind, 'supplier_float'), eq(adminAlerts.subject, 'ALARO')));
      expect(alerts).toHaveLength(1);

      // Airtime kept ALARO alone: refunded at once, as before failover existed.
      const airtime = await t
        .request()
        .post('/api/v1/buy/airtime')
        .set('x-auth-token', buyer.token)
        .send({ network: 1, mobile_number: '08031234567', amount: 100 });
      expect(airtime.status).toBe(400);
      expect(airtime.body.receipt.trans_Status).toBe('refunded');
      await expectCleanLedger();
    } finally {
      await t.ctx.db
        .update(sandboxSupplierFloats)
        .set({ balanceKobo: before!.balanceKobo })
        .where(eq(sandboxSupplierFloats.supplier, 'ALARO'));
    }
  });
});

describe('POST /api/v1/admin/supplier', () => {
  it('keeps supplierName alone as one supplier, sets a product’s order alone, refuses bad lists', async () => {
    await setSuppliers({ product: 'airtime', suppliers: ['GLAD', 'ALARO'] });
    const list = await t
      .request()
      .get('/api/v1/admin/supplier')
      .set('x-auth-token', (await asAdmin()).token);
    expect(list.body.find((n: { network: string }) => n.network === 'MTN')).toEqual({
      network: 'MTN',
      supplierName: 'ALARO',
      data: ['ALARO'],
      airtime: ['GLAD', 'ALARO'],
    });
    await setSuppliers({ supplierName: 'GLAD' });
    const [row] = await t.ctx.db
      .select()
      .from(networkSettings)
      .where(eq(networkSettings.network, 'MTN'));
    expect(row).toMatchObject({
      supplierName: 'GLAD',
      dataSuppliers: null,
      airtimeSuppliers: null,
    });

    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Select a supplier'],
      [{ suppliers: [] }, 'Choose at least one supplier'],
      [{ suppliers: ['ALARO', 'ALARO'] }, 'Name each supplier once'],
      [{ suppliers: ['ALARO', 'ACME'] }, 'Select a supplier'],
      [
        { supplierName: 'GLAD', suppliers: ['ALARO', 'GLAD'] },
        'supplierName must be the first of suppliers',
      ],
      [{ supplierName: 'GLAD', product: 'cable' }, "Choose a product: 'data' or 'airtime'"],
    ];
    for (const [body, msg] of cases) {
      const res = await setSuppliers(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
  });
});
