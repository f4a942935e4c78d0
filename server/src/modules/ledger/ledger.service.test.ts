import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorOf } from '../../db/pg-error.ts';
import { queryRows } from '../../db/query.ts';
import { createUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkLedgerInvariants } from './ledger.invariants.ts';
import { getWalletBalanceKobo, postJournal, postJournalNow } from './ledger.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const debit = (userId: string, reference: string, amountKobo: number) =>
  postJournalNow(t.ctx.db, {
    reference,
    kind: 'test_debit',
    postings: [
      { userId, wallet: 'main', amountKobo: -amountKobo },
      { systemCode: 'sales_revenue', amountKobo },
    ],
  });

describe('postJournal', () => {
  it('moves balances and records postings with running balances', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const result = await debit(user.id, `t:${user.id}:1`, 250_00);
    expect(result.duplicate).toBe(false);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(750_00);
    const postings = await queryRows<{ amount_kobo: string; balance_after_kobo: string }>(
      t.ctx.db,
      sql`select p.amount_kobo, p.balance_after_kobo from postings p
          join ledger_accounts a on a.id = p.account_id
          where a.user_id = ${user.id} order by p.id`,
    );
    expect(postings.map((p) => [Number(p.amount_kobo), Number(p.balance_after_kobo)])).toEqual([
      [1_000_00, 1_000_00],
      [-250_00, 750_00],
    ]);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('rejects an unbalanced journal and writes nothing', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    await expect(
      postJournalNow(t.ctx.db, {
        reference: `t:${user.id}:unbalanced`,
        kind: 'test',
        postings: [
          { userId: user.id, wallet: 'main', amountKobo: -100_00 },
          { systemCode: 'sales_revenue', amountKobo: 99_99 },
        ],
      }),
    ).rejects.toMatchObject({ code: 'UNBALANCED_JOURNAL' });
    await expect(
      postJournalNow(t.ctx.db, {
        reference: `t:${user.id}:single`,
        kind: 'test',
        postings: [{ userId: user.id, wallet: 'main', amountKobo: 0 }],
      }),
    ).rejects.toBeInstanceOf(AppError);
    const journals = await queryRows<{ n: string }>(
      t.ctx.db,
      sql`select count(*) as n from journals where reference like ${`t:${user.id}:%`}`,
    );
    expect(Number(journals[0]!.n)).toBe(0);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(1_000_00);
  });

  it('refuses, in the database itself, postings that do not sum to zero', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 500_00 });
    await expect(
      t.ctx.db.transaction(async (tx) => {
        const [journal] = await queryRows<{ id: string }>(
          tx,
          sql`insert into journals (reference, kind) values (${`raw:${user.id}`}, 'raw') returning id`,
        );
        await tx.execute(sql`
          insert into postings (journal_id, account_id, amount_kobo, balance_after_kobo)
          select ${journal!.id}::uuid, id, 100, balance_kobo + 100 from ledger_accounts
          where user_id = ${user.id} and kind = 'user_main'`);
      }),
    ).rejects.toThrow();
    const rows = await queryRows<{ n: string }>(
      t.ctx.db,
      sql`select count(*) as n from journals where reference = ${`raw:${user.id}`}`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('fails with INSUFFICIENT_BALANCE and leaves the wallet untouched', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 99_99 });
    await expect(debit(user.id, `t:${user.id}:too-much`, 100_00)).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(99_99);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('has exactly one effect for a repeated reference', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const reference = `t:${user.id}:once`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => debit(user.id, reference, 100_00)),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(900_00);
  });

  it('rolls back the journal with the rest of its transaction', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await postJournal(tx, {
          reference: `t:${user.id}:rolled-back`,
          kind: 'test',
          postings: [
            { userId: user.id, wallet: 'main', amountKobo: -300_00 },
            { systemCode: 'sales_revenue', amountKobo: 300_00 },
          ],
        });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(1_000_00);
  });
});

const appendOnlyRefusal = (error: unknown) => /append-only/.test(pgErrorOf(error)?.message ?? '');

describe('postings and journals are append-only', () => {
  it('refuses to update or delete a posting or a journal', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 200_00 });
    const [posting] = await queryRows<{ id: string; journal_id: string }>(
      t.ctx.db,
      sql`select p.id, p.journal_id from postings p join ledger_accounts a on a.id = p.account_id
          where a.user_id = ${user.id} limit 1`,
    );
    await expect(
      t.ctx.db.execute(sql`update postings set amount_kobo = 1 where id = ${posting!.id}`),
    ).rejects.toSatisfy(appendOnlyRefusal);
    await expect(
      t.ctx.db.execute(sql`delete from postings where id = ${posting!.id}`),
    ).rejects.toSatisfy(appendOnlyRefusal);
    await expect(
      t.ctx.db.execute(sql`update journals set kind = 'x' where id = ${posting!.journal_id}`),
    ).rejects.toSatisfy(appendOnlyRefusal);
    await expect(
      t.ctx.db.execute(sql`delete from journals where id = ${posting!.journal_id}`),
    ).rejects.toSatisfy(appendOnlyRefusal);
    await expect(t.ctx.db.execute(sql`truncate postings cascade`)).rejects.toThrow();
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('keeps a user wallet from going below zero even with a direct UPDATE', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 100 });
    await expect(
      t.ctx.db.execute(
        sql`update ledger_accounts set balance_kobo = -1 where user_id = ${user.id} and kind = 'user_main'`,
      ),
    ).rejects.toThrow();
  });
});

describe('concurrent debits', () => {
  it('lets exactly 100 of 200 concurrent ₦100 debits through a ₦10,000 wallet', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 10_000_00 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => debit(user.id, `t:${user.id}:c${i}`, 100_00)),
    );
    const ok = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(ok).toHaveLength(100);
    expect(refused).toHaveLength(100);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(0);
    const results = await checkLedgerInvariants(t.ctx.db);
    expect(results.length).toBeGreaterThan(5);
    expect(results.filter((r) => r.violations > 0)).toEqual([]);
  });
});
