import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { deltaCount } from '../../../test/helpers/history-totals.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { foldAllHistoryTotals } from './history-fold.ts';

/**
 * GET /transaction and /transaction/statement.csv on generated history: every figure is checked
 * against an independent computation over the generated rows (plain JavaScript below), for a
 * customer, for staff, across closed days and today, before and after a late refund.
 */

let t: TestApp;
let alice: TestUser;
let bola: TestUser;
let admin: TestUser;
let agent: TestUser;

type Gen = {
  userId: string;
  reference: string;
  type: string;
  network: string;
  status: string;
  amountKobo: number;
  profitKobo: number;
  phoneNumber: string | null;
  balanceBeforeKobo: number;
  balanceAfterKobo: number;
  details: Record<string, unknown> | null;
  apiResponse: string | null;
  createdAt: Date;
};
const generated: Gen[] = [];

const NOW = Date.now();
const DAY = 86_400_000;
const PLANS = ['500MB', '1GB', '1.5GB', '2GB'];
const NETS = ['MTN', 'GLO', 'AIRTEL', '9MOBILE'];
const STATUSES = ['success', 'success', 'success', 'failed', 'pending', 'refunded', 'processing'];
const PHONES = ['08030000001', '08030000002', '08120000003'];

/** Lagos day (UTC+1) of an instant. */
const lagosDay = (date: Date) => new Date(date.getTime() + 3_600_000).toISOString().slice(0, 10);

/** Deterministic rows for one user: purchases, fundings, transfers both ways, refunds. */
const generate = (userId: string, seed: number, count: number): Gen[] => {
  const rows: Gen[] = [];
  for (let i = 0; i < count; i++) {
    const k = seed * 7919 + i * 104_729;
    const kind = k % 9;
    const daysAgo = (k >> 3) % 45;
    // Distinct instants (i and seed in the milliseconds), so newest-first has no ties.
    const createdAt = new Date(NOW - daysAgo * DAY - (k % 997) * 60_000 - i * 7 - seed);
    const network = NETS[k % 4]!;
    const status = STATUSES[(k >> 5) % STATUSES.length]!;
    const before = 500_000 + (k % 100_000);
    const amount = 5_000 + (k % 97) * 1_000;
    const base = {
      userId,
      reference: `GEN-${seed}-${i}`,
      network,
      status,
      amountKobo: amount,
      profitKobo: 0,
      phoneNumber: PHONES[k % 3]!,
      details: null,
      apiResponse: null,
      createdAt,
    };
    if (kind <= 3) {
      rows.push({
        ...base,
        type: 'data',
        profitKobo: (k % 5) * 1_000 - 1_000, // some sold at a loss
        balanceBeforeKobo: before,
        balanceAfterKobo: before - amount,
        details: { plan: PLANS[k % 4], planType: 'SME', validity: '30 days' },
      });
    } else if (kind === 4) {
      rows.push({
        ...base,
        type: 'airtime',
        profitKobo: 200,
        balanceBeforeKobo: before,
        balanceAfterKobo: before - amount,
      });
    } else if (kind === 5) {
      rows.push({
        ...base,
        type: 'electricity',
        network: 'Ikeja Electric',
        profitKobo: 5_000,
        balanceBeforeKobo: before,
        balanceAfterKobo: before - amount,
        phoneNumber: null,
      });
    } else if (kind === 6) {
      // A funding: pending ones have not moved the wallet yet.
      const moved = status === 'success' ? amount : 0;
      rows.push({
        ...base,
        type: 'wallet',
        network: 'Squad',
        balanceBeforeKobo: before,
        balanceAfterKobo: before + moved,
        phoneNumber: null,
      });
    } else if (kind === 7) {
      const out = k % 2 === 0;
      rows.push({
        ...base,
        type: 'transfer',
        status: 'success',
        network: out ? 'to someone' : 'from someone',
        balanceBeforeKobo: before,
        balanceAfterKobo: out ? before - amount : before + amount,
        phoneNumber: null,
      });
    } else {
      rows.push({
        ...base,
        type: 'refund',
        status: 'success',
        balanceBeforeKobo: before,
        balanceAfterKobo: before + amount,
      });
    }
  }
  return rows;
};

type Filter = {
  userId?: string;
  phoneNumber?: string;
  type?: string;
  status?: string;
  from?: string;
  to?: string;
};

const matching = (rows: Gen[], f: Filter) =>
  rows.filter(
    (r) =>
      (!f.userId || r.userId === f.userId) &&
      (!f.phoneNumber || r.phoneNumber === f.phoneNumber) &&
      (!f.type || r.type === f.type) &&
      (!f.status || r.status === f.status) &&
      (!f.from || lagosDay(r.createdAt) >= f.from) &&
      (!f.to || lagosDay(r.createdAt) <= f.to),
  );

const MB: Record<string, number> = { '500MB': 500, '1GB': 1000, '1.5GB': 1500, '2GB': 2000 };

/** The answer's figures, computed independently over the generated rows. */
const expected = (rows: Gen[], { staff }: { staff: boolean }) => {
  const sales = rows.filter(
    (r) => r.status === 'success' && ['data', 'airtime', 'electricity'].includes(r.type),
  );
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const data = sales.filter((r) => r.type === 'data');
  return {
    noOfTransaction: rows.length,
    totalPages: Math.ceil(rows.length / 20),
    totalSales: sum(sales.map((r) => r.amountKobo)) / 100,
    totalProfit: staff ? sum(sales.map((r) => r.profitKobo)) / 100 : 0,
    totalVolumeSold: sum(data.map((r) => MB[r.details!.plan as string]!)) / 1000,
    totalDebit: sum(rows.map((r) => Math.max(r.balanceBeforeKobo - r.balanceAfterKobo, 0))) / 100,
    totalCredit: sum(rows.map((r) => Math.max(r.balanceAfterKobo - r.balanceBeforeKobo, 0))) / 100,
    stat: NETS.map((network) => {
      const on = data.filter((r) => r.network === network);
      return {
        network,
        total_volume_sold: sum(on.map((r) => MB[r.details!.plan as string]!)) / 1000,
        profit: staff ? sum(on.map((r) => r.profitKobo)) / 100 : 0,
      };
    }),
  };
};

const newestFirst = (rows: Gen[]) =>
  [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

const list = (user: TestUser, query: Record<string, string | number> = {}) =>
  t.request().get('/api/v1/transaction').query(query).set('x-auth-token', user.token);

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.ctx);
  bola = await createUser(t.ctx);
  admin = await createUser(t.ctx, { isAdmin: true });
  agent = await createUser(t.ctx, { isAgent: true });
  generated.push(...generate(alice.id, 1, 150), ...generate(bola.id, 2, 90));
  // One statement for most rows (the trigger sums a whole statement), single rows for the rest.
  await t.ctx.db.insert(transactions).values(generated.slice(0, 200));
  for (const row of generated.slice(200)) await t.ctx.db.insert(transactions).values(row);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Everything in the database (other suites' factories may add rows, e.g. opening balances). */
const allRows = async (): Promise<Gen[]> =>
  (await t.ctx.db.select().from(transactions)).map((r) => ({
    ...r,
    createdAt: r.createdAt,
  })) as Gen[];

describe('GET /api/v1/transaction', () => {
  it('gives a customer their own history, newest first, with exact totals and no profit', async () => {
    const res = await list(alice);
    expect(res.status).toBe(200);
    const mine = newestFirst(matching(generated, { userId: alice.id }));
    expect(res.body).toMatchObject({ page: 1, pageSize: 20, ...expected(mine, { staff: false }) });
    expect(res.body.transactions.map((r: { trans_Id: string }) => r.trans_Id)).toEqual(
      mine.slice(0, 20).map((r) => r.reference),
    );
    expect(res.body.transactions.every((r: object) => !('trans_profit' in r))).toBe(true);
    expect(res.body.totalProfit).toBe(0);
  });

  it('agrees with a hand count on a small fixed history', async () => {
    const carol = await createUser(t.ctx);
    const at = new Date(NOW - 10 * DAY);
    const base = {
      userId: carol.id,
      phoneNumber: '08031112222',
      apiResponse: null,
      createdAt: at,
    };
    await t.ctx.db.insert(transactions).values([
      // ₦600 for 1GB MTN (profit ₦40), ₦390 for 500MB GLO (profit ₦30), a failed ₦100 airtime,
      // ₦1,000 funded, ₦250 sent to a friend.
      {
        ...base,
        reference: 'C-1',
        createdAt: new Date(at.getTime() + 1),
        type: 'data',
        network: 'MTN',
        status: 'success',
        amountKobo: 60_000,
        profitKobo: 4_000,
        balanceBeforeKobo: 200_000,
        balanceAfterKobo: 140_000,
        details: { plan: '1GB' },
      },
      {
        ...base,
        reference: 'C-2',
        createdAt: new Date(at.getTime() + 2),
        type: 'data',
        network: 'GLO',
        status: 'success',
        amountKobo: 39_000,
        profitKobo: 3_000,
        balanceBeforeKobo: 140_000,
        balanceAfterKobo: 101_000,
        details: { plan: '500MB' },
      },
      {
        ...base,
        reference: 'C-3',
        createdAt: new Date(at.getTime() + 3),
        type: 'airtime',
        network: 'MTN',
        status: 'failed',
        amountKobo: 10_000,
        profitKobo: 0,
        balanceBeforeKobo: 101_000,
        balanceAfterKobo: 101_000,
        details: null,
      },
      {
        ...base,
        reference: 'C-4',
        createdAt: new Date(at.getTime() + 4),
        type: 'wallet',
        network: 'Squad',
        status: 'success',
        amountKobo: 100_000,
        profitKobo: 0,
        balanceBeforeKobo: 101_000,
        balanceAfterKobo: 201_000,
        details: null,
      },
      {
        ...base,
        reference: 'C-5',
        createdAt: new Date(at.getTime() + 5),
        type: 'transfer',
        network: 'to dayo',
        status: 'success',
        amountKobo: 25_000,
        profitKobo: 0,
        balanceBeforeKobo: 201_000,
        balanceAfterKobo: 176_000,
        details: null,
      },
    ]);
    const mine = await list(carol);
    expect(mine.body).toMatchObject({
      noOfTransaction: 5,
      totalPages: 1,
      totalSales: 990,
      totalProfit: 0,
      totalVolumeSold: 1.5,
      totalDebit: 1240, // 600 + 390 + 250
      totalCredit: 1000,
    });
    const staff = await list(admin, { userName: carol.userName.toUpperCase() });
    expect(staff.body).toMatchObject({ noOfTransaction: 5, totalSales: 990, totalProfit: 70 });
    expect(staff.body.stat).toEqual([
      { network: 'MTN', total_volume_sold: 1, profit: 40 },
      { network: 'GLO', total_volume_sold: 0.5, profit: 30 },
      { network: 'AIRTEL', total_volume_sold: 0, profit: 0 },
      { network: '9MOBILE', total_volume_sold: 0, profit: 0 },
    ]);
  });

  const day = (daysAgo: number) => lagosDay(new Date(NOW - daysAgo * DAY));
  const filters: Filter[] = [
    { type: 'data' },
    { type: 'airtime', status: 'success' },
    { status: 'refunded' },
    { status: 'pending' },
    { from: day(20), to: day(5) },
    { from: day(1) },
    { to: day(2) },
    { from: day(0), to: day(0) },
    { type: 'data', status: 'success', from: day(30), to: day(3) },
    { phoneNumber: PHONES[0]! },
    { phoneNumber: PHONES[1]!, type: 'data', from: day(25) },
    { type: 'electricity', phoneNumber: PHONES[2]! },
    { type: 'earning' },
  ];

  it.each(filters)('filters a customer’s rows and totals exactly: %o', async (filter) => {
    const res = await list(alice, { ...filter, page: 2 });
    expect(res.status).toBe(200);
    const rows = newestFirst(matching(generated, { ...filter, userId: alice.id }));
    expect(res.body).toMatchObject(expected(rows, { staff: false }));
    expect(res.body.transactions.map((r: { trans_Id: string }) => r.trans_Id)).toEqual(
      rows.slice(20, 40).map((r) => r.reference),
    );
  });

  it.each(filters)('filters across all users for staff exactly: %o', async (filter) => {
    const every = await allRows();
    for (const viewer of [admin, agent]) {
      const res = await list(viewer, filter as Record<string, string>);
      expect(res.status).toBe(200);
      const rows = newestFirst(matching(every, filter));
      expect(res.body).toMatchObject(expected(rows, { staff: true }));
      expect(res.body.transactions.map((r: { trans_Id: string }) => r.trans_Id)).toEqual(
        rows.slice(0, 20).map((r) => r.reference),
      );
    }
  });

  it('narrows staff to one user by name, with profit', async () => {
    const res = await list(agent, { userName: bola.userName, type: 'data' });
    const rows = newestFirst(matching(generated, { userId: bola.id, type: 'data' }));
    expect(res.body).toMatchObject(expected(rows, { staff: true }));
    expect(res.body.transactions[0].trans_profit).toEqual(expect.any(Number));
    const nobody = await list(admin, { userName: 'no_such_user_here' });
    expect(nobody.status).toBe(200);
    expect(nobody.body).toMatchObject({ transactions: [], noOfTransaction: 0, totalPages: 0 });
  });

  it('keeps staff totals exact when a closed day changes later (a late refund) and on delete', async () => {
    const old = generated.find(
      (r) =>
        r.userId === bola.id &&
        r.type === 'data' &&
        r.status === 'success' &&
        lagosDay(r.createdAt) < day(3),
    )!;
    const before = await list(admin, { type: 'data' }); // closed days built now
    await t.ctx.db.execute(
      sql`update transactions set status = 'refunded' where reference = ${old.reference}`,
    );
    old.status = 'refunded';
    const after = await list(admin, { type: 'data' });
    expect(after.body.totalSales).toBeCloseTo(before.body.totalSales - old.amountKobo / 100, 2);
    expect(after.body).toMatchObject(
      expected(matching(await allRows(), { type: 'data' }), { staff: true }),
    );

    await t.ctx.db.execute(sql`delete from transactions where reference = ${old.reference}`);
    generated.splice(generated.indexOf(old), 1);
    const gone = await list(admin, { type: 'data' });
    expect(gone.body.noOfTransaction).toBe(after.body.noOfTransaction - 1);
    expect(gone.body).toMatchObject(
      expected(matching(await allRows(), { type: 'data' }), { staff: true }),
    );
  });

  it('answers the same exact totals with deltas not yet folded, folded, and both', async () => {
    const fola = await createUser(t.ctx);
    const rows = generate(fola.id, 3, 60);
    await t.ctx.db.insert(transactions).values(rows.slice(0, 40));
    for (const row of rows.slice(40)) await t.ctx.db.insert(transactions).values(row);
    const exact = async () => {
      const own = await list(fola);
      expect(own.body).toMatchObject(expected(rows, { staff: false }));
      const staffFilters: Filter[] = [{}, { type: 'data' }, { status: 'success', from: day(20) }];
      for (const filter of staffFilters) {
        const res = await list(admin, filter as Record<string, string>);
        expect(res.body).toMatchObject(
          expected(matching(await allRows(), filter), { staff: true }),
        );
      }
    };
    // Nothing folds in this suite until here: every total so far was read with its deltas.
    expect(await deltaCount(t.ctx.db)).toBeGreaterThan(0);
    await exact();
    await foldAllHistoryTotals(t.ctx.db);
    expect(await deltaCount(t.ctx.db)).toBe(0);
    await exact();
    // A late change (a closed day) on top of folded totals: read from both.
    const late = rows.find((r) => r.status === 'success' && lagosDay(r.createdAt) < day(3))!;
    await t.ctx.db.execute(
      sql`update transactions set status = 'refunded' where reference = ${late.reference}`,
    );
    late.status = 'refunded';
    expect(await deltaCount(t.ctx.db)).toBeGreaterThan(0);
    await exact();
  });

  it('answers every total as a number on an empty history', async () => {
    const dayo = await createUser(t.ctx);
    const res = await list(dayo);
    expect(res.body).toEqual({
      transactions: [],
      page: 1,
      pageSize: 20,
      totalPages: 0,
      noOfTransaction: 0,
      totalSales: 0,
      totalProfit: 0,
      totalVolumeSold: 0,
      stat: NETS.map((network) => ({ network, total_volume_sold: 0, profit: 0 })),
      totalDebit: 0,
      totalCredit: 0,
    });
  });

  it('gives a page past the end no rows but the same totals', async () => {
    const res = await list(alice, { page: 999 });
    expect(res.status).toBe(200);
    expect(res.body.transactions).toEqual([]);
    expect(res.body.noOfTransaction).toBe(matching(generated, { userId: alice.id }).length);
  });

  it('shows a customer the supplier’s message only; staff the raw answer', async () => {
    const raw = JSON.stringify({
      api_response: 'You gifted 1GB',
      balance_before: '91000.00',
      id: 77,
    });
    await t.ctx.db.insert(transactions).values({
      userId: alice.id,
      reference: 'RAW-1',
      type: 'data',
      network: 'MTN',
      status: 'success',
      amountKobo: 60_000,
      balanceBeforeKobo: 1,
      balanceAfterKobo: 0,
      apiResponse: raw,
      details: { plan: '1GB' },
    });
    generated.push({
      userId: alice.id,
      reference: 'RAW-1',
      type: 'data',
      network: 'MTN',
      status: 'success',
      amountKobo: 60_000,
      profitKobo: 0,
      phoneNumber: null,
      balanceBeforeKobo: 1,
      balanceAfterKobo: 0,
      details: { plan: '1GB' },
      apiResponse: raw,
      createdAt: new Date(),
    });
    const mine = await list(alice);
    expect(mine.body.transactions[0]).toMatchObject({
      trans_Id: 'RAW-1',
      apiResponse: 'You gifted 1GB',
    });
    const staff = await list(admin, { userName: alice.userName });
    expect(staff.body.transactions[0]).toMatchObject({ trans_Id: 'RAW-1', apiResponse: raw });
  });
});

describe('isolation', () => {
  const combos: Record<string, string>[] = [];
  for (const userName of [undefined, 'BOLA']) {
    for (const phoneNumber of [undefined, PHONES[0]!]) {
      for (const type of [undefined, 'data', 'all']) {
        for (const status of [undefined, 'success']) {
          combos.push(
            Object.fromEntries(
              Object.entries({ userName, phoneNumber, type, status }).filter(([, v]) => v),
            ) as Record<string, string>,
          );
        }
      }
    }
  }

  it('never shows a customer another user’s rows or any profit, whatever the filters', async () => {
    for (const combo of combos) {
      const query = combo.userName ? { ...combo, userName: bola.userName } : combo;
      const res = await list(alice, { ...query, from: '2000-01-01' });
      expect(res.status).toBe(200);
      const names = new Set(
        res.body.transactions.map((r: { trans_UserName: string }) => r.trans_UserName),
      );
      expect([...names].filter((n) => n !== alice.userName)).toEqual([]);
      expect(res.body.totalProfit).toBe(0);
      expect(res.body.stat.every((s: { profit: number }) => s.profit === 0)).toBe(true);
      expect(JSON.stringify(res.body)).not.toContain('trans_profit');
      const own = matching(generated, {
        userId: alice.id,
        ...(combo.phoneNumber ? { phoneNumber: combo.phoneNumber } : {}),
        ...(combo.type && combo.type !== 'all' ? { type: combo.type } : {}),
        ...(combo.status ? { status: combo.status } : {}),
      });
      expect(res.body.noOfTransaction).toBe(own.length);
    }
    const csv = await t
      .request()
      .get('/api/v1/transaction/statement.csv')
      .query({ userName: bola.userName })
      .set('x-auth-token', alice.token);
    expect(csv.text).not.toContain(bola.userName);
    expect(csv.text.split('\r\n')[0]).not.toContain('Profit');
  });

  it('needs a session', async () => {
    expect((await t.request().get('/api/v1/transaction')).status).toBe(401);
    expect((await t.request().get('/api/v1/transaction/statement.csv')).status).toBe(401);
  });
});

describe('hostile filters', () => {
  const hostile: [string, string][] = [
    ['type', 'DATA'],
    ['type', "data' or 1=1 --"],
    ['type', 'constructor'],
    ['status', 'succes'],
    ['status', '__proto__'],
    ['from', '2026-02-30'],
    ['from', 'yesterday'],
    ['to', '2026-13-01'],
    ['to', '99999-01-01'],
    ['page', '0'],
    ['page', '-1'],
    ['page', '1.5'],
    ['page', '1e9'],
    ['page', 'NaN'],
    ['phoneNumber', "0803' or '1'='1"],
    ['phoneNumber', 'x'.repeat(5000)],
    ['userName', 'x'.repeat(500)],
  ];

  it.each(hostile)('answers %s=%s with a 400 and a message', async (key, value) => {
    for (const user of [alice, admin]) {
      const res = await list(user, { [key]: value });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ msg: expect.any(String), code: 'VALIDATION_ERROR' });
    }
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await list(alice, { from: '2026-03-01', to: '2026-02-01' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('The start date must not be after the end date');
  });

  it.each([
    'type=data&type=airtime',
    'status[$ne]=x',
    'page[]=1',
    'from[a]=b',
    'userName[]=x',
    'userName=%27%3B%20drop%20table%20users%3B--',
    'phoneNumber=&type=&status=&from=&to=&page=',
    'unknown=1&type=all&status=all',
    'userName=%25',
  ])('answers %s with 400 or 200, never 500', async (qs) => {
    for (const user of [alice, agent]) {
      const res = await t
        .request()
        .get(`/api/v1/transaction?${qs}`)
        .set('x-auth-token', user.token);
      expect([200, 400]).toContain(res.status);
      const csv = await t
        .request()
        .get(`/api/v1/transaction/statement.csv?${qs}`)
        .set('x-auth-token', user.token);
      expect([200, 400]).toContain(csv.status);
    }
  });
});

describe('GET /api/v1/transaction/statement.csv', () => {
  const csvOf = (user: TestUser, query: Record<string, string> = {}) =>
    t
      .request()
      .get('/api/v1/transaction/statement.csv')
      .query(query)
      .set('x-auth-token', user.token)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      });

  it('streams the filtered rows newest first, named after the date range', async () => {
    const res = await csvOf(alice, {
      type: 'data',
      from: '2020-01-01',
      to: lagosDay(new Date(NOW)),
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="vendo-statement-2020-01-01-to-${lagosDay(new Date(NOW))}.csv"`,
    );
    const lines = (res.body as string).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'Date (WAT),Reference,Type,Network,Status,Amount (NGN),Balance before (NGN),Balance after (NGN),Phone number,Details',
    );
    const rows = newestFirst(matching(generated, { userId: alice.id, type: 'data' }));
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(rows.map((r) => r.reference));
    const first = rows[0]!;
    expect(lines[1]).toContain(`,${first.amountKobo / 100},`);
  });

  it('gives staff the user and profit columns and every user’s rows', async () => {
    const res = await csvOf(admin);
    const lines = (res.body as string).split('\r\n').filter(Boolean);
    expect(lines[0]!.endsWith(',User,Profit (NGN)')).toBe(true);
    expect(lines.length - 1).toBe((await allRows()).length);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="vendo-statement-start-to-today.csv"',
    );
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const eve = await createUser(t.ctx, { userName: `eve_${Date.now() % 100000}` });
    const nasty = ['=HYPERLINK("http://x","y")', '+2+3', '-1+cmd', '@SUM(A1)', '\tTAB', 'a,"b"'];
    await t.ctx.db.insert(transactions).values(
      nasty.map((text, i) => ({
        userId: eve.id,
        reference: `EVE-${i}`,
        type: 'transfer',
        network: text,
        status: 'success',
        amountKobo: 100,
        balanceBeforeKobo: 100,
        balanceAfterKobo: 0,
        apiResponse: text,
        createdAt: new Date(NOW - i * 1000),
      })),
    );
    const res = await csvOf(eve);
    const body = res.body as string;
    expect(body).toContain(`,"'=HYPERLINK(""http://x"",""y"")",`);
    expect(body).toContain(`,'+2+3,`);
    expect(body).toContain(`,'-1+cmd,`);
    expect(body).toContain(`,'@SUM(A1),`);
    expect(body).toContain(`,'\tTAB,`);
    expect(body).toContain(`,"a,""b""",`);
    for (const line of body.split('\r\n').slice(1).filter(Boolean)) {
      for (const cell of line.split(',')) expect(cell).not.toMatch(/^"?[=+@\t]/);
    }
  });

  it('refuses a bad filter before streaming anything', async () => {
    const res = await csvOf(alice, { type: 'bogus' });
    expect(res.status).toBe(400);
  });
});

describe('index order', () => {
  // The indexes are (… created_at DESC NULLS LAST, id DESC NULLS LAST): an ORDER BY without NULLS
  // LAST cannot use them and sorts every matching row (1M rows: 0.7 s a page). The repository's
  // ORDER BY is written as here.
  it('pages newest first straight from the indexes (no sort of the matching rows)', async () => {
    const plans = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const out: string[] = [];
      for (const where of [sql``, sql`where user_id = ${alice.id}`, sql`where type = 'data'`]) {
        const result = (await tx.execute(
          sql`explain select id from transactions ${where}
              order by created_at desc nulls last, id desc nulls last limit 20 offset 40`,
        )) as unknown as { rows: Record<string, string>[] };
        out.push(result.rows.map((r) => Object.values(r)[0]).join('\n'));
      }
      return out;
    });
    for (const plan of plans) {
      expect(plan).toMatch(/Index (Only )?Scan/);
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });
});
