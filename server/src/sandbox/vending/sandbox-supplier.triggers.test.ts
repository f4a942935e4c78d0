import { describe, expect, it, vi } from 'vitest';
import {
  SHORT_TIMEOUT_MS,
  SLOW_MS,
  alaro,
  dataOrder,
  expectFloatConserved,
  expectOutcome,
  float,
  glad,
  impatientGlad,
  next,
  plan,
  useSandboxSuppliers,
  restartSandbox,
} from './sandbox-supplier.test-helpers.ts';

/**
 * The sandbox suppliers over real HTTP, driven by the real adapter (no mocked fetch): every
 * trigger from the adapter's point of view, the float, and the wire details.
 */

useSandboxSuppliers();

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
    await restartSandbox();
    expectOutcome(
      await glad.query('data', { supplierRef: result.supplierRef, reference: order.reference }),
      'success',
    );
    await expectFloatConserved();
  });
});
