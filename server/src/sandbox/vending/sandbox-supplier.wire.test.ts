import type { AddressInfo } from 'node:net';
import type { TSupplier } from '@vendo/shared/constants';
import { eq, sql } from 'drizzle-orm';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { sandboxSupplierOrders } from '../../db/schema/index.ts';
import { createHusmodataSupplier } from '../../providers/vending/husmodata.ts';
import { sandboxSupplierUrl } from '../../providers/vending/registry.ts';
import { loadSupplierSettings } from '../../config.ts';
import { SANDBOX_SUPPLIER_KEYS } from '../../providers/vending/suppliers.config.ts';
import { databaseSandboxBooks } from './sandbox-books.ts';
import { sandboxSupplierRoutes } from './sandbox-supplier.routes.ts';
import {
  SLOW_MS,
  appUrl,
  close,
  dataOrder,
  expectFloatConserved,
  expectOutcome,
  float,
  glad,
  meter,
  plan,
  t,
  useSandboxSuppliers,
} from './sandbox-supplier.test-helpers.ts';

/**
 * The sandbox suppliers over real HTTP, driven by the real adapter (no mocked fetch): every
 * trigger from the adapter's point of view, the float, and the wire details.
 */

useSandboxSuppliers();

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
