import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayouts, transactions } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { reconcileWithdrawals } from './withdraw.service.ts';

let t: TestApp;
beforeAll(async () => {
  // The payout call gives up after 4 s; the sandbox's 1111 account answers after 6 s. (4 s, not
  // less: twenty account look-ups at once must all be answered on a busy 2-core machine.)
  t = await createTestApp({
    SQUAD_TIMEOUT_MS: '4000',
    SANDBOX_SLOW_MS: '6000',
    PROCESSING_GRACE_SECONDS: '1',
    RECONCILE_RETRY_SECONDS: '1',
  });
});
afterAll(async () => {
  await t?.close();
});

const GTB = '000013';
const balance = (user: { id: string }) => getWalletBalanceKobo(t.ctx.db, user.id);
const expectCleanLedger = async () => expect(await t.ledgerViolations()).toEqual([]);
const post = (path: string, user: TestUser, body: object) =>
  t.request().post(path).set('x-auth-token', user.token).send(body);
const withdraw = (user: TestUser, accountNumber: string, amount: number) =>
  post('/api/v1/withdraw', user, { bankCode: GTB, accountNumber, amount });

const settleAll = async (userId: string) => {
  for (let pass = 0; pass < 40; pass += 1) {
    const due = await t.ctx.db
      .update(transactions)
      .set({ nextCheckAt: sql`now() - interval '1 second'` })
      .where(
        sql`${transactions.userId} = ${userId} and ${transactions.network} = 'Withdrawal' and ${transactions.status} in ('processing', 'pending')`,
      )
      .returning({ id: transactions.id });
    if (due.length === 0) return;
    await reconcileWithdrawals(t.ctx, { limit: 100 });
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
};

describe('bank accounts', () => {
  it('lists NIP bank codes, validates an account through the provider and saves beneficiaries', async () => {
    const user = await createUser(t.ctx);
    const banks = await t
      .request()
      .get('/api/v1/withdraw/bankCodes')
      .set('x-auth-token', user.token);
    expect(banks.body.banks).toContainEqual({ bankName: 'Guaranty Trust Bank', bankCode: GTB });
    const ok = await post('/api/v1/withdraw/validate', user, {
      bankCode: GTB,
      accountNumber: '0123456789',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ code: GTB, msg: 'Account validated' });
    expect(ok.body.name).toBeTruthy();
    const byName = await post('/api/v1/withdraw/validate', user, {
      bankName: 'guaranty trust bank',
      accountNumber: '0123456789',
    });
    expect(byName.body.name).toBe(ok.body.name);
    expect(
      (
        await post('/api/v1/withdraw/validate', user, {
          bankCode: GTB,
          accountNumber: '0123450000',
        })
      ).body.msg,
    ).toBe('We could not find that account');
    expect((await post('/api/v1/withdraw/validate', user, { bankCode: GTB })).body.msg).toBe(
      'Enter account number',
    );
    expect(
      (
        await post('/api/v1/withdraw/validate', user, {
          bankCode: '999999',
          accountNumber: '0123456789',
        })
      ).body.msg,
    ).toBe('Select your bank');

    const saved = await post('/api/v1/withdraw/beneficiary', user, {
      bankCode: GTB,
      accountNumber: '0123456789',
      accountName: 'Someone Else',
    });
    expect(saved.status).toBe(201);
    expect(saved.body.beneficiaryList).toEqual([
      expect.objectContaining({
        accountName: ok.body.name,
        accountNumber: '0123456789',
        bankCode: GTB,
      }),
    ]);
    expect(
      (
        await post('/api/v1/withdraw/beneficiary', user, {
          bankCode: GTB,
          accountNumber: '0123450000',
        })
      ).status,
    ).toBe(400);
  });

  it('removes a saved account for its owner only; anyone else gets the same 404', async () => {
    const owner = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const saved = await post('/api/v1/withdraw/beneficiary', owner, {
      bankCode: GTB,
      accountNumber: '0123456789',
    });
    await post('/api/v1/withdraw/beneficiary', owner, {
      bankCode: GTB,
      accountNumber: '0123456788',
    });
    const id = saved.body.beneficiaryList[0]._id as string;
    const remove = (user: TestUser, target: string) =>
      t.request().delete(`/api/v1/withdraw/beneficiary/${target}`).set('x-auth-token', user.token);

    for (const [user, target] of [
      [other, id],
      [owner, '00000000-0000-4000-8000-000000000000'],
      [owner, 'not-an-id'],
    ] as const) {
      const refused = await remove(user, target);
      expect(refused.status).toBe(404);
      expect(refused.body.msg).toBe('Beneficiary not found');
    }
    expect((await t.request().delete(`/api/v1/withdraw/beneficiary/${id}`)).status).toBe(401);

    const removed = await remove(owner, id);
    expect(removed.status).toBe(200);
    expect(removed.body.msg).toBe('Beneficiary removed');
    expect(removed.body.beneficiaryList).toEqual([
      expect.objectContaining({ accountNumber: '0123456788' }),
    ]);
    expect((await remove(owner, id)).status).toBe(404);
  });
});

describe('POST /api/v1/withdraw', () => {
  it('pays amount − ₦50 to a validated account at once', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const res = await withdraw(user, '0123456789', 1000);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ msg: 'Withdrawal successful', balance: 4000, received: 950 });
    expect(res.body.receipt).toMatchObject({ trans_Status: 'success', trans_amount: 1000 });
    await expectCleanLedger();
  });

  it('refuses an account the bank does not know, before any money moves', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const res = await withdraw(user, '0123450000', 1000);
    expect(res.status).toBe(400);
    expect(await balance(user)).toBe(5_000_00);
  });

  it('keeps a timed-out payout (1111) pending, then settles it as paid on re-query', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const res = await withdraw(user, '0123451111', 1000);
    expect(res.status).toBe(202);
    expect(res.body.receipt.trans_Status).toBe('pending');
    expect(await balance(user)).toBe(1_000_00);
    await settleAll(user.id);
    const [row] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, res.body.receipt._id));
    expect(row!.status).toBe('success');
    expect(await balance(user)).toBe(1_000_00);
    await expectCleanLedger();
  });

  it('refunds a payout that fails after pending (2222) exactly once', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const res = await withdraw(user, '0123452222', 1500);
    expect(res.status).toBe(202);
    expect(await balance(user)).toBe(500_00);
    expect(
      (await post('/api/v1/admin/reQueryWithdrawal', user, { transactionId: res.body.receipt._id }))
        .status,
    ).toBe(403);
    await Promise.all([
      post('/api/v1/admin/reQueryWithdrawal', admin, { transactionId: res.body.receipt._id }),
      post('/api/v1/admin/reQueryWithdrawal', admin, { transactionId: res.body.receipt.trans_Id }),
      settleAll(user.id),
    ]);
    const [row] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, res.body.receipt._id));
    expect(row!.status).toBe('refunded');
    expect(await balance(user)).toBe(2_000_00);
    await expectCleanLedger();
  });

  it('refunds once a payout the provider never received, only past the not-found grace', async () => {
    // Debited, then the payout request never reached the provider (a process killed between the
    // two): made here as a timed-out payout whose record the provider then does not have.
    const user = await createUser(t.ctx, { balanceKobo: 3_000_00 });
    const [young, old] = await Promise.all([
      withdraw(user, '0123461111', 1000),
      withdraw(user, '0123471111', 1000),
    ]);
    expect([young.status, old.status]).toEqual([202, 202]);
    await t.ctx.db
      .delete(sandboxPayouts)
      .where(
        sql`${sandboxPayouts.reference} in (${young.body.receipt.trans_Id}, ${old.body.receipt.trans_Id})`,
      );
    // The default grace is 120 s: one withdrawal began 10 minutes ago, the other just now.
    await t.ctx.db
      .update(transactions)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(eq(transactions.id, old.body.receipt._id));
    for (let pass = 0; pass < 3; pass += 1) {
      await t.ctx.db
        .update(transactions)
        .set({ nextCheckAt: sql`now() - interval '1 second'` })
        .where(sql`${transactions.userId} = ${user.id} and ${transactions.status} = 'pending'`);
      await reconcileWithdrawals(t.ctx, { limit: 100 });
    }
    const statusOf = async (id: string) =>
      (await t.ctx.db.select().from(transactions).where(eq(transactions.id, id)))[0]!.status;
    expect(await statusOf(young.body.receipt._id)).toBe('pending');
    expect(await statusOf(old.body.receipt._id)).toBe('refunded');
    expect(await balance(user)).toBe(2_000_00);
    await expectCleanLedger();
  });

  it('accepts one of 20 concurrent withdrawals of the whole balance', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 3_000_00 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(user, '0123456789', 3000)),
    );
    const accepted = answers.filter((a) => a.status === 200 || a.status === 202);
    expect(accepted).toHaveLength(1);
    expect(answers.filter((a) => a.body.msg === 'Insufficient balance')).toHaveLength(19);
    expect(await balance(user)).toBe(0);
    await settleAll(user.id);
    await expectCleanLedger();
  });

  it.each([
    [{ bankCode: GTB, accountNumber: '0123456789', amount: 99 }, 'Minimum withdrawal is ₦100'],
    [{ bankCode: GTB, accountNumber: '0123456789', amount: -100 }, 'Enter a valid amount'],
    [{ bankCode: GTB, accountNumber: '0123456789' }, 'Enter a valid amount'],
    [{ bankCode: GTB, accountNumber: '12345', amount: 500 }, 'Enter a 10-digit account number'],
  ])('refuses %j with "%s"', async (body, msg) => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const res = await post('/api/v1/withdraw', user, body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
    expect(await balance(user)).toBe(1_000_00);
  });
});
