import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { coupons, users } from '../../db/schema/index.ts';

const issuers = alias(users, 'issuers');

/** Coupons newest first with their owner's and issuer's usernames, and how many match. */
export const listCoupons = async (
  db: DbOrTx,
  { issuedBy, limit, offset }: { issuedBy: string | undefined; limit: number; offset: number },
) => {
  const where = issuedBy ? eq(coupons.createdById, issuedBy) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({ coupon: coupons, owner: users.userName, issuer: issuers.userName })
      .from(coupons)
      .innerJoin(users, eq(users.id, coupons.userId))
      .innerJoin(issuers, eq(issuers.id, coupons.createdById))
      .where(where)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(coupons)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
};

/** Stores a new active coupon. */
export const insertCoupon = async (
  db: DbOrTx,
  coupon: { code: string; userId: string; amountKobo: number; createdById: string },
) => {
  const [row] = await db.insert(coupons).values(coupon).returning();
  return row!;
};

/**
 * Marks the owner's active coupon with this code redeemed (a guarded status change: only one
 * redemption can succeed) and answers it, or undefined when there is no such active coupon.
 */
export const markCouponRedeemed = async (
  db: DbOrTx,
  { code, userId }: { code: string; userId: string },
) => {
  const [row] = await db
    .update(coupons)
    .set({ status: 'redeemed', redeemedAt: sql`now()` })
    .where(and(eq(coupons.code, code), eq(coupons.userId, userId), eq(coupons.status, 'active')))
    .returning();
  return row;
};
