import { randomBytes } from 'node:crypto';
import { koboToNaira } from '@vendo/shared/money';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { creditRedeemedCoupon, payForCoupon } from '../ledger/journals.ts';
import { recordWalletLine } from '../transactions/transactions.repository.ts';
import { findUserByUserName, type UserRow } from '../users/users.repository.ts';
import type { TCouponListResponse } from '@vendo/shared/schemas/funding.responses';
import { insertCoupon, listCoupons, markCouponRedeemed } from './coupon.repository.ts';
import { inTransaction } from '../../db/retry.ts';

const couponCode = () =>
  randomBytes(6)
    .toString('hex')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1-');

/**
 * Creates a single-use coupon for one user, paid for now: by the house when an admin issues it,
 * from the vendor's own wallet when a coupon vendor does. Audited either way (a staff act).
 */
export const generateCoupon = async (
  ctx: AppContext,
  issuer: UserRow,
  input: { userAccount: string; amountKobo: number },
) => {
  const owner = await findUserByUserName(ctx.db, input.userAccount);
  if (!owner) throw new AppError('NOT_FOUND', { msg: 'User not found' });
  const code = couponCode();
  return inTransaction(ctx.db, async (tx) => {
    const coupon = await insertCoupon(tx, {
      code,
      userId: owner.id,
      amountKobo: input.amountKobo,
      createdById: issuer.id,
    });
    const paid = await payForCoupon(tx, {
      couponId: coupon!.id,
      paidBy: { userId: issuer.id, isAdmin: issuer.isAdmin },
      amountKobo: input.amountKobo,
    });
    await recordAudit(tx, {
      actorId: issuer.id,
      action: 'coupon.issue',
      targetType: 'coupon',
      targetId: coupon!.id,
      // Never the code: it is the coupon's bearer secret.
      after: {
        ownerId: owner.id,
        ownerUserName: owner.userName,
        amountKobo: input.amountKobo,
        paidBy: paid.payerBalanceKobo === null ? 'house account' : 'issuer wallet',
      },
    });
    if (paid.payerBalanceKobo !== null) {
      await recordWalletLine(tx, {
        userId: issuer.id,
        reference: `CPN-${coupon!.id}`,
        type: 'wallet',
        network: `coupon for ${owner.userName}`,
        amountKobo: input.amountKobo,
        direction: 'debit',
        balanceAfterKobo: paid.payerBalanceKobo,
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
  return inTransaction(ctx.db, async (tx) => {
    const coupon = await markCouponRedeemed(tx, {
      code: input.coupon.trim().toUpperCase(),
      userId: user.id,
    });
    if (!coupon) throw invalid;
    const credited = await creditRedeemedCoupon(tx, {
      couponId: coupon.id,
      userId: user.id,
      amountKobo: coupon.amountKobo,
    });
    const line = await recordWalletLine(tx, {
      userId: user.id,
      reference: `CPR-${coupon.id}`,
      type: 'wallet',
      network: 'coupon',
      amountKobo: coupon.amountKobo,
      direction: 'credit',
      balanceAfterKobo: credited.balanceKobo,
    });
    return {
      msg: 'Wallet funded with coupon',
      amount: koboToNaira(coupon.amountKobo),
      balanceKobo: line.balanceAfterKobo,
    };
  });
};

export const COUPONS_PAGE_SIZE = 20;

/**
 * GET /admin/coupons: issued coupons, newest first, with their state. Admins see every coupon;
 * a coupon vendor sees the ones they issued.
 */
export const issuedCoupons = async (
  ctx: AppContext,
  viewer: UserRow,
  page: number,
): Promise<TCouponListResponse> => {
  const { rows, total } = await listCoupons(ctx.db, {
    issuedBy: viewer.isAdmin ? undefined : viewer.id,
    limit: COUPONS_PAGE_SIZE,
    offset: (page - 1) * COUPONS_PAGE_SIZE,
  });
  return {
    coupons: rows.map((r) => ({
      _id: r.coupon.id,
      couponCode: r.coupon.code,
      userName: r.owner,
      amount: koboToNaira(r.coupon.amountKobo),
      status: r.coupon.status as 'active' | 'redeemed',
      issuedBy: r.issuer,
      createdAt: r.coupon.createdAt.toISOString(),
      redeemedAt: r.coupon.redeemedAt?.toISOString() ?? null,
    })),
    total,
    totalPages: Math.max(1, Math.ceil(total / COUPONS_PAGE_SIZE)),
  };
};
