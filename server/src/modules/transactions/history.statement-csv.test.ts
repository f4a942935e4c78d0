import { describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import {
  NOW,
  admin,
  alice,
  allRows,
  generated,
  lagosDay,
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
