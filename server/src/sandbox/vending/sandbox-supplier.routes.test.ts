import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TSupplier } from '@vendo/shared/constants';
import { eq, sql } from 'drizzle-orm';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { dataPlans, sandboxSupplierFloats, sandboxSupplierOrders } from '../../db/schema/index.ts';
import { isAppError } from '../../lib/app-error.ts';
import { createHusmodataSupplier } from '../../providers/vending/husmodata.ts';
import type { SupplierResult, VendingSupplier } from '../../providers/vending/port.ts';
import { createSupplierRegistry, sandboxSupplierUrl } from '../../providers/vending/registry.ts';
import { loadSupplierSettings } from '../../config.ts';
import { SANDBOX_SUPPLIER_KEYS } from '../../providers/vending/suppliers.config.ts';
import { placeSandboxOrder, sandboxFloatKobo, topUpSandboxFloat } from './sandbox-store.ts';
import { databaseSandboxBooks } from './sandbox-books.ts';
import { sandboxSupplierRoutes } from './sandbox-supplier.routes.ts';

/**
 * The sandbox suppliers over real HTTP, driven by the real adapter (no mocked fetch): every
 * trigger from the adapter's point of view, the float, and the wire details.
 */

const SLOW_MS = 1000;
const SHORT_TIMEOUT_MS = 300;

let t: TestApp;
let server: Server;
let appUrl: string;
let glad: VendingSupplier;
let alaro: VendingSupplier;
/** GLAD with a timeout shorter than the sandbox's slow answer (trigger 3333). */
let impatientGlad: VendingSupplier;
/** The GLAD plan id and its cost (the sandbox's price) for MTN SME 1GB in the seeded catalogue. */
let plan: { glad: string; alaro: string; costKobo: number };

const listen = async (db: TestApp['ctx']['db']): Promise<Server> => {
  const app = express();
  app.use(
    '/sandbox/suppliers',
    sandboxSupplierRoutes({
      books: databaseSandboxBooks(db),
      apiKeys: SANDBOX_SUPPLIER_KEYS,
      slowMs: SLOW_MS,
    }),
  );
  const s = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => s.once('listening', resolve));
  return s;
};
const close = async (s: Server) => {
  s.closeAllConnections();
  await new Promise((resolve) => s.close(resolve));
};

/** Adapters for the sandbox on `server`, as the app builds them (registry, default settings). */
const connectAdapters = () => {
  appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const settings = loadSupplierSettings({ SUPPLIER_TIMEOUT_MS: '5000' });
  const registry = createSupplierRegistry({ settings, sandboxBaseUrl: appUrl });
  glad = registry.get('GLAD');
  alaro = registry.get('ALARO');
  impatientGlad = createHusmodataSupplier({
    ...settings.GLAD,
    name: 'GLAD',
    baseUrl: sandboxSupplierUrl(appUrl, 'GLAD'),
    timeoutMs: SHORT_TIMEOUT_MS,
  });
};

beforeAll(async () => {
  t = await createTestApp();
  server = await listen(t.ctx.db);
  connectAdapters();
  const [row] = await t.ctx.db
    .select()
    .from(dataPlans)
    .where(
      sql`${dataPlans.network} = 'MTN' and ${dataPlans.planType} = 'SME' and ${dataPlans.plan} = '1GB'`,
    );
  plan = {
    glad: row!.supplierPlanIds.GLAD!,
    alaro: row!.supplierPlanIds.ALARO!,
    costKobo: row!.costPriceKobo,
  };
});
afterAll(async () => {
  await close(server);
  await t.close();
});

let seq = 0;
/** A unique reference and an 11-digit phone number ending in the given four digits. */
const next = (lastFour: string) => {
  seq += 1;
  return {
    reference: `VND-T-${seq}-${Date.now()}`,
    phone: `0803${String(seq).padStart(3, '0')}${lastFour}`,
  };
};
const dataOrder = (lastFour: string, overrides: Record<string, unknown> = {}) => {
  const { reference, phone } = next(lastFour);
  return {
    reference,
    network: 'MTN' as const,
    phone,
    supplierPlanId: plan.glad,
    ported: false,
    ...overrides,
  };
};
const meter = (lastFour: string) => `4501${String(++seq).padStart(3, '0')}${lastFour}`;
const electricityOrder = (meterNumber: string, amountKobo = 500_000) => ({
  reference: `VND-E-${++seq}-${Date.now()}`,
  discoId: 20,
  meterNumber,
  meterType: 'prepaid' as const,
  amountKobo,
  phone: '08031234567',
  customerName: 'OKAFOR EMEKA',
});
const float = (supplier: TSupplier = 'GLAD') => sandboxFloatKobo(t.ctx.db, supplier);
const expectOutcome = (result: SupplierResult, outcome: SupplierResult['outcome']) =>
  expect(result.outcome, `${result.message} | ${result.raw}`).toBe(outcome);

/** The float rule: opening + top-ups − Σ(successful and processing orders) = float, per supplier. */
const toppedUp: Record<TSupplier, number> = { ALARO: 0, GLAD: 0 };
const adjusted: Record<TSupplier, number> = { ALARO: 0, GLAD: 0 };
const expectFloatConserved = async () => {
  for (const supplier of ['ALARO', 'GLAD'] as const) {
    const [{ held }] = (await t.ctx.db
      .select({ held: sql<string>`coalesce(sum(${sandboxSupplierOrders.amountKobo}), 0)` })
      .from(sandboxSupplierOrders)
      .where(
        sql`${sandboxSupplierOrders.supplier} = ${supplier} and ${sandboxSupplierOrders.status} in ('successful', 'processing')`,
      )) as [{ held: string }];
    expect(await float(supplier)).toBe(
      500_000_000 + toppedUp[supplier] + adjusted[supplier] - Number(held),
    );
  }
};

describe('sandbox suppliers: triggers through the adapter', () => {
  it('any other number: successful at once, float debited by the plan cost, re-query successful', async () => {
    const before = await float();
    const order = dataOrder('5678');
    const result = await glad.buyData(order);
    expectOutcome(result, 'success');
    expect(result.supplierRef).toMatch(/^\d+$/);
    expect(result.message).toContain(order.phone);
    expect(await float()).toBe(before - plan.costKobo);
    expect(JSON.parse(result.raw)).toMatchObject({
      Status: 'successful',
      mobile_number: order.phone,
      plan: plan.glad,
      plan_name: 'MTN SME 1GB',
      plan_amount: (plan.costKobo / 100).toFixed(2),
      balance_before: (before / 100).toFixed(2),
      balance_after: ((before - plan.costKobo) / 100).toFixed(2),
      request_id: order.reference,
    });
    expectOutcome(
      await glad.query('data', { supplierRef: result.supplierRef, reference: order.reference }),
      'success',
    );
    expectOutcome(
      await glad.query('data', { supplierRef: null, reference: order.reference }),
      'success',
    );
    await expectFloatConserved();
  });

  it('0000: definite failure, no float taken; re-query says failed', async () => {
    const before = await float();
    const order = dataOrder('0000');
    const result = await glad.buyData(order);
    expectOutcome(result, 'failed');
    expect(result.insufficientFloat).toBeUndefined();
    expect(await float()).toBe(before);
    expectOutcome(
      await glad.query('data', { supplierRef: null, reference: order.reference }),
      'failed',
    );
    expect(await float()).toBe(before);
    await expectFloatConserved();
  });

  it('1111: processing (pending), float held; re-query says successful', async () => {
    const before = await float();
    const order = dataOrder('1111');
    const result = await glad.buyData(order);
    expectOutcome(result, 'pending');
    expect(result.message).toBe("GLAD status 'processing'");
    expect(result.supplierRef).not.toBeNull();
    expect(await float()).toBe(before - plan.costKobo);
    expectOutcome(
      await glad.query('data', { supplierRef: result.supplierRef, reference: order.reference }),
      'success',
    );
    expectOutcome(
      await glad.query('data', { supplierRef: result.supplierRef, reference: order.reference }),
      'success',
    );
    expect(await float()).toBe(before - plan.costKobo);
    await expectFloatConserved();
  });

  it('2222: processing (pending); re-query says failed and the float comes back once', async () => {
    const before = await float();
    const order = dataOrder('2222');
    const result = await glad.buyData(order);
    expectOutcome(result, 'pending');
    expect(await float()).toBe(before - plan.costKobo);
    const queries = await Promise.all(
      Array.from({ length: 5 }, () =>
        glad.query('data', { supplierRef: result.supplierRef, reference: order.reference }),
      ),
    );
    for (const q of queries) expectOutcome(q, 'failed');
    expect(await float()).toBe(before);
    await expectFloatConserved();
  });

  it('3333: no answer within the adapter timeout → pending; the order stands, re-query successful', async () => {
    const before = await float();
    const order = dataOrder('3333');
    const started = Date.now();
    const result = await impatientGlad.buyData(order);
    expect(Date.now() - started).toBeLessThan(SLOW_MS);
    expect(result).toEqual({
      outcome: 'pending',
      supplierRef: null,
      message: `No answer from GLAD within ${SHORT_TIMEOUT_MS} ms`,
      raw: '',
    });
    // The supplier took the order even though we stopped waiting (on a busy machine it may
    // still be booking it when the adapter gives up).
    await vi.waitFor(async () => expect(await float()).toBe(before - plan.costKobo), {
      timeout: SLOW_MS,
    });
    expectOutcome(
      await glad.query('data', { supplierRef: null, reference: order.reference }),
      'success',
    );
    await expectFloatConserved();
  });

  it('3333 with a patient adapter: the slow answer is a success', async () => {
    const result = await glad.buyData(dataOrder('3333'));
    expectOutcome(result, 'success');
  });

  it('4444: HTTP 500 HTML → pending; delivered despite the error, re-query successful', async () => {
    const before = await float();
    const order = dataOrder('4444');
    const result = await glad.buyData(order);
    expectOutcome(result, 'pending');
    expect(result.message).toBe('GLAD answered HTTP 500');
    expect(result.raw).toContain('Server Error (500)');
    expect(await float()).toBe(before - plan.costKobo);
    expectOutcome(
      await glad.query('data', { supplierRef: null, reference: order.reference }),
      'success',
    );
    await expectFloatConserved();
  });

  it('airtime: face value in naira debited; triggers apply to airtime too', async () => {
    const before = await float();
    const ok = next('9876');
    const result = await glad.buyAirtime({
      reference: ok.reference,
      network: 'GLO',
      phone: ok.phone,
      amountKobo: 150_050,
      ported: true,
    });
    expectOutcome(result, 'success');
    expect(JSON.parse(result.raw)).toMatchObject({
      amount: '1500.50',
      airtime_type: 'VTU',
      Ported_number: true,
    });
    expect(await float()).toBe(before - 150_050);

    const bad = next('0000');
    expectOutcome(
      await glad.buyAirtime({
        reference: bad.reference,
        network: 'GLO',
        phone: bad.phone,
        amountKobo: 10_000,
        ported: false,
      }),
      'failed',
    );
    const slow = next('2222');
    const pending = await glad.buyAirtime({
      reference: slow.reference,
      network: 'GLO',
      phone: slow.phone,
      amountKobo: 10_000,
      ported: false,
    });
    expectOutcome(pending, 'pending');
    expectOutcome(
      await glad.query('airtime', { supplierRef: pending.supplierRef, reference: slow.reference }),
      'failed',
    );
    // An airtime id is not found among data orders.
    expectOutcome(
      await glad.query('data', { supplierRef: pending.supplierRef, reference: 'nope' }),
      'pending',
    );
    expect(await float()).toBe(before - 150_050);
    await expectFloatConserved();
  });

  it('re-query of an unknown order → 404 → pending with notFound (never failed)', async () => {
    const result = await glad.query('data', { supplierRef: null, reference: 'VND-NEVER-SENT' });
    expect(result).toMatchObject({
      outcome: 'pending',
      notFound: true,
      message: 'GLAD has no record of this order',
    });
    expect(JSON.parse(result.raw)).toEqual({ detail: 'Not found.' });
    expectOutcome(
      await glad.query('electricity', { supplierRef: '99999999', reference: 'x' }),
      'pending',
    );
  });

  it('an order the sandbox cannot price (unknown plan) is refused → failed, nothing taken', async () => {
    const before = await float();
    const result = await glad.buyData(dataOrder('5678', { supplierPlanId: 'NO-SUCH-PLAN' }));
    expectOutcome(result, 'failed');
    expect(result.message).toBe('Invalid plan id NO-SUCH-PLAN.');
    expect(await float()).toBe(before);
  });

  it('the same request_id sent ten times at once is one order and one debit', async () => {
    const before = await float();
    const order = dataOrder('5678');
    const results = await Promise.all(Array.from({ length: 10 }, () => glad.buyData(order)));
    for (const result of results) expectOutcome(result, 'success');
    expect(new Set(results.map((r) => r.supplierRef)).size).toBe(1);
    expect(await float()).toBe(before - plan.costKobo);
    await expectFloatConserved();
  });

  it('ALARO and GLAD keep separate books; ALARO takes its own plan codes', async () => {
    const [gladBefore, alaroBefore] = [await float('GLAD'), await float('ALARO')];
    const order = dataOrder('5678', { supplierPlanId: plan.alaro });
    const result = await alaro.buyData(order);
    expectOutcome(result, 'success');
    expect(plan.alaro).toBe('1GB_MTN-SME');
    expect(await float('ALARO')).toBe(alaroBefore - plan.costKobo);
    expect(await float('GLAD')).toBe(gladBefore);
    // Each supplier only finds its own orders.
    expectOutcome(
      await glad.query('data', { supplierRef: null, reference: order.reference }),
      'pending',
    );
    expectOutcome(
      await alaro.query('data', { supplierRef: result.supplierRef, reference: order.reference }),
      'success',
    );
    await expectFloatConserved();
  });

  it('orders survive a restart of the sandbox (they live in the database)', async () => {
    const order = dataOrder('1111');
    const result = await glad.buyData(order);
    expectOutcome(result, 'pending');
    await close(server);
    server = await listen(t.ctx.db);
    connectAdapters();
    expectOutcome(
      await glad.query('data', { supplierRef: result.supplierRef, reference: order.reference }),
      'success',
    );
    await expectFloatConserved();
  });
});

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

describe('sandbox suppliers: wire details', () => {
  const url = (path: string, supplier: TSupplier = 'GLAD') =>
    `${sandboxSupplierUrl(appUrl, supplier)}${path}`;
  const post = (path: string, body: unknown, key: string = SANDBOX_SUPPLIER_KEYS.GLAD) =>
    fetch(url(path), {
      method: 'POST',
      headers: { Authorization: `Token ${key}`, 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('a wrong or missing key → 401 {"detail":"Invalid token."}; the adapter reports failed, nothing stored', async () => {
    const wrong = createHusmodataSupplier({
      ...loadSupplierSettings({}).GLAD,
      name: 'GLAD',
      baseUrl: sandboxSupplierUrl(appUrl, 'GLAD'),
      apiKey: 'not-the-key',
    });
    const before = await float();
    const order = dataOrder('5678');
    const result = await wrong.buyData(order);
    expect(result).toMatchObject({
      outcome: 'failed',
      message: 'Supplier rejected our credentials',
    });
    expect(JSON.parse(result.raw)).toEqual({ detail: 'Invalid token.' });
    expect(await float()).toBe(before);
    expectOutcome(
      await glad.query('data', { supplierRef: null, reference: order.reference }),
      'pending',
    );
    // A re-query refused for our key says nothing about the order.
    expectOutcome(await wrong.query('data', { supplierRef: '1', reference: 'x' }), 'pending');
    await expect(
      wrong.validateMeter({ discoId: 20, meterNumber: meter('5678'), meterType: 'prepaid' }),
    ).rejects.toThrow();

    // One supplier's key does not open the other.
    const cross = await post('/api/data/', {}, SANDBOX_SUPPLIER_KEYS.ALARO);
    expect(cross.status).toBe(401);
    const none = await fetch(url('/api/user/'));
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('answers Django-style 400s for bad orders and malformed JSON', async () => {
    const missing = await post('/api/data/', {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      network: ['This field is required.'],
      mobile_number: ['This field is required.'],
      plan: ['This field is required.'],
    });
    const badNumber = await post('/api/topup/', {
      network: 1,
      amount: 100,
      mobile_number: '0803-123',
      airtime_type: 'VTU',
    });
    expect(await badNumber.json()).toEqual({ mobile_number: ['Enter a valid phone number.'] });
    const badAmount = await post('/api/topup/', {
      network: 1,
      amount: 100.555,
      mobile_number: '08031234567',
    });
    expect(await badAmount.json()).toEqual({ amount: ['A valid number is required.'] });
    const badBill = await post('/api/v2/billpayment/', {
      disco_id: 99,
      amount: 1000,
      meter_number: '123',
      meter_type: 'smart',
    });
    expect(await badBill.json()).toEqual({
      disco_id: ['Invalid disco id.'],
      meter_number: ['Enter a valid meter number.'],
      meter_type: ['"meter_type" must be prepaid or postpaid.'],
    });
    const malformed = await post('/api/data/', '{"network": 1,');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ detail: 'JSON parse error.' });
    const unknown = await fetch(url('/api/nothing/'), {
      headers: { Authorization: `Token ${SANDBOX_SUPPLIER_KEYS.GLAD}` },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'Not found.' });
  });

  it('reads JSON bodies only, up to 20 kB, and 404s what it does not serve', async () => {
    const tooLarge = await post('/api/data/', { network: 1, note: 'x'.repeat(21 * 1024) });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ detail: 'Request body too large.' });
    const notAnObject = await post('/api/data/', '"1"');
    expect(notAnObject.status).toBe(400);
    expect(await notAnObject.json()).toEqual({ detail: 'JSON parse error.' });
    // A form body is not read: the order then has none of its fields.
    const form = await fetch(url('/api/data/'), {
      method: 'POST',
      headers: {
        Authorization: `Token ${SANDBOX_SUPPLIER_KEYS.GLAD}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'network=1&plan=1&mobile_number=08031234567',
    });
    expect(form.status).toBe(400);
    expect(Object.keys((await form.json()) as object).sort()).toEqual([
      'mobile_number',
      'network',
      'plan',
    ]);
    // The method matters, the trailing slash and the case of the path do not.
    const wrongMethod = await fetch(url('/api/data/'), {
      headers: { Authorization: `Token ${SANDBOX_SUPPLIER_KEYS.GLAD}` },
    });
    expect(wrongMethod.status).toBe(404);
    const user = await fetch(url('/API/User'), {
      headers: { Authorization: `Token ${SANDBOX_SUPPLIER_KEYS.GLAD}` },
    });
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ username: 'vendo-glad' });
    // A re-query key that is not valid percent-encoding names no order.
    const undecodable = await fetch(url('/api/data/%E0%A4%A/'), {
      headers: { Authorization: `Token ${SANDBOX_SUPPLIER_KEYS.GLAD}` },
    });
    expect(undecodable.status).toBe(404);
    expect(await undecodable.json()).toEqual({ detail: 'Not found.' });
    // A path that names no sandbox supplier is not theirs to answer.
    const elsewhere = await fetch(`${appUrl}/sandbox/suppliers/nobody/api/user/`);
    expect(elsewhere.status).toBe(404);
  });

  it('takes the body a JSON parser mounted in front of it already read', async () => {
    const app = express();
    app.use(express.json());
    app.use(
      '/sandbox/suppliers',
      sandboxSupplierRoutes({
        books: databaseSandboxBooks(t.ctx.db),
        apiKeys: SANDBOX_SUPPLIER_KEYS,
        slowMs: SLOW_MS,
      }),
    );
    const s = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => s.once('listening', resolve));
    try {
      const base = sandboxSupplierUrl(
        `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
        'GLAD',
      );
      const answer = await fetch(`${base}/api/data/`, {
        method: 'POST',
        headers: {
          Authorization: `Token ${SANDBOX_SUPPLIER_KEYS.GLAD}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ network: 1 }),
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        mobile_number: ['This field is required.'],
        plan: ['This field is required.'],
      });
    } finally {
      await close(s);
    }
  });

  it('stores the order it was sent (for re-query after a restart)', async () => {
    const order = dataOrder('5678', { ported: true });
    const result = await glad.buyData(order);
    const [row] = await t.ctx.db
      .select()
      .from(sandboxSupplierOrders)
      .where(eq(sandboxSupplierOrders.id, Number(result.supplierRef)));
    expect(row).toMatchObject({
      supplier: 'GLAD',
      kind: 'data',
      requestId: order.reference,
      status: 'successful',
      amountKobo: plan.costKobo,
      request: {
        network: 1,
        mobile_number: order.phone,
        plan: plan.glad,
        plan_name: 'MTN SME 1GB',
        Ported_number: true,
      },
    });
  });
});

describe('sandbox suppliers: price list', () => {
  it("prices a data order at the catalogue's cost price as it is now", async () => {
    await t.ctx.db.execute(
      sql`update data_plans set cost_price_kobo = cost_price_kobo + 100
          where supplier_plan_ids ->> 'GLAD' = ${plan.glad}`,
    );
    try {
      const before = await float();
      const result = await glad.buyData(dataOrder('5678'));
      expectOutcome(result, 'success');
      expect(JSON.parse(result.raw)).toMatchObject({
        plan_amount: ((plan.costKobo + 100) / 100).toFixed(2),
      });
      expect(await float()).toBe(before - plan.costKobo - 100);
    } finally {
      await t.ctx.db.execute(
        sql`update data_plans set cost_price_kobo = cost_price_kobo - 100
            where supplier_plan_ids ->> 'GLAD' = ${plan.glad}`,
      );
    }
    await expectFloatConserved();
  });
});
