import { findTransactionById } from '../transactions/transactions.repository.ts';
import { randomBytes } from 'node:crypto';
import { WITHDRAWAL_FEE_KOBO } from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  lookupSquadAccount,
  requerySquadPayout,
  sendSquadPayout,
  squadSettingsFor,
  type PayoutOutcome,
} from '../../providers/payments/squad.ts';
import { debitWithdrawal, payOutWithdrawal, refundWithdrawal } from '../ledger/journals.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { toPublicTransaction, type TransactionRow } from '../transactions/transactions.mapper.ts';
import type { UserRow } from '../users/users.repository.ts';
import { bankByCode, bankByName } from './bank-codes.ts';
import { inTransaction } from '../../db/retry.ts';
import {
  claimDueWithdrawals,
  deleteBeneficiary,
  findBeneficiariesByUser,
  insertProcessingWithdrawal,
  insertWithdrawalRefundLine,
  markWithdrawalPending,
  settleUnsettledWithdrawal,
  upsertBeneficiary,
  type BeneficiaryRow,
} from './withdraw.repository.ts';

const squad = squadSettingsFor;

/** The bank from a code or a name; 400 when neither is one we know. */
export const resolveBank = (input: {
  bankCode?: string | undefined;
  bankName?: string | undefined;
}) => {
  const bank =
    (input.bankCode && bankByCode(input.bankCode)) ||
    (input.bankName && bankByName(input.bankName));
  if (!bank) throw new AppError('VALIDATION_ERROR', { msg: 'Select your bank' });
  return bank;
};

/** Asks the payout provider whose account this is. */
export const validateAccount = async (
  ctx: AppContext,
  input: { bankCode: string; accountNumber: string },
) => {
  let found;
  try {
    found = await lookupSquadAccount(squad(ctx), input);
  } catch {
    throw new AppError('PROVIDER_ERROR', { msg: 'We could not reach the bank. Please try again.' });
  }
  if (!found) throw new AppError('VALIDATION_ERROR', { msg: 'We could not find that account' });
  return { name: found.accountName, code: input.bankCode, msg: 'Account validated' };
};

const toBeneficiary = (row: BeneficiaryRow) => ({
  _id: row.id,
  accountName: row.accountName,
  accountNumber: row.accountNumber,
  bankName: row.bankName,
  bankCode: row.bankCode,
});

export const listBeneficiaries = async (ctx: AppContext, userId: string) =>
  (await findBeneficiariesByUser(ctx.db, userId)).map(toBeneficiary);

/** Saves an account after the provider confirms it (the name stored is the bank's, never the caller's). */
export const addBeneficiary = async (
  ctx: AppContext,
  userId: string,
  input: { bankCode: string; accountNumber: string },
) => {
  const bank = resolveBank(input);
  const { name } = await validateAccount(ctx, {
    bankCode: bank.bankCode,
    accountNumber: input.accountNumber,
  });
  await upsertBeneficiary(ctx.db, {
    userId,
    accountName: name,
    accountNumber: input.accountNumber,
    bankName: bank.bankName,
    bankCode: bank.bankCode,
  });
  return listBeneficiaries(ctx, userId);
};

/**
 * Removes one of the user's saved accounts; another user's id, a missing or a malformed one is the
 * same 404. Past withdrawals to it keep their own record. Answers the list that remains.
 */
export const removeBeneficiary = async (ctx: AppContext, userId: string, id: string) => {
  const removed = isUuid(id) && (await deleteBeneficiary(ctx.db, userId, id));
  if (!removed) throw new AppError('NOT_FOUND', { msg: 'Beneficiary not found' });
  return listBeneficiaries(ctx, userId);
};

/**
 * A withdrawal: the account is validated with the provider, the wallet debited into payouts
 * clearing together with a 'processing' record, the payout sent outside any transaction, then
 * settled once: paid, refunded (a definite failure or reversal), or pending for re-query.
 */
export const withdraw = async (
  ctx: AppContext,
  user: UserRow,
  input: { bankCode: string; accountNumber: string; amountKobo: number },
) => {
  const bank = resolveBank(input);
  const { name } = await validateAccount(ctx, {
    bankCode: bank.bankCode,
    accountNumber: input.accountNumber,
  });
  const reference = `${ctx.config.squad.merchantId}_${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
  const payoutKobo = input.amountKobo - WITHDRAWAL_FEE_KOBO;
  const row = await inTransaction(ctx.db, async (tx) => {
    const { balanceKobo: after } = await debitWithdrawal(tx, {
      reference,
      userId: user.id,
      amountKobo: input.amountKobo,
    });
    return insertProcessingWithdrawal(tx, {
      userId: user.id,
      reference,
      amountKobo: input.amountKobo,
      balanceBeforeKobo: after + input.amountKobo,
      balanceAfterKobo: after,
      accountNumber: input.accountNumber,
      details: {
        bankName: bank.bankName,
        bankCode: bank.bankCode,
        accountNumber: input.accountNumber,
        accountName: name,
        feeKobo: WITHDRAWAL_FEE_KOBO,
        payoutKobo,
      },
      checkAfterSeconds: ctx.config.vending.processingGraceSeconds,
    });
  });
  const outcome = await sendSquadPayout(squad(ctx), {
    reference,
    bankCode: bank.bankCode,
    accountNumber: input.accountNumber,
    accountName: name,
    amountKobo: payoutKobo,
    remark: `Vendo withdrawal ${reference}`,
  });
  await settleWithdrawal(ctx, row, outcome);
  const current = await findTransactionById(ctx.db, row.id);
  return {
    status: current!.status,
    receipt: toPublicTransaction({ ...current!, userName: user.userName }, { withProfit: false }),
    balanceKobo: await getWalletBalanceKobo(ctx.db, user.id),
    message: outcome.message,
  };
};

/** The admin whose re-query settles a withdrawal (the reconciler has none). */
type StaffActor = { actorId: string };

/**
 * Applies a payout answer to an unsettled withdrawal, at most once. A refund made on an admin's
 * re-query is audited with it.
 */
export const settleWithdrawal = async (
  ctx: AppContext,
  row: TransactionRow,
  outcome: PayoutOutcome,
  staff?: StaffActor,
): Promise<void> => {
  const fee = Number((row.details as { feeKobo?: number } | null)?.feeKobo ?? WITHDRAWAL_FEE_KOBO);
  if (outcome.outcome === 'pending') {
    await markWithdrawalPending(ctx.db, row.id, outcome.raw);
    return;
  }
  await inTransaction(ctx.db, async (tx) => {
    const moved = await settleUnsettledWithdrawal(tx, row.id, {
      status: outcome.outcome === 'success' ? 'success' : 'refunded',
      apiResponse: outcome.raw,
      profitKobo: outcome.outcome === 'success' ? fee : 0,
    });
    if (!moved) return;
    if (outcome.outcome === 'success') {
      await payOutWithdrawal(tx, {
        reference: row.reference,
        amountKobo: row.amountKobo,
        feeKobo: fee,
      });
      return;
    }
    const { balanceKobo: after } = await refundWithdrawal(tx, {
      reference: row.reference,
      userId: row.userId,
      amountKobo: row.amountKobo,
    });
    await insertWithdrawalRefundLine(tx, {
      userId: row.userId,
      reference: `R${row.reference}`,
      amountKobo: row.amountKobo,
      balanceBeforeKobo: after - row.amountKobo,
      balanceAfterKobo: after,
      apiResponse: `Refund of withdrawal ${row.reference}: ${outcome.message}`,
    });
    if (staff) {
      await recordAudit(tx, {
        actorId: staff.actorId,
        action: 'withdrawal.refund',
        targetType: 'transaction',
        targetId: row.id,
        before: { status: row.status },
        after: { status: 'refunded', amountKobo: row.amountKobo, balanceKobo: after },
        reason: outcome.message,
      });
    }
  });
};

/**
 * Whether a withdrawal is old enough for the provider's "no such payout" to mean it never got
 * there (a crash, or the database gone, between the debit and the payout request): a payout can
 * reach the provider up to its timeout after it was sent, and may be recorded a moment later
 * still. The same grace as a purchase's (SUPPLIER_NOT_FOUND_GRACE_SECONDS), and never shorter
 * than the payout timeout.
 */
const isPastNotFoundGrace = (ctx: AppContext, row: TransactionRow): boolean =>
  Date.now() - row.createdAt.getTime() >=
  Math.max(ctx.config.vending.notFoundGraceSeconds * 1000, ctx.config.squad.timeoutMs);

/**
 * Re-queries one withdrawal now (the reconciler and the admin action). A payout the provider
 * still has no record of past the grace was never sent: it is refunded once, never sent again.
 */
export const requeryWithdrawal = async (
  ctx: AppContext,
  row: TransactionRow,
  staff?: StaffActor,
) => {
  const outcome = await requerySquadPayout(squad(ctx), row.reference);
  const neverSent = outcome.notFound === true && isPastNotFoundGrace(ctx, row);
  await settleWithdrawal(
    ctx,
    row,
    neverSent
      ? { ...outcome, outcome: 'failed', message: 'the payout never reached the provider' }
      : outcome,
    staff,
  );
  return outcome;
};

/** Claims due unsettled withdrawals (SKIP LOCKED) and re-queries them; never refunds blind. */
export const reconcileWithdrawals = async (ctx: AppContext, { limit = 25 } = {}) => {
  const claimed = await inTransaction(ctx.db, (tx) =>
    claimDueWithdrawals(tx, { limit, retryAfterSeconds: ctx.config.vending.retryAfterSeconds }),
  );
  for (const row of claimed) await requeryWithdrawal(ctx, row);
  return claimed.length;
};

export const describeWithdrawal = (amountKobo: number) =>
  `₦${koboToNaira(amountKobo - WITHDRAWAL_FEE_KOBO).toLocaleString('en-NG')} will reach the account`;
