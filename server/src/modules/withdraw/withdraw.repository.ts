import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { beneficiaries, transactions } from '../../db/schema/index.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import { claimDueTransactions } from '../transactions/transactions.repository.ts';

export type BeneficiaryRow = typeof beneficiaries.$inferSelect;

/** A withdrawal not settled yet: the payout was sent, or its answer is awaited. */
const UNSETTLED = ['processing', 'pending'];

/** A user's saved payout accounts, oldest first. */
export const findBeneficiariesByUser = (db: DbOrTx, userId: string): Promise<BeneficiaryRow[]> =>
  db
    .select()
    .from(beneficiaries)
    .where(eq(beneficiaries.userId, userId))
    .orderBy(asc(beneficiaries.createdAt));

/** Saves a payout account; the same bank and number saved again takes the new account name. */
export const upsertBeneficiary = async (
  db: DbOrTx,
  beneficiary: {
    userId: string;
    accountName: string;
    accountNumber: string;
    bankName: string;
    bankCode: string;
  },
): Promise<void> => {
  await db
    .insert(beneficiaries)
    .values(beneficiary)
    .onConflictDoUpdate({
      target: [beneficiaries.userId, beneficiaries.bankCode, beneficiaries.accountNumber],
      set: { accountName: beneficiary.accountName },
    });
};

/** Deletes the user's saved account `id`; answers whether there was one. */
export const deleteBeneficiary = async (
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<boolean> => {
  const removed = await db
    .delete(beneficiaries)
    .where(and(eq(beneficiaries.id, id), eq(beneficiaries.userId, userId)))
    .returning({ id: beneficiaries.id });
  return removed.length > 0;
};

/**
 * Records a withdrawal as 'processing', first re-queried `checkAfterSeconds` from now; answers
 * its row.
 */
export const insertProcessingWithdrawal = async (
  db: DbOrTx,
  withdrawal: {
    userId: string;
    reference: string;
    amountKobo: number;
    balanceBeforeKobo: number;
    balanceAfterKobo: number;
    accountNumber: string;
    details: Record<string, unknown>;
    checkAfterSeconds: number;
  },
): Promise<TransactionRow> => {
  const [inserted] = await db
    .insert(transactions)
    .values({
      userId: withdrawal.userId,
      reference: withdrawal.reference,
      type: 'wallet',
      network: 'Withdrawal',
      status: 'processing',
      amountKobo: withdrawal.amountKobo,
      balanceBeforeKobo: withdrawal.balanceBeforeKobo,
      balanceAfterKobo: withdrawal.balanceAfterKobo,
      phoneNumber: withdrawal.accountNumber,
      details: withdrawal.details,
      nextCheckAt: sql`now() + make_interval(secs => ${withdrawal.checkAfterSeconds})`,
    })
    .returning();
  return inserted!;
};

/** Moves an unsettled withdrawal to pending with the provider's answer. */
export const markWithdrawalPending = async (
  db: DbOrTx,
  id: string,
  apiResponse: string,
): Promise<void> => {
  await db
    .update(transactions)
    .set({ status: 'pending', apiResponse, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), inArray(transactions.status, UNSETTLED)));
};

/**
 * Settles an unsettled withdrawal as paid (keeping its fee as profit) or refunded, once: a
 * guarded transition that answers the row when this call moved it.
 */
export const settleUnsettledWithdrawal = async (
  db: DbOrTx,
  id: string,
  {
    status,
    apiResponse,
    profitKobo,
  }: { status: 'success' | 'refunded'; apiResponse: string; profitKobo: number },
): Promise<TransactionRow | undefined> => {
  const [moved] = await db
    .update(transactions)
    .set({
      status,
      apiResponse,
      settledAt: sql`now()`,
      nextCheckAt: null,
      profitKobo,
      updatedAt: sql`now()`,
    })
    .where(and(eq(transactions.id, id), inArray(transactions.status, UNSETTLED)))
    .returning();
  return moved;
};

/** Writes the user's refund line of a withdrawal, settled now. */
export const insertWithdrawalRefundLine = async (
  db: DbOrTx,
  line: {
    userId: string;
    reference: string;
    amountKobo: number;
    balanceBeforeKobo: number;
    balanceAfterKobo: number;
    apiResponse: string;
  },
): Promise<void> => {
  await db.insert(transactions).values({
    userId: line.userId,
    reference: line.reference,
    type: 'refund',
    network: 'Withdrawal',
    status: 'success',
    amountKobo: line.amountKobo,
    balanceBeforeKobo: line.balanceBeforeKobo,
    balanceAfterKobo: line.balanceAfterKobo,
    apiResponse: line.apiResponse,
    settledAt: sql`now()`,
  });
};

/** Claims due unsettled withdrawals for a re-query (see claimDueTransactions). */
export const claimDueWithdrawals = (
  db: DbOrTx,
  { limit, retryAfterSeconds }: { limit: number; retryAfterSeconds: number },
): Promise<TransactionRow[]> =>
  claimDueTransactions(db, {
    filter: sql`type = 'wallet' and network = 'Withdrawal'`,
    limit,
    retryAfterSeconds,
  });

/**
 * The withdrawal staff named by our id or by its payout reference (a reference that looks like
 * an id is tried as both); undefined when there is none.
 */
export const findWithdrawalByIdOrReference = async (
  db: DbOrTx,
  idOrReference: string,
): Promise<TransactionRow | undefined> => {
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.network, 'Withdrawal'),
        eq(transactions.type, 'wallet'),
        isUuid(idOrReference)
          ? or(eq(transactions.id, idOrReference), eq(transactions.reference, idOrReference))
          : eq(transactions.reference, idOrReference),
      ),
    );
  return row;
};
