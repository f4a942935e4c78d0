import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { getFeeBasisPoints, setFeeBasisPoints, type FeeName } from '../../lib/fees.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { inTransaction } from '../../db/retry.ts';

/** GET /admin/fees: the funding fees in percent. */
export const fundingFees = async (ctx: AppContext) => ({
  fundPageFeePercent: (await getFeeBasisPoints(ctx, 'fundPage')) / 100,
  accountCardFeePercent: (await getFeeBasisPoints(ctx, 'accountCard')) / 100,
});

/**
 * POST /admin/fees (admins): changes one or both funding fees (basis points, as validated), for
 * payments started from now on; audited in the same transaction.
 */
export const updateFundingFees = async (
  ctx: AppContext,
  actor: UserRow,
  change: Partial<Record<FeeName, number>>,
): Promise<{ msg: string }> => {
  const names = (Object.keys(change) as FeeName[]).filter((n) => change[n] !== undefined);
  if (names.length === 0)
    throw new AppError('VALIDATION_ERROR', { msg: 'Please enter a valid value' });
  const before = Object.fromEntries(
    await Promise.all(names.map(async (n) => [n, await getFeeBasisPoints(ctx, n)] as const)),
  );
  await inTransaction(ctx.db, async (tx) => {
    for (const name of names) await setFeeBasisPoints(tx, name, change[name]!);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'fees.update',
      targetType: 'settings',
      targetId: 'funding_fees',
      before: { basisPoints: before },
      after: { basisPoints: change },
    });
  });
  return { msg: 'Fees updated' };
};
