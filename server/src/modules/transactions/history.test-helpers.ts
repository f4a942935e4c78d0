import { afterAll, beforeAll } from 'vitest';
import { transactions } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/**
 * The generated history the history tests read (GET /transaction and its CSV statement), and the
 * independent computation over the generated rows (plain JavaScript below) they check it against.
 */

export let t: TestApp;
export let alice: TestUser;
export let bola: TestUser;
export let admin: TestUser;
export let agent: TestUser;

export type Gen = {
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

export const generated: Gen[] = [];

export const NOW = Date.now();
export const DAY = 86_400_000;
export const PLANS = ['500MB', '1GB', '1.5GB', '2GB'];
export const NETS = ['MTN', 'GLO', 'AIRTEL', '9MOBILE'];

export const STATUSES = [
  'success',
  'success',
  'success',
  'failed',
  'pending',
  'refunded',
  'processing',
];

export const PHONES = ['08030000001', '08030000002', '08120000003'];

/** Lagos day (UTC+1) of an instant. */
export const lagosDay = (date: Date) =>
  new Date(date.getTime() + 3_600_000).toISOString().slice(0, 10);

/** Deterministic rows for one user: purchases, fundings, transfers both ways, refunds. */
export const generate = (userId: string, seed: number, count: number): Gen[] => {
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

export type Filter = {
  userId?: string;
  phoneNumber?: string;
  type?: string;
  status?: string;
  from?: string;
  to?: string;
};

export const matching = (rows: Gen[], f: Filter) =>
  rows.filter(
    (r) =>
      (!f.userId || r.userId === f.userId) &&
      (!f.phoneNumber || r.phoneNumber === f.phoneNumber) &&
      (!f.type || r.type === f.type) &&
      (!f.status || r.status === f.status) &&
      (!f.from || lagosDay(r.createdAt) >= f.from) &&
      (!f.to || lagosDay(r.createdAt) <= f.to),
  );

export const MB: Record<string, number> = { '500MB': 500, '1GB': 1000, '1.5GB': 1500, '2GB': 2000 };

/** The answer's figures, computed independently over the generated rows. */
export const expected = (rows: Gen[], { staff }: { staff: boolean }) => {
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

export const newestFirst = (rows: Gen[]) =>
  [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

export const list = (user: TestUser, query: Record<string, string | number> = {}) =>
  t.request().get('/api/v1/transaction').query(query).set('x-auth-token', user.token);

/** Everything in the database (other suites' factories may add rows, e.g. opening balances). */
export const allRows = async (): Promise<Gen[]> =>
  (await t.ctx.db.select().from(transactions)).map((r) => ({
    ...r,
    createdAt: r.createdAt,
  })) as Gen[];

/** A test app with the generated history of two customers, per test file. */
export const useHistoryFixture = (): void => {
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
};
