import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUserType } from '@vendo/shared/constants';
import { createUser } from '../../../test/factories/user.factory.ts';
import { findSecretLeaks } from '../../../test/helpers/secrets.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { dataPlans } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PRICE_ROW_KEYS = [
  'id',
  'plan_network',
  'plan_type',
  'plan',
  'my_price',
  'resellerPrice',
  'apiPrice',
  'month_validate',
].sort();
const DATA_PLAN_KEYS = [
  '_id',
  'id',
  'plan',
  'plan_type',
  'plan_network',
  'plan_amount',
  'month_validate',
  'my_price',
  'resellerPrice',
  'apiPrice',
  'isAvailable',
].sort();
const LIST_KEY = { MTN: 'MTN', GLO: 'GLO', AIRTEL: 'AIRTEL', '9MOBILE': 'NMOBILE' } as const;

type PriceRow = {
  id: string;
  plan_network: keyof typeof LIST_KEY;
  plan_type: string;
  plan: string;
  my_price: number;
  resellerPrice: number;
  apiPrice: number;
  month_validate: string;
};
type DataPlan = Omit<PriceRow, 'id'> & { _id: string; id: string; plan_amount: number };

/** Every key anywhere in a JSON value. */
const allKeys = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(allKeys)
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, child]) => [key, ...allKeys(child)])
      : [];

const availablePlans = () =>
  t.ctx.db.select().from(dataPlans).where(eq(dataPlans.isAvailable, true));

/** A plan outside the seeded catalogue, so a test can change it without touching the others. */
let planSeq = 0;
const insertPlan = async (overrides: Partial<typeof dataPlans.$inferInsert> = {}) => {
  planSeq += 1;
  const [row] = await t.ctx.db
    .insert(dataPlans)
    .values({
      planId: `T${planSeq}${Math.random().toString(36).slice(2, 6)}`,
      plan: '7GB',
      planType: 'SME',
      network: 'MTN',
      volumeMb: 7000,
      validity: '30 days',
      costPriceKobo: 300_000,
      apiPriceKobo: 310_000,
      resellerPriceKobo: 320_000,
      smartEarnerPriceKobo: 330_000,
      ...overrides,
    })
    .returning();
  return row!;
};

describe('GET /api/v1/prices/services', () => {
  it('answers the airtime discount per account type and the electricity fee, as charged', async () => {
    const res = await t.request().get('/api/v1/prices/services');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.body).toEqual({
      airtime: [
        { userType: 'smart earner', chargePercent: 99, discountPercent: 1 },
        { userType: 'reseller', chargePercent: 98, discountPercent: 2 },
        { userType: 'api user', chargePercent: 99, discountPercent: 1 },
      ],
      electricity: { feeNaira: 50 },
    });
  });
});

describe('GET /api/v1/prices', () => {
  it('answers every available plan as a public price row, to anyone', async () => {
    const res = await t.request().get('/api/v1/prices');

    expect(res.status).toBe(200);
    const rows = res.body as PriceRow[];
    const plans = await availablePlans();
    expect(rows.length).toBe(plans.length);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(PRICE_ROW_KEYS);
      expect(typeof row.id).toBe('string');
      expect(typeof row.plan).toBe('string');
      expect(typeof row.month_validate).toBe('string');
    }
  });

  it('never answers a cost price, under any key', async () => {
    const res = await t.request().get('/api/v1/prices');

    expect(allKeys(res.body).filter((key) => /cost/i.test(key))).toEqual([]);
    expect(findSecretLeaks(res.body)).toEqual([]);
    // No price shown equals what Vendo pays: every tier price is above cost.
    const costs = new Map(
      (await availablePlans()).map((p) => [`${p.network}/${p.planId}`, p.costPriceKobo / 100]),
    );
    for (const row of res.body as PriceRow[]) {
      const cost = costs.get(`${row.plan_network}/${row.id}`)!;
      expect([row.apiPrice, row.resellerPrice, row.my_price]).not.toContain(cost);
    }
  });

  it('answers each row with apiPrice ≤ resellerPrice ≤ my_price, in naira as stored', async () => {
    const res = await t.request().get('/api/v1/prices');
    const stored = new Map((await availablePlans()).map((p) => [`${p.network}/${p.planId}`, p]));

    for (const row of res.body as PriceRow[]) {
      expect(row.apiPrice).toBeLessThanOrEqual(row.resellerPrice);
      expect(row.resellerPrice).toBeLessThanOrEqual(row.my_price);
      const plan = stored.get(`${row.plan_network}/${row.id}`)!;
      expect(plan).toBeDefined();
      expect(row).toEqual({
        id: plan.planId,
        plan_network: plan.network,
        plan_type: plan.planType,
        plan: plan.plan,
        my_price: plan.smartEarnerPriceKobo / 100,
        resellerPrice: plan.resellerPriceKobo / 100,
        apiPrice: plan.apiPriceKobo / 100,
        month_validate: plan.validity,
      });
    }
  });

  it('covers every network and MTN data type, networks in MTN, GLO, AIRTEL, 9MOBILE order', async () => {
    const rows = (await t.request().get('/api/v1/prices')).body as PriceRow[];

    const networks = rows.map((r) => r.plan_network).filter((n, i, all) => all.indexOf(n) === i);
    expect(networks).toEqual(['MTN', 'GLO', 'AIRTEL', '9MOBILE']);
    const mtnTypes = new Set(rows.filter((r) => r.plan_network === 'MTN').map((r) => r.plan_type));
    for (const type of ['SME', 'SME2', 'CG', 'COUPON', 'DIRECT']) expect(mtnTypes).toContain(type);
  });

  it('leaves out a plan that is not available, and shows it once it is', async () => {
    const hidden = await insertPlan({ isAvailable: false });
    const has = async () =>
      ((await t.request().get('/api/v1/prices')).body as PriceRow[]).some(
        (r) => r.id === hidden.planId,
      );

    expect(await has()).toBe(false);
    await t.ctx.db.update(dataPlans).set({ isAvailable: true }).where(eq(dataPlans.id, hidden.id));
    expect(await has()).toBe(true);
    await t.ctx.db.update(dataPlans).set({ isAvailable: false }).where(eq(dataPlans.id, hidden.id));
  });

  it('shows a changed price on the next call', async () => {
    const plan = await insertPlan();
    await t.ctx.db
      .update(dataPlans)
      .set({ smartEarnerPriceKobo: 345_050 })
      .where(eq(dataPlans.id, plan.id));

    const rows = (await t.request().get('/api/v1/prices')).body as PriceRow[];

    expect(rows.find((r) => r.id === plan.planId)?.my_price).toBe(3450.5);
    await t.ctx.db.update(dataPlans).set({ isAvailable: false }).where(eq(dataPlans.id, plan.id));
  });
});

describe('data plan prices', () => {
  it.each([
    ['a cost above the api price', { costPriceKobo: 320_000 }],
    ['an api price above the reseller price', { apiPriceKobo: 325_000 }],
    ['a reseller price above the smart earner price', { resellerPriceKobo: 340_000 }],
    ['a negative cost', { costPriceKobo: -1 }],
  ])('refuses a plan with %s', async (_case, overrides) => {
    await expect(insertPlan({ ...overrides, isAvailable: false })).rejects.toThrow();
  });
});

describe('subscriptionPlans in login, register and GET /auth', () => {
  const priceField = {
    'smart earner': 'my_price',
    reseller: 'resellerPrice',
    'api user': 'apiPrice',
  } as const;

  /** Checks every list: the tier's price, no cost, and the same plans as the public price list. */
  const expectPlansFor = async (
    subscriptionPlans: Record<string, DataPlan[]>,
    userType: TUserType,
  ) => {
    const rows = (await t.request().get('/api/v1/prices')).body as PriceRow[];
    expect(Object.keys(subscriptionPlans).sort()).toEqual(['AIRTEL', 'GLO', 'MTN', 'NMOBILE']);
    expect(allKeys(subscriptionPlans).filter((key) => /cost/i.test(key))).toEqual([]);
    for (const network of ['MTN', 'GLO', 'AIRTEL', '9MOBILE'] as const) {
      const plans = subscriptionPlans[LIST_KEY[network]]!;
      const expected = rows.filter((r) => r.plan_network === network);
      expect(plans.map((p) => p.id)).toEqual(expected.map((r) => r.id));
      plans.forEach((plan, i) => {
        const row = expected[i]!;
        expect(Object.keys(plan).sort()).toEqual(DATA_PLAN_KEYS);
        expect(plan.plan_network).toBe(network);
        expect(plan).toMatchObject({
          my_price: row.my_price,
          resellerPrice: row.resellerPrice,
          apiPrice: row.apiPrice,
        });
        expect(plan.plan_amount).toBe(row[priceField[userType]]);
      });
    }
  };

  it.each(['smart earner', 'reseller', 'api user'] as const)(
    'prices every plan at the %s price on login',
    async (userType) => {
      const user = await createUser(t.ctx, { userType });
      const res = await t
        .request()
        .post('/api/v1/auth/login')
        .send({ userName: user.userName, password: user.password });

      expect(res.status).toBe(200);
      await expectPlansFor(res.body.subscriptionPlans, userType);
    },
  );

  it('charges a reseller less than a smart earner and an api user no more than a reseller', async () => {
    const plansFor = async (userType: TUserType) => {
      const user = await createUser(t.ctx, { userType });
      const res = await t.request().get('/api/v1/auth').set('x-auth-token', user.token);
      return (res.body.subscriptionPlans.MTN as DataPlan[]).map((p) => p.plan_amount);
    };
    const [earner, reseller, api] = [
      await plansFor('smart earner'),
      await plansFor('reseller'),
      await plansFor('api user'),
    ];

    expect(earner.some((price, i) => reseller[i]! < price)).toBe(true);
    earner.forEach((price, i) => {
      expect(reseller[i]).toBeLessThanOrEqual(price);
      expect(api[i]).toBeLessThanOrEqual(reseller[i]!);
    });
  });

  it('prices a new sign-up as a smart earner', async () => {
    const res = await t
      .request()
      .post('/api/v1/auth/register')
      .send({
        userName: `cat_${Math.random().toString(36).slice(2, 8)}`,
        email: `cat_${Math.random().toString(36).slice(2, 8)}@example.test`,
        phoneNumber: `0817${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        password: 'Secret#123',
        passwordCheck: 'Secret#123',
      });

    expect(res.status).toBe(201);
    await expectPlansFor(res.body.subscriptionPlans, 'smart earner');
  });

  it.each(['reseller', 'api user'] as const)(
    'answers the %s price on GET /auth too',
    async (userType) => {
      const user = await createUser(t.ctx, { userType });
      const res = await t.request().get('/api/v1/auth').set('x-auth-token', user.token);

      expect(res.status).toBe(200);
      await expectPlansFor(res.body.subscriptionPlans, userType);
    },
  );

  it('prices staff by their tier: an admin smart earner pays the smart earner price', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const res = await t.request().get('/api/v1/auth').set('x-auth-token', admin.token);

    expect(res.body.isAdmin).toBe(true);
    await expectPlansFor(res.body.subscriptionPlans, 'smart earner');
  });
});

describe('GET /api/v1/health', () => {
  it('answers ok with the database up', async () => {
    const res = await t.request().get('/api/v1/health');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('unknown /api/v1 paths', () => {
  it.each([
    ['GET', '/api/v1/nope'],
    ['POST', '/api/v1/nope/deeper'],
    ['GET', '/api/v1/auth/nope'],
    ['DELETE', '/api/v1/prices'],
  ])('%s %s answers 404 NOT_FOUND as JSON', async (method, path) => {
    const req = t.request();
    const res = await (method === 'GET'
      ? req.get(path)
      : method === 'POST'
        ? req.post(path).send({})
        : req.delete(path));

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ msg: expect.any(String), code: 'NOT_FOUND' });
  });
});
