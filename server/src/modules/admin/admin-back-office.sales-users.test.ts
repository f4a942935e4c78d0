import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { queryRows } from '../../db/query.ts';
import { transactions, users } from '../../db/schema/index.ts';
import { lagosToday } from '../vending/supplier-reconciliation.service.ts';
import { admin, agent, as, t, useBackOfficeTestApp } from './admin-back-office.test-helpers.ts';

useBackOfficeTestApp();

describe('GET /admin/salesChart', () => {
  it('sums delivered purchases per Lagos day and network, oldest first, over the asked days', async () => {
    const buyer = await createUser(t.ctx);
    const day = (back: number) =>
      new Date(Date.parse(`${lagosToday()}T12:00:00+01:00`) - back * 86_400_000);
    const dayText = (back: number) => lagosToday(day(back));
    // [days ago, type, network, status, amount, profit]
    const planted: [number, string, string, string, number, number][] = [
      [0, 'data', 'MTN', 'success', 500_00, 50_00],
      [0, 'data', 'MTN', 'success', 300_00, -10_00],
      [0, 'airtime', 'GLO', 'success', 100_00, 2_00],
      [0, 'data', 'MTN', 'failed', 999_00, 9_00],
      [0, 'data', 'MTN', 'refunded', 999_00, 0],
      [0, 'data', 'MTN', 'pending', 999_00, 9_00],
      [0, 'wallet', 'Squad', 'success', 5000_00, 0],
      [1, 'electricity', 'Ikeja Electric', 'success', 1000_00, 10_00],
      [1, 'electricity', 'Eko Electric', 'success', 2000_00, 20_00],
      [5, 'data', 'AIRTEL', 'success', 250_00, 25_00],
      [29, 'data', '9MOBILE', 'success', 70_00, 7_00],
      [30, 'data', '9MOBILE', 'success', 80_00, 8_00],
      [40, 'data', 'MTN', 'success', 90_00, 9_00],
    ];
    let i = 0;
    for (const [back, type, network, status, amount, profit] of planted) {
      i += 1;
      await t.ctx.db.insert(transactions).values({
        userId: buyer.id,
        reference: `CHART${i}${buyer.id.slice(0, 8)}`,
        type,
        network,
        status,
        amountKobo: amount,
        profitKobo: profit,
        balanceBeforeKobo: 0,
        balanceAfterKobo: 0,
        createdAt: day(back),
      });
    }
    // Other suites' rows count too; this buyer's are the only ones in this file.
    const res = await as(admin).get('/salesChart');
    expect(res.status).toBe(200);
    expect(res.body.days).toEqual([
      { date: dayText(29), network: '9MOBILE', sales: 70, profit: 7 },
      { date: dayText(5), network: 'AIRTEL', sales: 250, profit: 25 },
      { date: dayText(1), network: 'ELECTRICITY', sales: 3000, profit: 30 },
      { date: dayText(0), network: 'GLO', sales: 100, profit: 2 },
      { date: dayText(0), network: 'MTN', sales: 800, profit: 40 },
    ]);
    const week = await as(admin).get('/salesChart?days=2');
    expect(week.body.days.map((d: { date: string }) => d.date)).toEqual([
      dayText(1),
      dayText(0),
      dayText(0),
    ]);
    const ninety = await as(admin).get('/salesChart?days=90');
    expect(ninety.body.days[0]).toEqual({
      date: dayText(40),
      network: 'MTN',
      sales: 90,
      profit: 9,
    });
    // The dashboard counts closed days' rows too (from their totals).
    const [{ count }] = (await queryRows<{ count: number }>(
      t.ctx.db,
      sql`select count(*)::int as count from transactions`,
    )) as [{ count: number }];
    expect((await as(admin).get('/')).body.totalTransactions).toBe(count);
    // A late refund of a closed day's sale takes it out of the chart.
    await t.ctx.db
      .update(transactions)
      .set({ status: 'refunded' })
      .where(eq(transactions.reference, `CHART10${buyer.id.slice(0, 8)}`));
    const after = await as(admin).get('/salesChart');
    expect(after.body.days.map((d: { network: string }) => d.network)).not.toContain('AIRTEL');

    for (const bad of ['0', '91', 'x', '1.5']) {
      const res = await as(admin).get(`/salesChart?days=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('Days must be a whole number from 1 to 90');
    }
  });
});

describe('GET /admin/users search', () => {
  it('matches any text field in any case, partially, combined with the other filters', async () => {
    const ada = await createUser(t.ctx, {
      userName: 'ada_lovelace',
      email: 'ada.analytical@engine.test',
      fullName: 'Augusta Ada King',
      phoneNumber: '08099990001',
      userType: 'reseller',
    });
    const bob = await createUser(t.ctx, {
      userName: 'bob_50%_off',
      email: 'bob@shop.test',
      phoneNumber: '08099990002',
    });
    const names = async (query: string) => {
      const res = await as(agent).get(`/users?${query}`);
      expect(res.status).toBe(200);
      return (res.body.users as { userName: string }[]).map((u) => u.userName).sort();
    };
    expect(await names('search=LOVELACE')).toEqual(['ada_lovelace']);
    expect(await names('search=ANALYTICAL@ENG')).toEqual(['ada_lovelace']);
    expect(await names('search=augusta%20ada')).toEqual(['ada_lovelace']);
    expect(await names('search=9999000')).toEqual(['ada_lovelace', 'bob_50%_off']);
    expect(await names('search=9999000&type=reseller')).toEqual(['ada_lovelace']);
    expect(await names('search=9999000&userName=BOB')).toEqual(['bob_50%_off']);
    expect(await names('search=9999000&phoneNumber=0002')).toEqual(['bob_50%_off']);
    // Like's wildcards are literal text here.
    expect(await names(`search=${encodeURIComponent('50%_')}`)).toEqual(['bob_50%_off']);
    expect(await names(`search=${encodeURIComponent('_%')}`)).toEqual([]);
    // A search never spans two fields.
    expect(await names(`search=${encodeURIComponent('lovelace ada')}`)).toEqual([]);
    const res = await as(admin).get('/users?search=9999000');
    expect(res.body.totalUsers).toBe(2);
    expect(res.body.totalPages).toBe(1);
    expect([ada.id, bob.id]).toContain(res.body.users[0]._id);
  });

  it('refuses an unknown type with a message', async () => {
    const res = await as(admin).get('/users?type=superuser&search=a');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Unknown user type');
    expect((await as(admin).get(`/users?search=${'x'.repeat(101)}`)).status).toBe(400);
  });
});

describe('GET /admin/users.csv', () => {
  const parseCsv = (text: string) => text.trimEnd().split('\r\n');

  it('streams every matching user with the list filters, named after its row range', async () => {
    const tag = `csv${Date.now().toString(36)}`;
    const made: TestUser[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await createUser(t.ctx, {
          userName: `${tag}_${i}`,
          userType: i % 2 ? 'reseller' : 'smart earner',
          balanceKobo: i * 100_50,
        }),
      );
    }
    await t.ctx.db
      .update(users)
      .set({ lastLogin: new Date('2026-03-01T09:30:00Z') })
      .where(eq(users.id, made[4]!.id));
    const res = await as(admin).get(`/users.csv?search=${tag}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="vendo-users-1-5.csv"');
    const lines = parseCsv(res.text);
    expect(lines[0]).toBe('S/N,Member since,Username,Phone,Balance,User type,Last seen');
    expect(lines).toHaveLength(6);
    // Newest first, as the list.
    expect(lines[1]).toMatch(
      new RegExp(
        `^1,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},${tag}_4,${made[4]!.phoneNumber},402,smart earner,2026-03-01 10:30:00$`,
      ),
    );
    expect(lines[2]).toMatch(
      new RegExp(`^2,[^,]+,${tag}_3,${made[3]!.phoneNumber},301.5,reseller,$`),
    );
    expect(lines[5]).toMatch(
      new RegExp(`^5,[^,]+,${tag}_0,${made[0]!.phoneNumber},0,smart earner,$`),
    );

    const resellers = await as(agent).get(`/users.csv?search=${tag}&type=reseller`);
    expect(resellers.headers['content-disposition']).toBe(
      'attachment; filename="vendo-users-1-2.csv"',
    );
    expect(parseCsv(resellers.text)).toHaveLength(3);

    const none = await as(admin).get('/users.csv?search=nobody-is-called-this');
    expect(none.headers['content-disposition']).toBe('attachment; filename="vendo-users-0.csv"');
    expect(parseCsv(none.text)).toEqual([
      'S/N,Member since,Username,Phone,Balance,User type,Last seen',
    ]);
    expect((await as(admin).get('/users.csv?type=superuser')).status).toBe(400);
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const tag = `f${Date.now().toString(36)}`;
    for (const [i, name] of ['=HYPERLINK("x")', '+1', '-1', '@SUM(A1)', '\tx'].entries()) {
      const u = await createUser(t.ctx, { userName: `${tag}${i}` });
      await t.ctx.db
        .update(users)
        .set({ userName: name, phoneNumber: `${tag}${i}` })
        .where(eq(users.id, u.id));
    }
    const res = await as(admin).get(`/users.csv?phoneNumber=${tag}`);
    const cells = parseCsv(res.text)
      .slice(1)
      .map((line) => line.split(',')[2]);
    expect(cells.sort()).toEqual(
      ['"\'=HYPERLINK(""x"")"', "'+1", "'-1", "'@SUM(A1)", "'\tx"].sort(),
    );
  });

  it('keeps to the list of 1,000-row pages across page boundaries', async () => {
    // 2,100 users in one statement (the factory would take minutes): three keyset pages.
    const tag = `bulk${Date.now().toString(36)}`;
    await t.ctx.db.execute(sql`
      with u as (
        insert into users (user_name, email, phone_number, password_hash, created_at)
        select ${tag} || n, ${tag} || n || '@bulk.test', ${tag} || n, 'x',
               now() - (n % 7) * interval '1 second'
        from generate_series(1, 2100) as n
        returning id)
      insert into ledger_accounts (user_id, kind) select id, 'user_main' from u`);
    const res = await as(admin).get(`/users.csv?phoneNumber=${tag}`);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="vendo-users-1-2100.csv"',
    );
    const lines = parseCsv(res.text).slice(1);
    expect(lines).toHaveLength(2100);
    expect(lines.map((l) => Number(l.split(',')[0]))).toEqual(
      Array.from({ length: 2100 }, (_, i) => i + 1),
    );
    expect(new Set(lines.map((l) => l.split(',')[2])).size).toBe(2100);
  });
});
