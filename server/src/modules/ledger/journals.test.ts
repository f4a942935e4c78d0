import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { createUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { checkLedgerInvariants } from './ledger.invariants.ts';
import {
  chargeResellerUpgrade,
  creditCardFunding,
  creditOpeningBalance,
  creditRedeemedCoupon,
  creditReservedAccountDeposit,
  debitWithdrawal,
  moveEarningsToMain,
  payForCoupon,
  payOutWithdrawal,
  referralEarnings,
  referralsRewarded,
  refundWithdrawal,
  rewardReferrer,
  transferBetweenWallets,
} from './journals.ts';
import { getWalletBalanceKobo } from './ledger.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

class RolledBack extends Error {}

/**
 * Runs `work` in a transaction that is rolled back afterwards: these journals have no coupon,
 * withdrawal or deposit record behind them, which the feature invariants would (rightly) flag.
 * The invariants that concern journals alone are checked before the rollback.
 */
const inRolledBackTx = async (work: (tx: Tx) => Promise<void>) => {
  await expect(
    t.ctx.db.transaction(async (tx) => {
      await work(tx);
      const violated = (await checkLedgerInvariants(tx)).filter(
        (i) =>
          i.violations > 0 &&
          [
            'every journal sums to 0',
            'every journal has at least two postings',
            "each wallet's balance equals the sum of its postings",
            "each wallet posting's balance_after matches the running sum",
            'system accounts store no balance (theirs is the sum of their postings)',
            'the ledger as a whole sums to 0',
            'no user balance below 0',
            'each journal reference appears once',
          ].includes(i.name),
      );
      expect(violated).toEqual([]);
      throw new RolledBack();
    }),
  ).rejects.toBeInstanceOf(RolledBack);
};

/** A journal's kind and its postings, each account named by its code or `<kind>:<user id>`. */
const journal = async (tx: Tx, reference: string) => {
  const rows = await queryRows<{ kind: string; account: string; amount: string | number }>(
    tx,
    sql`select j.kind, coalesce(a.code, a.kind || ':' || a.user_id) as account, p.amount_kobo as amount
        from journals j join postings p on p.journal_id = j.id join ledger_accounts a on a.id = p.account_id
        where j.reference = ${reference} order by p.id`,
  );
  return {
    kind: rows[0]?.kind,
    postings: Object.fromEntries(rows.map((r) => [r.account, Number(r.amount)])),
  };
};

describe('the named journals', () => {
  it('move money between wallets, an admin from the house', async () => {
    const a = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const b = await createUser(t.ctx);
    const admin = await createUser(t.ctx, { isAdmin: true });
    await inRolledBackTx(async (tx) => {
      const moved = await transferBetweenWallets(tx, {
        reference: `T1${a.id}`,
        from: { userId: a.id, isAdmin: false },
        toUserId: b.id,
        amountKobo: 300_00,
        memo: 'a → b',
      });
      expect(moved).toEqual({ senderBalanceKobo: 700_00, recipientBalanceKobo: 300_00 });
      expect(await journal(tx, `transfer:T1${a.id}`)).toEqual({
        kind: 'transfer',
        postings: { [`user_main:${a.id}`]: -300_00, [`user_main:${b.id}`]: 300_00 },
      });
      const fromHouse = await transferBetweenWallets(tx, {
        reference: `T2${a.id}`,
        from: { userId: admin.id, isAdmin: true },
        toUserId: b.id,
        amountKobo: 50_00,
        memo: 'admin → b',
      });
      expect(fromHouse).toEqual({ senderBalanceKobo: null, recipientBalanceKobo: 350_00 });
      expect(await journal(tx, `transfer:T2${a.id}`)).toEqual({
        kind: 'admin_transfer',
        postings: { house: -50_00, [`user_main:${b.id}`]: 50_00 },
      });
      // In a savepoint: the refused journal rolls back with it, as with a caller's transaction.
      await expect(
        tx.transaction((savepoint) =>
          transferBetweenWallets(savepoint, {
            reference: `T3${a.id}`,
            from: { userId: a.id, isAdmin: false },
            toUserId: b.id,
            amountKobo: 700_01,
            memo: 'too much',
          }),
        ),
      ).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    });
  });

  it('pay for a coupon when issued and credit it when redeemed', async () => {
    const vendor = await createUser(t.ctx, { balanceKobo: 500_00 });
    const admin = await createUser(t.ctx, { isAdmin: true });
    const owner = await createUser(t.ctx);
    const [c1, c2] = [randomUUID(), randomUUID()];
    await inRolledBackTx(async (tx) => {
      expect(
        await payForCoupon(tx, {
          couponId: c1,
          paidBy: { userId: vendor.id, isAdmin: false },
          amountKobo: 200_00,
        }),
      ).toEqual({ payerBalanceKobo: 300_00 });
      expect(
        await payForCoupon(tx, {
          couponId: c2,
          paidBy: { userId: admin.id, isAdmin: true },
          amountKobo: 100_00,
        }),
      ).toEqual({ payerBalanceKobo: null });
      expect(await journal(tx, `coupon:issue:${c2}`)).toEqual({
        kind: 'coupon_issued',
        postings: { house: -100_00, coupons_outstanding: 100_00 },
      });
      expect(
        await creditRedeemedCoupon(tx, { couponId: c1, userId: owner.id, amountKobo: 200_00 }),
      ).toEqual({ balanceKobo: 200_00 });
      expect(await journal(tx, `coupon:redeem:${c1}`)).toEqual({
        kind: 'coupon_redeemed',
        postings: { coupons_outstanding: -200_00, [`user_main:${owner.id}`]: 200_00 },
      });
    });
  });

  it('charge the upgrade, reward the referrer once, and move earnings to the main wallet', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_500_00 });
    const referrer = await createUser(t.ctx);
    await inRolledBackTx(async (tx) => {
      expect(await chargeResellerUpgrade(tx, { userId: user.id, amountKobo: 1_000_00 })).toEqual({
        balanceKobo: 500_00,
      });
      expect(await journal(tx, `upgrade:${user.id}`)).toEqual({
        kind: 'reseller_upgrade',
        postings: { [`user_main:${user.id}`]: -1_000_00, fee_revenue: 1_000_00 },
      });
      const reward = { referrerId: referrer.id, referredUserId: user.id, amountKobo: 500_00 };
      expect(await referralsRewarded(tx, [user.id, referrer.id])).toEqual(new Set());
      expect(await rewardReferrer(tx, reward)).toEqual({
        duplicate: false,
        earningsBalanceKobo: 500_00,
      });
      expect(await rewardReferrer(tx, reward)).toEqual({ duplicate: true });
      expect(await journal(tx, `referral:${user.id}`)).toEqual({
        kind: 'referral_reward',
        postings: { referral_expense: -500_00, [`user_earnings:${referrer.id}`]: 500_00 },
      });
      expect(await referralsRewarded(tx, [user.id, referrer.id])).toEqual(new Set([user.id]));
      expect(
        await moveEarningsToMain(tx, {
          reference: `E${referrer.id}`,
          userId: referrer.id,
          amountKobo: 200_00,
        }),
      ).toEqual({ balanceKobo: 200_00, earningsBalanceKobo: 300_00 });
      expect((await journal(tx, `earning:E${referrer.id}`)).kind).toBe('earning_withdrawal');
      expect(await referralEarnings(tx, referrer.id)).toEqual({
        earnedKobo: 500_00,
        withdrawnKobo: 200_00,
      });
    });
  });

  it('credit a card funding and a reserved-account deposit less the fee, and a zero fee as no posting', async () => {
    const user = await createUser(t.ctx);
    const ref = `S${user.id}`;
    await inRolledBackTx(async (tx) => {
      expect(
        await creditCardFunding(tx, {
          reference: ref,
          userId: user.id,
          grossKobo: 1_000_00,
          feeKobo: 10_00,
        }),
      ).toEqual({ balanceKobo: 990_00 });
      expect(await journal(tx, `squad:${ref}`)).toEqual({
        kind: 'wallet_funding',
        postings: {
          gateway_clearing: -1_000_00,
          [`user_main:${user.id}`]: 990_00,
          fee_revenue: 10_00,
        },
      });
      // An admin may set the funding fee to 0%: the whole amount is credited.
      expect(
        await creditCardFunding(tx, {
          reference: `${ref}-0`,
          userId: user.id,
          grossKobo: 500_00,
          feeKobo: 0,
        }),
      ).toEqual({ balanceKobo: 1_490_00 });
      expect((await journal(tx, `squad:${ref}-0`)).postings).toEqual({
        gateway_clearing: -500_00,
        [`user_main:${user.id}`]: 500_00,
      });
      const deposit = {
        providerReference: `W${user.id}`,
        accountNumber: '9900000001',
        userId: user.id,
        grossKobo: 200_00,
        feeKobo: 2_16,
      };
      expect(await creditReservedAccountDeposit(tx, deposit)).toEqual({
        duplicate: false,
        balanceKobo: 1_687_84,
      });
      expect(await creditReservedAccountDeposit(tx, deposit)).toEqual({ duplicate: true });
      expect(await journal(tx, `billstack:W${user.id}`)).toEqual({
        kind: 'wallet_funding',
        postings: {
          reserved_accounts_clearing: -200_00,
          [`user_main:${user.id}`]: 197_84,
          fee_revenue: 2_16,
        },
      });
      expect(await getWalletBalanceKobo(tx, user.id)).toBe(1_687_84);
    });
  });

  it('debit a withdrawal into payouts clearing, then pay it out or refund it', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const [paid, failed] = [`P${user.id}`, `F${user.id}`];
    await inRolledBackTx(async (tx) => {
      expect(
        await debitWithdrawal(tx, { reference: paid, userId: user.id, amountKobo: 300_00 }),
      ).toEqual({ balanceKobo: 700_00 });
      await payOutWithdrawal(tx, { reference: paid, amountKobo: 300_00, feeKobo: 50_00 });
      expect(await journal(tx, `withdraw:${paid}`)).toEqual({
        kind: 'withdrawal',
        postings: { [`user_main:${user.id}`]: -300_00, payouts_clearing: 300_00 },
      });
      expect(await journal(tx, `withdraw-settle:${paid}`)).toEqual({
        kind: 'withdrawal_paid',
        postings: { payouts_clearing: -300_00, gateway_clearing: 250_00, fee_revenue: 50_00 },
      });
      await debitWithdrawal(tx, { reference: failed, userId: user.id, amountKobo: 200_00 });
      expect(
        await refundWithdrawal(tx, { reference: failed, userId: user.id, amountKobo: 200_00 }),
      ).toEqual({ balanceKobo: 700_00 });
      expect((await journal(tx, `refund:${failed}`)).kind).toBe('withdrawal_refund');
      // A settle is guarded by its caller's status change: posting it twice is a bug, not a no-op.
      await expect(
        refundWithdrawal(tx, { reference: failed, userId: user.id, amountKobo: 200_00 }),
      ).rejects.toThrow(/already posted/);
    });
  });

  it('credit an opening balance once per reference', async () => {
    const user = await createUser(t.ctx);
    await inRolledBackTx(async (tx) => {
      const opening = { reference: `seed:${user.id}`, userId: user.id, amountKobo: 50_00 };
      expect(await creditOpeningBalance(tx, { ...opening, memo: 'Demo' })).toEqual({
        duplicate: false,
      });
      expect(await creditOpeningBalance(tx, opening)).toEqual({ duplicate: true });
      expect(await journal(tx, `seed:${user.id}`)).toEqual({
        kind: 'opening_balance',
        postings: { opening_balances: -50_00, [`user_main:${user.id}`]: 50_00 },
      });
      expect(await getWalletBalanceKobo(tx, user.id)).toBe(50_00);
    });
    expect(await t.ledgerViolations()).toEqual([]);
  });
});
