import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createHusmodataSupplier } from '../../providers/vending/husmodata.ts';
import { sandboxSupplierUrl } from '../../providers/vending/registry.ts';
import { loadSupplierSettings } from '../../config.ts';
import { SANDBOX_SUPPLIER_KEYS } from '../../providers/vending/suppliers.config.ts';
import { databaseSandboxBooks } from './sandbox-books.ts';
import { sandboxSupplierRoutes } from './sandbox-supplier.routes.ts';
import {
  SLOW_MS,
  close,
  dataOrder,
  electricityOrder,
  expectFloatConserved,
  expectOutcome,
  float,
  glad,
  meter,
  next,
  plan,
  t,
  useSandboxSuppliers,
} from './sandbox-supplier.test-helpers.ts';

/**
 * The sandbox suppliers over real HTTP, driven by the real adapter (no mocked fetch): every
 * trigger from the adapter's point of view, the float, and the wire details.
 */

useSandboxSuppliers();

describe('sandbox suppliers: triggers of a supplier not to be trusted', () => {
  it('5555: successful, but every answer names another number and ten times the amount', async () => {
    const before = await float();
    const order = next('5555');
    const result = await glad.buyAirtime({
      reference: order.reference,
      network: 'MTN',
      phone: order.phone,
      amountKobo: 10_000,
      ported: false,
    });
    expectOutcome(result, 'success');
    const other = `${order.phone.slice(0, -5)}9${order.phone.slice(-4)}`;
    expect(result.answered).toMatchObject({
      reference: order.reference,
      phone: other,
      amountKobo: 100_000,
      network: 'MTN',
    });
    const again = await glad.query('airtime', { supplierRef: null, reference: order.reference });
    expect(again.answered).toMatchObject({ phone: other, amountKobo: 100_000 });
    // The books keep the true order, and the float paid its true price.
    expect(await float()).toBe(before - 10_000);
    const lyingMeter = meter('5555');
    const power = await glad.buyElectricity(electricityOrder(lyingMeter, 100_000));
    expect(power.answered).toMatchObject({ amountKobo: 1_000_000 });
    expect(power.answered?.meterNumber).not.toBe(lyingMeter);
    await expectFloatConserved();
  });

  it('6666: successful; the next re-query says reversed (float back), the one after refunded', async () => {
    const before = await float();
    const order = electricityOrder(meter('6666'), 200_000);
    expectOutcome(await glad.buyElectricity(order), 'success');
    expect(await float()).toBe(before - 200_000);
    const requery = { supplierRef: null, reference: order.reference };
    const reversed = await glad.query('electricity', requery);
    expect(reversed).toMatchObject({ outcome: 'reversed', answered: { amountKobo: 200_000 } });
    expect(JSON.parse(reversed.raw)).toMatchObject({ Status: 'reversed' });
    expect(await float()).toBe(before);
    const [refunded, stillRefunded] = [
      await glad.query('electricity', requery),
      await glad.query('electricity', requery),
    ];
    for (const answer of [refunded, stillRefunded]) {
      expectOutcome(answer, 'reversed');
      expect(JSON.parse(answer.raw)).toMatchObject({ Status: 'refunded' });
    }
    expect(await float()).toBe(before);
    await expectFloatConserved();
  });

  it('7777: the order is kept (delivered) but answered 400 "Request ID exists"', async () => {
    const before = await float();
    const order = dataOrder('7777');
    const result = await glad.buyData(order);
    expect(result).toMatchObject({ outcome: 'pending', duplicateRequest: true });
    expect(JSON.parse(result.raw)).toEqual({ error: ['Request ID exists'] });
    expect(await float()).toBe(before - plan.costKobo);
    const found = await glad.query('data', { supplierRef: null, reference: order.reference });
    expect(found).toMatchObject({ outcome: 'success', answered: { phone: order.phone } });
    await expectFloatConserved();
  });

  it('8888: successful, the float takes twice the price; every answer shows the float before and after', async () => {
    const before = await float();
    const order = dataOrder('8888');
    const result = await glad.buyData(order);
    expectOutcome(result, 'success');
    const moved = { balanceBeforeKobo: before, balanceAfterKobo: before - 2 * plan.costKobo };
    expect(result.answered).toMatchObject(moved);
    expect(JSON.parse(result.raw)).toMatchObject({
      plan_amount: ((2 * plan.costKobo) / 100).toFixed(2),
    });
    expect(
      (await glad.query('data', { supplierRef: result.supplierRef, reference: order.reference }))
        .answered,
    ).toMatchObject(moved);
    expect(await float()).toBe(before - 2 * plan.costKobo);
    await expectFloatConserved();
  });

  it('airtime takes its cost rate of the face value when the app sets one (AIRTIME_COST_BP)', async () => {
    const app = express();
    app.use(
      '/sandbox/suppliers',
      sandboxSupplierRoutes({
        books: databaseSandboxBooks(t.ctx.db),
        apiKeys: SANDBOX_SUPPLIER_KEYS,
        slowMs: SLOW_MS,
        airtimeCostBasisPoints: 9_700,
      }),
    );
    const s = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => s.once('listening', resolve));
    try {
      const discounted = createHusmodataSupplier({
        ...loadSupplierSettings({}).GLAD,
        name: 'GLAD',
        baseUrl: sandboxSupplierUrl(
          `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
          'GLAD',
        ),
      });
      const before = await float();
      const order = next('9876');
      const result = await discounted.buyAirtime({
        reference: order.reference,
        network: 'MTN',
        phone: order.phone,
        amountKobo: 150_050,
        ported: false,
      });
      expectOutcome(result, 'success');
      expect(JSON.parse(result.raw)).toMatchObject({ amount: '1500.50', paid_amount: '1455.49' });
      expect(await float()).toBe(before - 145_549);
    } finally {
      await close(s);
    }
    await expectFloatConserved();
  });
});
