import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, billsProducts, billsServices, transactions } from '../../db/schema/index.ts';
import type { TestUser } from '../../../test/factories/user.factory.ts';
import { admin, agent, customer, t, usePlansTestApp } from './plans.test-helpers.ts';

/** The bills catalogue back office (docs/product-rules.md#bills-catalogue) over HTTP. */

usePlansTestApp();

const call = (who: TestUser, method: 'get' | 'post' | 'patch' | 'delete', path: string) =>
  t.request()[method](`/api/v1${path}`).set('x-auth-token', who.token);

type Product = {
  _id: string;
  code: string;
  name: string;
  costPrice: number;
  smartEarnerPrice: number;
  resellerPrice: number;
  apiPrice: number;
  isAvailable: boolean;
  margins: { smartEarner: number; reseller: number; api: number };
};
type Service = {
  serviceId: string;
  name: string;
  isOpen: boolean;
  supplierName: string;
  products: Product[];
};

const catalogue = async (who: TestUser = admin, query = '') => {
  const res = await call(who, 'get', `/admin/bills${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { services: Service[]; suppliers: string[] };
};
const productOf = async (serviceId: string, code: string) => {
  const service = (await catalogue()).services.find((s) => s.serviceId === serviceId)!;
  return service.products.find((p) => p.code === code)!;
};
const auditOf = (action: string, targetId: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

let seq = 0;
const bouquet = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    serviceId: 'gotv',
    code: `gotv-test-${seq}`,
    name: `GOtv Test ${seq}`,
    costPrice: 1000,
    smartEarnerPrice: 1100,
    resellerPrice: 1070,
    apiPrice: 1050,
    ...overrides,
  };
};

describe('GET /admin/bills', () => {
  it('lists every provider, exam body and e-PIN network in order, with cost, tier prices and margins', async () => {
    const { services, suppliers } = await catalogue(agent);
    expect(suppliers).toEqual(['VTPASS']);
    expect(services.map((s) => s.serviceId)).toEqual([
      'dstv',
      'gotv',
      'startimes',
      'showmax',
      'waec',
      'waec-registration',
      'neco',
      'nabteb',
      'jamb',
      'epin-mtn',
      'epin-glo',
      'epin-airtel',
      'epin-9mobile',
    ]);
    expect(services.find((s) => s.serviceId === 'epin-airtel')).toMatchObject({
      name: 'Airtel e-PINs',
      kind: 'epin',
    });
    const dstv = services[0]!;
    expect(dstv).toMatchObject({ name: 'DStv', isOpen: true, supplierName: 'VTPASS' });
    expect(dstv.products[0]).toMatchObject({
      code: 'dstv-padi',
      name: 'DStv Padi',
      supplierCode: 'dstv-padi',
      costPrice: 4400,
      smartEarnerPrice: 4500,
      resellerPrice: 4470,
      apiPrice: 4450,
      isAvailable: true,
      margins: { smartEarner: 100, reseller: 70, api: 50 },
    });
    expect(services.find((s) => s.serviceId === 'jamb')!.products.map((p) => p.code)).toEqual([
      'jamb-utme',
      'jamb-de',
    ]);
  });

  it('filters by service, refuses an unknown one and customers', async () => {
    const only = await catalogue(admin, '?service=showmax');
    expect(only.services.map((s) => s.serviceId)).toEqual(['showmax']);
    const bad = await call(admin, 'get', '/admin/bills?service=canal');
    expect([bad.status, bad.body.msg]).toEqual([400, 'Choose a provider or exam body']);
    expect((await call(customer, 'get', '/admin/bills')).status).toBe(403);
  });
});

describe('changing a product', () => {
  it('lets an agent change tier prices, audited, and refuses a price below the next tier', async () => {
    const padi = await productOf('dstv', 'dstv-padi');
    const res = await call(agent, 'post', `/admin/bills/products/${padi._id}/price`).send({
      smartEarnerPrice: 4600,
      resellerPrice: '4500.50',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.product).toMatchObject({
      smartEarnerPrice: 4600,
      resellerPrice: 4500.5,
      apiPrice: 4450,
      margins: { smartEarner: 200, reseller: 100.5, api: 50 },
    });
    const [row] = await t.ctx.db.select().from(billsProducts).where(eq(billsProducts.id, padi._id));
    expect(row).toMatchObject({ smartEarnerPriceKobo: 4600_00, resellerPriceKobo: 4500_50 });
    const [entry] = await auditOf('bills_product.price', padi._id);
    expect(entry).toMatchObject({
      actorId: agent.id,
      before: { smartEarnerPriceKobo: 4500_00, resellerPriceKobo: 4470_00 },
      after: { smartEarnerPriceKobo: 4600_00, resellerPriceKobo: 4500_50 },
    });

    const below = await call(agent, 'post', `/admin/bills/products/${padi._id}/price`).send({
      apiPrice: 4700,
    });
    expect([below.status, below.body.msg]).toEqual([
      400,
      'DStv Padi: The reseller price must not be below the API price',
    ]);
    const empty = await call(agent, 'post', `/admin/bills/products/${padi._id}/price`).send({});
    expect([empty.status, empty.body.msg]).toEqual([400, 'Please enter a valid value']);
    expect(await productOf('dstv', 'dstv-padi')).toMatchObject({ apiPrice: 4450 });
  });

  it('lets an admin (not an agent) change name, cost and availability; audited', async () => {
    const neco = await productOf('neco', 'neco');
    const path = `/admin/bills/products/${neco._id}`;
    expect((await call(agent, 'patch', path).send({ isAvailable: false })).status).toBe(403);
    const res = await call(admin, 'patch', path).send({
      name: 'NECO result token (2026)',
      costPrice: 1420,
      isAvailable: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.product).toMatchObject({
      name: 'NECO result token (2026)',
      costPrice: 1420,
      isAvailable: false,
      margins: { smartEarner: 80, reseller: 50, api: 30 },
    });
    const [entry] = await auditOf('bills_product.update', neco._id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      before: { costPriceKobo: 1400_00, isAvailable: true },
      after: { costPriceKobo: 1420_00, isAvailable: false },
    });

    const aboveApi = await call(admin, 'patch', path).send({ costPrice: 1460 });
    expect([aboveApi.status, aboveApi.body.msg]).toEqual([
      400,
      'NECO result token (2026): The API price must not be below the cost price',
    ]);
    const nothing = await call(admin, 'patch', path).send({});
    expect([nothing.status, nothing.body.msg]).toEqual([400, 'Nothing to change']);
    const badPrice = await call(admin, 'patch', path).send({ smartEarnerPrice: '12.345' });
    expect([badPrice.status, badPrice.body.msg]).toEqual([400, 'Enter a valid smart earner price']);
    const gone = await call(admin, 'patch', `/admin/bills/products/${crypto.randomUUID()}`).send({
      name: 'X',
    });
    expect([gone.status, gone.body.msg]).toEqual([
      404,
      'That product does not exist (it may have been deleted)',
    ]);
  });
});

describe('adding and deleting a bouquet', () => {
  it('adds a bouquet last in its provider, refuses a taken code and exam bodies', async () => {
    const body = bouquet();
    expect((await call(agent, 'post', '/admin/bills/products').send(body)).status).toBe(403);
    const res = await call(admin, 'post', '/admin/bills/products').send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.product).toMatchObject({ code: body.code, supplierCode: body.code });
    const gotv = (await catalogue()).services.find((s) => s.serviceId === 'gotv')!;
    expect(gotv.products.at(-1)!.code).toBe(body.code);
    expect(await auditOf('bills_product.add', res.body.product._id)).toHaveLength(1);

    const again = await call(admin, 'post', '/admin/bills/products').send({
      ...body,
      code: body.code.toUpperCase(),
    });
    expect([again.status, again.body.msg]).toEqual([
      409,
      `GOtv already has a bouquet with code ${body.code.toUpperCase()}`,
    ]);
    const exam = await call(admin, 'post', '/admin/bills/products').send(
      bouquet({ serviceId: 'waec' }),
    );
    expect([exam.status, exam.body.msg]).toEqual([
      400,
      'WAEC result checker sells a fixed PIN kind: change its prices or availability instead',
    ]);
    const disorder = await call(admin, 'post', '/admin/bills/products').send(
      bouquet({ resellerPrice: 1200 }),
    );
    expect(disorder.status).toBe(400);
    expect(disorder.body.msg).toMatch(/smart earner price must not be below the reseller price/);
    const badCode = await call(admin, 'post', '/admin/bills/products').send(
      bouquet({ code: 'gotv max!' }),
    );
    expect([badCode.status, badCode.body.msg]).toEqual([
      400,
      'Enter the bouquet code: letters, digits, - or _',
    ]);
  });

  it('deletes a bouquet (audited), but not an exam PIN nor one with a pending purchase', async () => {
    const added = (await call(admin, 'post', '/admin/bills/products').send(bouquet())).body
      .product as Product;
    await t.ctx.db.insert(transactions).values({
      userId: customer.id,
      type: 'cable',
      status: 'pending',
      reference: `TST${Date.now()}`,
      amountKobo: 1100_00,
      balanceBeforeKobo: 0,
      balanceAfterKobo: 0,
      details: { provider: 'gotv', bouquetCode: added.code },
    });
    const pending = await call(admin, 'delete', `/admin/bills/products/${added._id}`);
    expect(pending.status).toBe(409);
    expect(pending.body.msg).toMatch(/still pending/);
    await t.ctx.db
      .update(transactions)
      .set({ status: 'success' })
      .where(eq(transactions.userId, customer.id));

    expect((await call(agent, 'delete', `/admin/bills/products/${added._id}`)).status).toBe(403);
    const res = await call(admin, 'delete', `/admin/bills/products/${added._id}`);
    expect([res.status, res.body.msg]).toEqual([200, `${added.name} is deleted`]);
    expect(
      await t.ctx.db.select().from(billsProducts).where(eq(billsProducts.id, added._id)),
    ).toEqual([]);
    expect(await auditOf('bills_product.delete', added._id)).toHaveLength(1);
    expect((await call(admin, 'delete', `/admin/bills/products/${added._id}`)).status).toBe(404);

    const waec = await productOf('waec', 'waec');
    const exam = await call(admin, 'delete', `/admin/bills/products/${waec._id}`);
    expect([exam.status, exam.body.msg]).toEqual([
      409,
      'WAEC result checker PIN is one of the fixed exam PINs: make it unavailable instead',
    ]);
  });
});

describe('locks and suppliers', () => {
  it('locks and unlocks a provider (admins only), audited, and shows it to customers', async () => {
    const lock = { serviceId: 'dstv', isOpen: false };
    expect((await call(agent, 'post', '/admin/bills/serviceStatus').send(lock)).status).toBe(403);
    const res = await call(admin, 'post', '/admin/bills/serviceStatus').send(lock);
    expect([res.status, res.body.msg]).toEqual([200, 'DStv is now locked']);
    const [row] = await t.ctx.db
      .select()
      .from(billsServices)
      .where(eq(billsServices.serviceId, 'dstv'));
    expect(row!.isOpen).toBe(false);
    expect(await auditOf('bills_service.status', 'dstv')).toMatchObject([
      { before: { isOpen: true }, after: { isOpen: false } },
    ]);

    const open = await t.request().get('/api/v1/bills/services');
    expect(open.status).toBe(200);
    expect(open.headers['cache-control']).toBe('no-store');
    expect(open.body.services[0]).toEqual({
      serviceId: 'dstv',
      name: 'DStv',
      kind: 'cable',
      isOpen: false,
    });
    expect(open.body.services.filter((s: { isOpen: boolean }) => !s.isOpen)).toHaveLength(1);
    expect(JSON.stringify(open.body)).not.toMatch(/VTPASS|price/i);

    await call(admin, 'post', '/admin/bills/serviceStatus').send({ ...lock, isOpen: true });
    expect((await catalogue()).services[0]!.isOpen).toBe(true);
    const bad = await call(admin, 'post', '/admin/bills/serviceStatus').send({
      serviceId: 'dstv',
      isOpen: 'maybe',
    });
    expect([bad.status, bad.body.msg]).toEqual([
      400,
      'Choose whether it sells (true) or is locked (false)',
    ]);
  });

  it('sets a supplier from the list only', async () => {
    const res = await call(admin, 'post', '/admin/bills/supplier').send({
      serviceId: 'jamb',
      supplierName: 'VTPASS',
    });
    expect([res.status, res.body.msg]).toEqual([200, 'JAMB is now served by VTPASS']);
    expect(await auditOf('bills_service.supplier', 'jamb')).toHaveLength(1);
    const other = await call(admin, 'post', '/admin/bills/supplier').send({
      serviceId: 'jamb',
      supplierName: 'ALARO',
    });
    expect([other.status, other.body.msg]).toEqual([400, 'Choose a supplier: VTPASS']);
    expect((await call(agent, 'post', '/admin/bills/supplier').send({})).status).toBe(403);
  });
});
