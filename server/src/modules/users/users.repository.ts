import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { namedStatementsAllowed, type Db, type DbOrTx } from '../../db/client.ts';
import { ledgerAccounts, revokedTokens, users, type UserRow } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';

export type { UserRow };
export type UserRecord = UserRow & {
  balanceKobo: number;
  earningBalanceKobo: number;
  referrerUserName: string | null;
};

const main = alias(ledgerAccounts, 'main_wallet');
const earnings = alias(ledgerAccounts, 'earnings_wallet');
const referrer = alias(users, 'referrer');

/** Users with their wallet balances and referrer's name, filtered by `where`. */
export const selectUserRecords = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({
      user: users,
      balanceKobo: main.balanceKobo,
      earningBalanceKobo: earnings.balanceKobo,
      referrerUserName: referrer.userName,
    })
    .from(users)
    .innerJoin(main, and(eq(main.userId, users.id), eq(main.kind, 'user_main')))
    .innerJoin(earnings, and(eq(earnings.userId, users.id), eq(earnings.kind, 'user_earnings')))
    .leftJoin(referrer, eq(referrer.id, users.referredById))
    .where(where);

const toRecord = (row: {
  user: UserRow;
  balanceKobo: number;
  earningBalanceKobo: number;
  referrerUserName: string | null;
}): UserRecord => ({
  ...row.user,
  balanceKobo: row.balanceKobo,
  earningBalanceKobo: row.earningBalanceKobo,
  referrerUserName: row.referrerUserName,
});

export const findUserRecordById = async (db: DbOrTx, id: string): Promise<UserRecord | null> => {
  if (!isUuid(id)) return null;
  const [row] = await selectUserRecords(db, eq(users.id, id)).limit(1);
  return row ? toRecord(row) : null;
};

const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();
const prepareSessionQuery = (db: Db) =>
  db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder('id')),
        sql`not exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder('jti')}::uuid)`,
      ),
    )
    .limit(1)
    .prepare('session_user');

/**
 * The user behind a session token unless that token was signed out (its `jti` in
 * revoked_tokens; a token without a jti never is), read on every signed-in request: one prepared
 * statement (Drizzle's `.prepare()`; on PostgreSQL a named statement each connection parses
 * once), two primary-key lookups, the one round trip and the same row it was before logout
 * existed. Behind a transaction pooler (DATABASE_PREPARED_STATEMENTS=false) the same query is
 * sent as an unnamed statement.
 */
export const findSessionUser = async (
  db: Db,
  id: string,
  jti: string | null,
): Promise<UserRow | null> => {
  if (!namedStatementsAllowed(db)) {
    const [user] = await db
      .select()
      .from(users)
      .where(
        and(
          eq(users.id, id),
          sql`not exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${jti}::uuid)`,
        ),
      )
      .limit(1);
    return user ?? null;
  }
  let query = sessionQueries.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    sessionQueries.set(db, query);
  }
  const [user] = await query.execute({ id, jti });
  return user ?? null;
};

/**
 * The user a login name refers to: user name or e-mail (case-insensitive), else the business
 * (full) name when exactly one account has it.
 */
export const findUserForLogin = async (db: DbOrTx, login: string): Promise<UserRow | null> => {
  const name = login.trim().toLowerCase();
  const [byNameOrEmail] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = ${name} or lower(${users.email}) = ${name}`)
    .limit(1);
  if (byNameOrEmail) return byNameOrEmail;
  const byBusiness = await db
    .select()
    .from(users)
    .where(sql`lower(${users.fullName}) = ${name}`)
    .limit(2);
  return byBusiness.length === 1 ? byBusiness[0]! : null;
};

export const findUserByUserName = async (db: DbOrTx, userName: string): Promise<UserRow | null> => {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = ${userName.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
};

export const findUserByEmail = async (db: DbOrTx, email: string): Promise<UserRow | null> => {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
};

export const insertUser = async (
  db: DbOrTx,
  values: typeof users.$inferInsert,
): Promise<UserRow> => {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
};

/** Sets a new password hash and revokes every earlier token; returns the new token version. */
export const setPasswordHash = async (
  db: DbOrTx,
  userId: string,
  passwordHash: string,
): Promise<number> => {
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  return row!.tokenVersion;
};

export const touchLastLogin = async (db: DbOrTx, userId: string): Promise<void> => {
  await db
    .update(users)
    .set({ lastLogin: sql`now()` })
    .where(eq(users.id, userId));
};

/** Stores the last four digits and keyed hash of a NIN or BVN on the user's row. */
export const setKycFields = async (
  db: DbOrTx,
  userId: string,
  fields: { bvnLast4: string; bvnHash: string } | { ninLast4: string; ninHash: string },
): Promise<void> => {
  await db.update(users).set(fields).where(eq(users.id, userId));
};
