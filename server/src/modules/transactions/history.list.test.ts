import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema/index.ts';
import { createUser } from '../../../test/factories/user.factory.ts';
import { deltaCount } from '../../../test/helpers/history-totals.ts';
import { foldAllHistoryTotals } from './history-fold.ts';
import {
  DAY,
  type Filter,
  NETS,
  NOW,
  PHONES,
  admin,
  agent,
  alice,
  allRows,
  bola,
  expected,
  generate,
  generated,
  lagosDay,
  list,
  matching,
  newestFirst,
  t,
  useHistoryFixture,
} from './history.test-helpers.ts';

/**
 * GET /transaction and /transaction/statement.csv on generated history: every figure is checked
 * against an independent computation over the generated rows (plain JavaScript below), for a
 * customer, for staff, across closed days and today, before and after a late refund.
 */

useHistoryFixture();

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
