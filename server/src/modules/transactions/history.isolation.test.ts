import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  PHONES,
  admin,
  agent,
  alice,
  bola,
  generated,
  list,
  matching,
  t,
  useHistoryFixture,
} from './history.test-helpers.ts';

/**
 * GET /transaction and /transaction/statement.csv on generated history: every figure is checked
 * against an independent computation over the generated rows (plain JavaScript below), for a
 * customer, for staff, across closed days and today, before and after a late refund.
 */

useHistoryFixture();

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
