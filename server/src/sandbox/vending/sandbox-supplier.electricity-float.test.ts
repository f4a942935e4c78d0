import type { TSupplier } from '@vendo/shared/constants';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxSupplierFloats, sandboxSupplierOrders } from '../../db/schema/index.ts';
import { isAppError } from '../../lib/app-error.ts';
import { sandboxSupplierUrl } from '../../providers/vending/registry.ts';
import { SANDBOX_SUPPLIER_KEYS } from '../../providers/vending/suppliers.config.ts';
import { placeSandboxOrder, topUpSandboxFloat } from './sandbox-store.ts';
import {
  adjusted,
  alaro,
  appUrl,
  dataOrder,
  electricityOrder,
  expectFloatConserved,
  expectOutcome,
  float,
  glad,
  meter,
  plan,
  seq,
  t,
  toppedUp,
  useSandboxSuppliers,
} from './sandbox-supplier.test-helpers.ts';

/**
 * The sandbox suppliers over real HTTP, driven by the real adapter (no mocked fetch): every
 * trigger from the adapter's point of view, the float, and the wire details.
 */

useSandboxSuppliers();

describe('sandbox suppliers: electricity', () => {
  it('validates a meter: a deterministic customer, or invalid when it ends 0000', async () => {
    const number = meter('5678');
    const first = await glad.validateMeter({
      discoId: 20,
      meterNumber: number,
      meterType: 'prepaid',
    });
    expect(first.valid).toBe(true);
    expect(first.name).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect(first.address).toMatch(/, Eko$/);
    expect(
      await glad.validateMeter({ discoId: 20, meterNumber: number, meterType: 'prepaid' }),
    ).toEqual(first);
    expect(
      await alaro.validateMeter({ discoId: 18, meterNumber: meter('0000'), meterType: 'postpaid' }),
    ).toEqual({
      valid: false,
      name: 'INVALID METER NUMBER',
      address: null,
    });
  });

  it('a bad validation request is a supplier error (502), not an invalid meter', async () => {
    const error = await glad
      .validateMeter({ discoId: 99, meterNumber: meter('5678'), meterType: 'prepaid' })
      .catch((e: unknown) => e);
    expect(isAppError(error) && error.code === 'PROVIDER_ERROR').toBe(true);
  });

  it('a successful payment returns a 20-digit token without the "Token : " prefix', async () => {
    const before = await float();
    const order = electricityOrder(meter('5678'));
    const result = await glad.buyElectricity(order);
    expectOutcome(result, 'success');
    expect(result.token).toMatch(/^\d{20}$/);
    expect(JSON.parse(result.raw)).toMatchObject({
      token: `Token : ${result.token}`,
      amount: '5000.00',
      disco_id: 20,
    });
    expect(await float()).toBe(before - 500_000);
    const again = await glad.query('electricity', {
      supplierRef: result.supplierRef,
      reference: order.reference,
    });
    expect(again).toMatchObject({ outcome: 'success', token: result.token });
    await expectFloatConserved();
  });

  it('meter triggers: 0000 fails, 1111 pending then successful with a token, 4444 pending then successful', async () => {
    const before = await float();
    expectOutcome(await glad.buyElectricity(electricityOrder(meter('0000'))), 'failed');

    const processing = electricityOrder(meter('1111'), 200_000);
    const first = await glad.buyElectricity(processing);
    expectOutcome(first, 'pending');
    expect(first.token).toBeUndefined();
    const settled = await glad.query('electricity', {
      supplierRef: null,
      reference: processing.reference,
    });
    expectOutcome(settled, 'success');
    expect(settled.token).toMatch(/^\d{20}$/);

    const erroring = electricityOrder(meter('4444'), 100_000);
    expectOutcome(await glad.buyElectricity(erroring), 'pending');
    const delivered = await glad.query('electricity', {
      supplierRef: null,
      reference: erroring.reference,
    });
    expect(delivered.token).toMatch(/^\d{20}$/);
    expect(await float()).toBe(before - 300_000);
    await expectFloatConserved();
  });
});

describe('sandbox suppliers: float', () => {
  const setFloat = async (supplier: TSupplier, balanceKobo: number) => {
    adjusted[supplier] += balanceKobo - (await float(supplier));
    await t.ctx.db
      .update(sandboxSupplierFloats)
      .set({ balanceKobo })
      .where(eq(sandboxSupplierFloats.supplier, supplier));
  };

  it('an exhausted float answers insufficient balance → failed + insufficientFloat, float unchanged', async () => {
    const saved = await float();
    await setFloat('GLAD', 100);
    const orders = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sandboxSupplierOrders);
    const result = await glad.buyData(dataOrder('5678'));
    expect(result).toMatchObject({ outcome: 'failed', insufficientFloat: true });
    expect(result.message).toMatch(/^Dear Customer, your balance is insufficient/);
    const electricity = await glad.buyElectricity(electricityOrder(meter('1111')));
    expect(electricity).toMatchObject({ outcome: 'failed', insufficientFloat: true });
    expect(await float()).toBe(100);
    expect(
      await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(sandboxSupplierOrders),
    ).toEqual(orders);
    await setFloat('GLAD', saved);
    await expectFloatConserved();
  });

  it('concurrent orders never take the float below zero', async () => {
    const saved = await float();
    await setFloat('GLAD', plan.costKobo * 5 + 1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => glad.buyData(dataOrder('5678'))),
    );
    expect(results.filter((r) => r.outcome === 'success')).toHaveLength(5);
    expect(results.filter((r) => r.outcome === 'failed' && r.insufficientFloat)).toHaveLength(15);
    expect(await float()).toBe(1);
    await expectFloatConserved();
    await setFloat('GLAD', saved);
  });

  // Straight at the store: HTTP requests from one test process tend to arrive one by one, while
  // these transactions really overlap on PostgreSQL.
  it('store: concurrent debits are one conditional UPDATE each; duplicates of a request_id wait and reuse', async () => {
    const saved = await float();
    await setFloat('GLAD', 5 * 1000 + 1);
    const place = (requestId: string | null) =>
      placeSandboxOrder(t.ctx.db, {
        supplier: 'GLAD',
        kind: 'airtime',
        requestId,
        request: { mobile_number: '08030005678' },
        amountKobo: 1000,
        status: 'successful',
      });
    const spread = await Promise.all(
      Array.from({ length: 20 }, (_, i) => place(`STORE-${seq}-${i}`)),
    );
    expect(spread.filter((r) => r.kind === 'placed')).toHaveLength(5);
    expect(spread.filter((r) => r.kind === 'insufficient')).toHaveLength(15);
    expect(await float()).toBe(1);
    await setFloat('GLAD', saved);

    const same = await Promise.all(Array.from({ length: 10 }, () => place(`STORE-SAME-${seq}`)));
    expect(same.filter((r) => r.kind === 'placed')).toHaveLength(1);
    expect(same.filter((r) => r.kind === 'duplicate')).toHaveLength(9);
    expect(new Set(same.map((r) => (r.kind === 'insufficient' ? null : r.order.id))).size).toBe(1);
    expect(await float()).toBe(saved - 1000);
    await expectFloatConserved();
  });

  it('GET /api/user shows the float in naira; POST /float/topup and topUpSandboxFloat add to it', async () => {
    const auth = { Authorization: `Token ${SANDBOX_SUPPLIER_KEYS.ALARO}` };
    const before = await float('ALARO');
    const user = await fetch(`${sandboxSupplierUrl(appUrl, 'ALARO')}/api/user/`, { headers: auth });
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ wallet_balance: before / 100 });

    const topUp = await fetch(`${sandboxSupplierUrl(appUrl, 'ALARO')}/float/topup`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: '2500.50' }),
    });
    expect(topUp.status).toBe(200);
    expect(await topUp.json()).toEqual({ wallet_balance: (before + 250_050) / 100 });
    toppedUp.ALARO += 250_050;

    expect(await topUpSandboxFloat(t.ctx.db, 'ALARO', 100)).toBe(before + 250_150);
    toppedUp.ALARO += 100;
    await expect(topUpSandboxFloat(t.ctx.db, 'ALARO', 0)).rejects.toThrow(RangeError);
    await expect(topUpSandboxFloat(t.ctx.db, 'ALARO', 1.5)).rejects.toThrow(RangeError);

    for (const amount of [0, -5, 'abc', 1.234]) {
      const bad = await fetch(`${sandboxSupplierUrl(appUrl, 'ALARO')}/float/topup`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ amount }),
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toHaveProperty('amount');
    }
    expect(await float('ALARO')).toBe(before + 250_150);
    await expectFloatConserved();
  });
});
