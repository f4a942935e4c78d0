import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import { claimDueTransactions } from '../transactions/transactions.repository.ts';

/**
 * Records a card/bank checkout as a pending wallet transaction, first re-queried
 * `checkAfterSeconds` from now.
 */
export const insertPendingSquadFunding = async (
  db: DbOrTx,
  funding: {
    userId: string;
    reference: string;
    amountKobo: number;
    balanceKobo: number;
    details: { email: string; feeBasisPoints: number };
    checkAfterSeconds: number;
  },
): Promise<void> => {
  await db.insert(transactions).values({
    userId: funding.userId,
    reference: funding.reference,
    type: 'wallet',
    network: 'Squad',
    status: 'pending',
    amountKobo: funding.amountKobo,
    balanceBeforeKobo: funding.balanceKobo,
    balanceAfterKobo: funding.balanceKobo,
    details: funding.details,
    nextCheckAt: sql`now() + make_interval(secs => ${funding.checkAfterSeconds})`,
  });
};

/** Stores the checkout link of the funding with this reference. */
export const setFundingPaymentLink = async (
  db: DbOrTx,
  reference: string,
  paymentLink: string,
): Promise<void> => {
  await db.update(transactions).set({ paymentLink }).where(eq(transactions.reference, reference));
};

/** Fails the funding with this reference while it is still pending. */
export const failPendingFundingByReference = async (
  db: DbOrTx,
  reference: string,
  apiResponse: string,
): Promise<void> => {
  await db
    .update(transactions)
    .set({ status: 'failed', apiResponse })
    .where(and(eq(transactions.reference, reference), eq(transactions.status, 'pending')));
};

/** The Squad wallet funding with this reference, if we issued it. */
export const findSquadFundingByReference = async (
  db: DbOrTx,
  reference: string,
): Promise<TransactionRow | undefined> => {
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.reference, reference),
        eq(transactions.type, 'wallet'),
        eq(transactions.network, 'Squad'),
      ),
    );
  return row;
};

/** Makes a pending funding due for a re-query now. */
export const markPendingFundingDueNow = async (db: DbOrTx, id: string): Promise<void> => {
  await db
    .update(transactions)
    .set({ nextCheckAt: sql`now()` })
    .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')));
};

/** Stops re-querying a pending funding (held for an admin). */
export const holdPendingFunding = async (db: DbOrTx, id: string): Promise<void> => {
  await db
    .update(transactions)
    .set({ nextCheckAt: null })
    .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')));
};

/**
 * Notes on a failed funding that the gateway now confirms its payment, once: answers the row
 * when this call made the note, undefined when it was already there (or the row is not failed).
 */
export const flagFailedFundingPaid = async (db: DbOrTx, id: string, note: string) => {
  const [flagged] = await db
    .update(transactions)
    .set({ apiResponse: note })
    .where(
      and(
        eq(transactions.id, id),
        eq(transactions.status, 'failed'),
        sql`coalesce(${transactions.apiResponse}, '') not like 'Squad: Success after %'`,
      ),
    )
    .returning({ id: transactions.id });
  return flagged;
};

/** Fails a pending funding, settled now, with no further re-query. */
export const failPendingFunding = async (
  db: DbOrTx,
  id: string,
  apiResponse: string,
): Promise<void> => {
  await db
    .update(transactions)
    .set({ status: 'failed', apiResponse, settledAt: sql`now()`, nextCheckAt: null })
    .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')));
};

/**
 * Fails a pending funding created more than `olderThanSeconds` ago, in one guarded statement
 * (a younger one is left alone).
 */
export const expirePendingFunding = async (
  db: DbOrTx,
  id: string,
  { apiResponse, olderThanSeconds }: { apiResponse: string; olderThanSeconds: number },
): Promise<void> => {
  await db
    .update(transactions)
    .set({ status: 'failed', apiResponse, settledAt: sql`now()`, nextCheckAt: null })
    .where(
      and(
        eq(transactions.id, id),
        eq(transactions.status, 'pending'),
        lt(transactions.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    );
};

/**
 * Moves a pending funding to success with its fee (a guarded transition: only one caller wins);
 * answers the row when this call moved it.
 */
export const markPendingFundingSucceeded = async (db: DbOrTx, id: string, feeKobo: number) => {
  const [moved] = await db
    .update(transactions)
    .set({
      status: 'success',
      settledAt: sql`now()`,
      apiResponse: 'Squad: Success',
      profitKobo: feeKobo,
      nextCheckAt: null,
    })
    .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')))
    .returning({ id: transactions.id });
  return moved;
};

/** Writes the credited amount, the balances around it and the details on a settled funding. */
export const setFundingCreditLine = async (
  db: DbOrTx,
  id: string,
  line: {
    amountKobo: number;
    balanceBeforeKobo: number;
    balanceAfterKobo: number;
    details: Record<string, unknown>;
  },
): Promise<void> => {
  await db.update(transactions).set(line).where(eq(transactions.id, id));
};

/** Claims due Squad fundings for a re-query (see claimDueTransactions). */
export const claimDueSquadFundings = (
  db: DbOrTx,
  { limit, retryAfterSeconds }: { limit: number; retryAfterSeconds: number },
): Promise<TransactionRow[]> =>
  claimDueTransactions(db, {
    filter: sql`type = 'wallet' and network = 'Squad'`,
    limit,
    retryAfterSeconds,
  });
