import { createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { REFERRAL_REWARD_KOBO, RESELLER_UPGRADE_KOBO } from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { coupons, transactions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { newReference } from '../../lib/ids.ts';
import { getWalletBalanceKobo, postJournal, type JournalResult } from '../ledger/ledger.service.ts';
import { toPublicTransaction } from '../transactions/transactions.mapper.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import { findUserByUserName, findUserRecordById, type UserRow } from '../users/users.repository.ts';

/** Writes the history line for one wallet's side of a journal. */
const recordLine = async (
  tx: Tx,
  journal: JournalResult,
  line: {
    index: number;
    userId: string;
    reference: string;
    type: 'transfer' | 'wallet' | 'referrer' | 'earning';
    network: string;
    amountKobo: number;
    direction: 'debit' | 'credit';
  },
) => {
  const after = journal.balances.get(journal.accountIds[line.index]!)!;
  const before = line.direction === 'debit' ? after + line.amountKobo : after - line.amountKobo;
  const [row] = await tx
    .insert(transactions)
    .values({
      userId: line.userId,
      reference: line.reference,
      type: line.type,
      network: line.network,
      status: 'success',
      amountKobo: line.amountKobo,
      balanceBeforeKobo: before,
      balanceAfterKobo: after,
      settledAt: sql`now()`,
    })
    .returning();
  return row!;
};

/** The name shown before a transfer: the business (full) name, else the user name; never the e-mail. */
export const validateRecipient = async (ctx: AppContext, userName: string) => {
  const user = await findUserByUserName(ctx.db, userName);
  if (!user) throw new AppError('NOT_FOUND', { msg: 'User not found' });
  return { name: user.fullName || user.userName, userName: user.userName, msg: 'User found' };
};

/**
 * Moves money between two users' wallets in one journal. Admins send from the house account and
 * are not limited by their own balance; everyone else is ('Insufficient balance').
 */
export const transferFunds = async (
  ctx: AppContext,
  sender: UserRow,
  input: { userName: string; amountKobo: number },
) => {
  const recipient = await findUserByUserName(ctx.db, input.userName);
  if (!recipient) throw new AppError('NOT_FOUND', { msg: 'User not found' });
  if (recipient.id === sender.id)
    throw new AppError('VALIDATION_ERROR', { msg: 'You cannot transfer to yourself' });
  const reference = newReference('TRF');
  return ctx.db.transaction(async (tx) => {
    const journal = await postJournal(tx, {
      reference: `transfer:${reference}`,
      kind: sender.isAdmin ? 'admin_transfer' : 'transfer',
      memo: `${sender.userName} → ${recipient.userName}`,
      postings: [
        sender.isAdmin
          ? { systemCode: 'house', amountKobo: -input.amountKobo }
          : { userId: sender.id, wallet: 'main', amountKobo: -input.amountKobo },
        { userId: recipient.id, wallet: 'main', amountKobo: input.amountKobo },
      ],
    });
    const incoming = await recordLine(tx, journal, {
      index: 1,
      userId: recipient.id,
      reference: `${reference}-IN`,
      type: 'transfer',
      network: `from ${sender.userName}`,
      amountKobo: input.amountKobo,
      direction: 'credit',
    });
    if (sender.isAdmin) {
      return {
        msg: 'Transfer successful',
        receipt: toPublicTransaction(
          { ...incoming, userName: recipient.userName },
          { withProfit: true },
        ),
        balanceKobo: await getWalletBalanceKobo(tx, sender.id),
      };
    }
    const outgoing = await recordLine(tx, journal, {
      index: 0,
      userId: sender.id,
      reference,
      type: 'transfer',
      network: `to ${recipient.userName}`,
      amountKobo: input.amountKobo,
      direction: 'debit',
    });
    return {
      msg: 'Transfer successful',
      receipt: toPublicTransaction(
        { ...outgoing, userName: sender.userName },
        { withProfit: false },
      ),
      balanceKobo: outgoing.balanceAfterKobo,
    };
  });
};

const couponCode = () =>
  randomBytes(6)
    .toString('hex')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1-');

/**
 * Creates a single-use coupon for one user, paid for now: by the house when an admin issues it,
 * from the vendor's own wallet when a coupon vendor does.
 */
export const generateCoupon = async (
  ctx: AppContext,
  issuer: UserRow,
  input: { userAccount: string; amountKobo: number },
) => {
  const owner = await findUserByUserName(ctx.db, input.userAccount);
  if (!owner) throw new AppError('NOT_FOUND', { msg: 'User not found' });
  const code = couponCode();
  return ctx.db.transaction(async (tx) => {
    const [coupon] = await tx
      .insert(coupons)
      .values({ code, userId: owner.id, amountKobo: input.amountKobo, createdById: issuer.id })
      .returning();
    const journal = await postJournal(tx, {
      reference: `coupon:issue:${coupon!.id}`,
      kind: 'coupon_issued',
      postings: [
        issuer.isAdmin
          ? { systemCode: 'house', amountKobo: -input.amountKobo }
          : { userId: issuer.id, wallet: 'main', amountKobo: -input.amountKobo },
        { systemCode: 'coupons_outstanding', amountKobo: input.amountKobo },
      ],
    });
    if (!issuer.isAdmin) {
      await recordLine(tx, journal, {
        index: 0,
        userId: issuer.id,
        reference: `CPN-${coupon!.id}`,
        type: 'wallet',
        network: `coupon for ${owner.userName}`,
        amountKobo: input.amountKobo,
        direction: 'debit',
      });
    }
    return {
      couponCode: code,
      msg: `Coupon of ₦${koboToNaira(input.amountKobo).toLocaleString('en-NG')} created for ${owner.userName}`,
    };
  });
};

/** Redeems a coupon into the owner's wallet, once (guarded status change in the same transaction). */
export const redeemCoupon = async (
  ctx: AppContext,
  user: UserRow,
  input: { userName: string; coupon: string },
) => {
  const invalid = new AppError('VALIDATION_ERROR', { msg: 'Invalid or used coupon code' });
  if (input.userName.trim().toLowerCase() !== user.userName.toLowerCase()) throw invalid;
  return ctx.db.transaction(async (tx) => {
    const [coupon] = await tx
      .update(coupons)
      .set({ status: 'redeemed', redeemedAt: sql`now()` })
      .where(
        and(
          eq(coupons.code, input.coupon.trim().toUpperCase()),
          eq(coupons.userId, user.id),
          eq(coupons.status, 'active'),
        ),
      )
      .returning();
    if (!coupon) throw invalid;
    const journal = await postJournal(tx, {
      reference: `coupon:redeem:${coupon.id}`,
      kind: 'coupon_redeemed',
      postings: [
        { systemCode: 'coupons_outstanding', amountKobo: -coupon.amountKobo },
        { userId: user.id, wallet: 'main', amountKobo: coupon.amountKobo },
      ],
    });
    const line = await recordLine(tx, journal, {
      index: 1,
      userId: user.id,
      reference: `CPR-${coupon.id}`,
      type: 'wallet',
      network: 'coupon',
      amountKobo: coupon.amountKobo,
      direction: 'credit',
    });
    return {
      msg: 'Wallet funded with coupon',
      amount: koboToNaira(coupon.amountKobo),
      balanceKobo: line.balanceAfterKobo,
    };
  });
};

/**
 * The one-time ₦1,000 upgrade from smart earner to reseller, and the referrer's ₦500 reward
 * (once per referred user: its journal reference is unique), in one transaction.
 */
export const upgradeToReseller = async (ctx: AppContext, user: UserRow) => {
  if (user.userType !== 'smart earner') {
    throw new AppError('CONFLICT', {
      msg:
        user.userType === 'reseller'
          ? 'You are already a reseller'
          : 'Only smart earners can upgrade to reseller',
    });
  }
  await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ userType: 'reseller' })
      .where(and(eq(users.id, user.id), eq(users.userType, 'smart earner')))
      .returning({ id: users.id });
    if (!changed) throw new AppError('CONFLICT', { msg: 'You are already a reseller' });
    const journal = await postJournal(tx, {
      reference: `upgrade:${user.id}`,
      kind: 'reseller_upgrade',
      postings: [
        { userId: user.id, wallet: 'main', amountKobo: -RESELLER_UPGRADE_KOBO },
        { systemCode: 'fee_revenue', amountKobo: RESELLER_UPGRADE_KOBO },
      ],
    });
    await recordLine(tx, journal, {
      index: 0,
      userId: user.id,
      reference: `UPG-${user.id}`,
      type: 'wallet',
      network: 'reseller upgrade',
      amountKobo: RESELLER_UPGRADE_KOBO,
      direction: 'debit',
    });
    if (user.referredById && user.referredById !== user.id) {
      const reward = await postJournal(tx, {
        reference: `referral:${user.id}`,
        kind: 'referral_reward',
        metadata: { referredUserId: user.id },
        postings: [
          { systemCode: 'referral_expense', amountKobo: -REFERRAL_REWARD_KOBO },
          { userId: user.referredById, wallet: 'earnings', amountKobo: REFERRAL_REWARD_KOBO },
        ],
      });
      if (!reward.duplicate) {
        await recordLine(tx, reward, {
          index: 1,
          userId: user.referredById,
          reference: `REF-${user.id}`,
          type: 'referrer',
          network: `referral: ${user.userName}`,
          amountKobo: REFERRAL_REWARD_KOBO,
          direction: 'credit',
        });
      }
    }
  });
  const record = await findUserRecordById(ctx.db, user.id);
  return { msg: 'You are now a reseller', user: toPublicUser(record!) };
};

export const REFERRALS_PAGE_SIZE = 20;

/** The caller's referrals and earnings summary. */
export const referralSummary = async (ctx: AppContext, userId: string, page: number) => {
  const [totals] = await queryRows<{
    total_referred: number;
    total_earned: string | number;
    withdrawn: string | number;
  }>(
    ctx.db,
    sql`select
      (select count(*)::int from users where referred_by_id = ${userId}) as total_referred,
      (select coalesce(sum(p.amount_kobo), 0) from postings p join journals j on j.id = p.journal_id
         join ledger_accounts a on a.id = p.account_id
         where a.user_id = ${userId} and a.kind = 'user_earnings' and j.kind = 'referral_reward') as total_earned,
      (select coalesce(-sum(p.amount_kobo), 0) from postings p join journals j on j.id = p.journal_id
         join ledger_accounts a on a.id = p.account_id
         where a.user_id = ${userId} and a.kind = 'user_earnings' and j.kind = 'earning_withdrawal') as withdrawn`,
  );
  const list = await queryRows<{ user_name: string; rewarded: boolean }>(
    ctx.db,
    sql`select u.user_name, exists (select 1 from journals j where j.reference = 'referral:' || u.id) as rewarded
        from users u where u.referred_by_id = ${userId}
        order by u.created_at desc, u.id
        limit ${REFERRALS_PAGE_SIZE} offset ${(page - 1) * REFERRALS_PAGE_SIZE}`,
  );
  const totalReferred = Number(totals?.total_referred ?? 0);
  return {
    referralList: list.map((r) => ({
      userName: r.user_name,
      amountEarned: r.rewarded ? koboToNaira(REFERRAL_REWARD_KOBO) : 0,
    })),
    earningBalance: koboToNaira(await getWalletBalanceKobo(ctx.db, userId, 'earnings')),
    totalReferred,
    totalEarned: koboToNaira(Number(totals?.total_earned ?? 0)),
    withdrawn: koboToNaira(Number(totals?.withdrawn ?? 0)),
    totalPages: Math.max(1, Math.ceil(totalReferred / REFERRALS_PAGE_SIZE)),
  };
};

/** Moves the whole earnings balance into the main wallet. */
export const withdrawEarnings = async (ctx: AppContext, user: UserRow) => {
  const available = await getWalletBalanceKobo(ctx.db, user.id, 'earnings');
  if (available <= 0)
    throw new AppError('VALIDATION_ERROR', { msg: 'You have no earnings to withdraw' });
  return ctx.db.transaction(async (tx) => {
    // The journal's conditional update refuses if a concurrent withdrawal already took it.
    const journal = await postJournal(tx, {
      reference: `earning:${newReference('ERN')}`,
      kind: 'earning_withdrawal',
      postings: [
        { userId: user.id, wallet: 'earnings', amountKobo: -available },
        { userId: user.id, wallet: 'main', amountKobo: available },
      ],
    });
    const line = await recordLine(tx, journal, {
      index: 1,
      userId: user.id,
      reference: newReference('ERN'),
      type: 'earning',
      network: 'earnings to wallet',
      amountKobo: available,
      direction: 'credit',
    });
    return {
      msg: `₦${koboToNaira(available).toLocaleString('en-NG')} moved to your wallet`,
      balance: koboToNaira(line.balanceAfterKobo),
      earningBalance: koboToNaira(journal.balances.get(journal.accountIds[0]!)!),
    };
  });
};

/**
 * Stores a NIN or BVN so that only its last four digits can ever be shown: the digits
 * themselves are kept only as a keyed hash (to spot one number used on two accounts).
 */
export const updateKyc = async (
  ctx: AppContext,
  user: UserRow,
  input: { nin?: string; bvn?: string },
) => {
  const kind = input.bvn ? 'bvn' : 'nin';
  const value = (input.bvn ?? input.nin)!;
  const fingerprint = createHmac('sha256', ctx.jwtSecret).update(`${kind}:${value}`).digest('hex');
  await ctx.db
    .update(users)
    .set(
      kind === 'bvn'
        ? { bvnLast4: value.slice(-4), bvnHash: fingerprint }
        : { ninLast4: value.slice(-4), ninHash: fingerprint },
    )
    .where(eq(users.id, user.id));
  const record = await findUserRecordById(ctx.db, user.id);
  return { msg: `${kind.toUpperCase()} saved`, user: toPublicUser(record!) };
};

export const recentCoupons = (ctx: AppContext, userId: string) =>
  ctx.db
    .select()
    .from(coupons)
    .where(eq(coupons.createdById, userId))
    .orderBy(desc(coupons.createdAt))
    .limit(50);
