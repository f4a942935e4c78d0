import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reservedAccounts, transactions, users } from '../../db/schema/index.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';

/** The bank account numbers reserved for a user. */
export const findReservedAccountsByUser = (db: DbOrTx, userId: string) =>
  db.select().from(reservedAccounts).where(eq(reservedAccounts.userId, userId));

/** The reserved account with this number, if we reserved it. */
export const findReservedAccountByNumber = async (db: DbOrTx, accountNumber: string) => {
  const [row] = await db
    .select()
    .from(reservedAccounts)
    .where(eq(reservedAccounts.accountNumber, accountNumber));
  return row;
};

/** Stores a reserved account (a number already stored is left as it is). */
export const insertReservedAccount = async (
  db: DbOrTx,
  account: {
    accountNumber: string;
    userId: string;
    bankName: string;
    accountName: string;
    providerReference: string;
  },
): Promise<void> => {
  await db.insert(reservedAccounts).values(account).onConflictDoNothing();
};

/** Copies the user's reserved accounts onto their row (what the profile shows). */
export const setUserAccountNumbers = async (
  db: DbOrTx,
  userId: string,
  fields: {
    accountNumbers: { bankName: string; accountNumber: string; accountName: string }[];
    reservedAccountNo3: string | null;
  },
): Promise<void> => {
  await db.update(users).set(fields).where(eq(users.id, userId));
};

/** The BillStack deposit line with this reference, if one was credited. */
export const findBillstackDepositLine = async (
  db: DbOrTx,
  reference: string,
): Promise<TransactionRow | undefined> => {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.reference, reference), eq(transactions.network, 'BillStack')));
  return row;
};

/** Writes the history line of a credited BillStack deposit, settled now. */
export const insertBillstackDepositLine = async (
  db: DbOrTx,
  line: {
    userId: string;
    reference: string;
    amountKobo: number;
    profitKobo: number;
    balanceBeforeKobo: number;
    balanceAfterKobo: number;
    details: { accountNumber: string; grossKobo: number; feeKobo: number; bankName: string };
  },
): Promise<void> => {
  await db.insert(transactions).values({
    userId: line.userId,
    reference: line.reference,
    type: 'wallet',
    network: 'BillStack',
    status: 'success',
    amountKobo: line.amountKobo,
    profitKobo: line.profitKobo,
    balanceBeforeKobo: line.balanceBeforeKobo,
    balanceAfterKobo: line.balanceAfterKobo,
    details: line.details,
    settledAt: sql`now()`,
  });
};
