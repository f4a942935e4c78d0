import { REFERRAL_REWARD_KOBO, RESELLER_UPGRADE_KOBO } from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { newReference } from '../../lib/ids.ts';
import {
  chargeResellerUpgrade,
  moveEarningsToMain,
  referralEarnings,
  referralsRewarded,
  rewardReferrer,
} from '../ledger/journals.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { recordWalletLine } from '../transactions/transactions.repository.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import { findUserRecordById, type UserRow } from '../users/users.repository.ts';
import {
  countReferredUsers,
  listReferredUsers,
  promoteToReseller,
} from './referrals.repository.ts';
import { inTransaction } from '../../db/retry.ts';

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
  await inTransaction(ctx.db, async (tx) => {
    if (!(await promoteToReseller(tx, user.id)))
      throw new AppError('CONFLICT', { msg: 'You are already a reseller' });
    const charged = await chargeResellerUpgrade(tx, {
      userId: user.id,
      amountKobo: RESELLER_UPGRADE_KOBO,
    });
    await recordWalletLine(tx, {
      userId: user.id,
      reference: `UPG-${user.id}`,
      type: 'wallet',
      network: 'reseller upgrade',
      amountKobo: RESELLER_UPGRADE_KOBO,
      direction: 'debit',
      balanceAfterKobo: charged.balanceKobo,
    });
    if (user.referredById && user.referredById !== user.id) {
      const reward = await rewardReferrer(tx, {
        referrerId: user.referredById,
        referredUserId: user.id,
        amountKobo: REFERRAL_REWARD_KOBO,
      });
      if (!reward.duplicate) {
        await recordWalletLine(tx, {
          userId: user.referredById,
          reference: `REF-${user.id}`,
          type: 'referrer',
          network: `referral: ${user.userName}`,
          amountKobo: REFERRAL_REWARD_KOBO,
          direction: 'credit',
          balanceAfterKobo: reward.earningsBalanceKobo,
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
  const totalReferred = await countReferredUsers(ctx.db, userId);
  const referred = await listReferredUsers(ctx.db, userId, {
    limit: REFERRALS_PAGE_SIZE,
    offset: (page - 1) * REFERRALS_PAGE_SIZE,
  });
  const rewarded = await referralsRewarded(
    ctx.db,
    referred.map((r) => r.id),
  );
  const earnings = await referralEarnings(ctx.db, userId);
  return {
    referralList: referred.map((r) => ({
      userName: r.userName,
      amountEarned: rewarded.has(r.id) ? koboToNaira(REFERRAL_REWARD_KOBO) : 0,
    })),
    earningBalance: koboToNaira(await getWalletBalanceKobo(ctx.db, userId, 'earnings')),
    totalReferred,
    totalEarned: koboToNaira(earnings.earnedKobo),
    withdrawn: koboToNaira(earnings.withdrawnKobo),
    totalPages: Math.max(1, Math.ceil(totalReferred / REFERRALS_PAGE_SIZE)),
  };
};

/** Moves the whole earnings balance into the main wallet. */
export const withdrawEarnings = async (ctx: AppContext, user: UserRow) => {
  const available = await getWalletBalanceKobo(ctx.db, user.id, 'earnings');
  if (available <= 0)
    throw new AppError('VALIDATION_ERROR', { msg: 'You have no earnings to withdraw' });
  return inTransaction(ctx.db, async (tx) => {
    // The journal's conditional update refuses if a concurrent withdrawal already took it.
    const moved = await moveEarningsToMain(tx, {
      reference: newReference('ERN'),
      userId: user.id,
      amountKobo: available,
    });
    const line = await recordWalletLine(tx, {
      userId: user.id,
      reference: newReference('ERN'),
      type: 'earning',
      network: 'earnings to wallet',
      amountKobo: available,
      direction: 'credit',
      balanceAfterKobo: moved.balanceKobo,
    });
    return {
      msg: `₦${koboToNaira(available).toLocaleString('en-NG')} moved to your wallet`,
      balance: koboToNaira(line.balanceAfterKobo),
      earningBalance: koboToNaira(moved.earningsBalanceKobo),
    };
  });
};
