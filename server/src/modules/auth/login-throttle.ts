import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { loginThrottles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Failed logins per account, across every client address (decision 0028). Below `limit`
 * failures nothing happens; the failure that reaches it, and each one after, makes the account
 * wait before its next attempt: `delaySeconds`, doubling per further failure up to
 * `maxDelaySeconds`. Attempts during a wait are refused without being counted, so a stranger
 * cannot stretch it: the owner's correct login after it signs in and starts the count over. An
 * account quiet for `windowSeconds` (since its last failure and since its last wait ended)
 * starts over too. Kept in the database, so every process counts the same failures.
 */
export type AccountLoginLimit = {
  limit: number;
  windowSeconds: number;
  delaySeconds: number;
  maxDelaySeconds: number;
};

/**
 * The key an attempt counts under: the account when the login name has one, else the name
 * itself, so an unknown name is refused exactly as a known one (no answer tells them apart).
 */
export const throttleKeyOf = (user: { id: string } | null, loginName: string): string =>
  user ? `user:${user.id}` : `name:${loginName.trim().toLowerCase()}`;

const tooMany = (seconds: number) =>
  new AppError('RATE_LIMITED', {
    msg: `Too many failed attempts for this account. Please try again in ${waitText(seconds)}.`,
    retryAfterSeconds: seconds,
  });

const waitText = (seconds: number) => {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

/** Throws RATE_LIMITED with Retry-After while the account must wait. */
export const assertAccountMayTry = async (db: DbOrTx, key: string): Promise<void> => {
  const [row] = await queryRows<{ wait: number | string }>(
    db,
    sql`select ceil(extract(epoch from (${loginThrottles.blockedUntil} - now()))) as wait
      from ${loginThrottles}
      where ${loginThrottles.key} = ${key} and ${loginThrottles.blockedUntil} > now()`,
  );
  if (row) throw tooMany(Math.max(1, Number(row.wait)));
};

/**
 * Counts one failed login (one upsert). Answers the seconds the account must now wait (0 below
 * the limit).
 */
export const recordLoginFailure = async (
  db: DbOrTx,
  key: string,
  { limit, windowSeconds, delaySeconds, maxDelaySeconds }: AccountLoginLimit,
): Promise<number> => {
  const t = sql.raw('login_throttles');
  // Quiet for a window since the last failure and since the last wait ended: start over.
  const fresh = sql`(${t}.last_failure_at < now() - make_interval(secs => ${windowSeconds})
    and coalesce(${t}.blocked_until, '-infinity') < now() - make_interval(secs => ${windowSeconds}))`;
  const failures = sql`(case when ${fresh} then 1 else ${t}.failures + 1 end)`;
  const strikes = sql`(case when ${fresh} then 0 else ${t}.strikes end
    + case when ${failures} >= ${limit} then 1 else 0 end)`;
  const waitFor = (strikeCount: SQL) =>
    sql`now() + make_interval(secs => least(${maxDelaySeconds}::float8,
      ${delaySeconds}::float8 * power(2, ${strikeCount} - 1)))`;
  const rows = await queryRows<{ wait: number | string | null }>(
    db,
    sql`insert into ${t} (key, failures, strikes, last_failure_at, blocked_until)
      values (${key}, 1, ${limit <= 1 ? 1 : 0}, now(),
        ${limit <= 1 ? waitFor(sql`1`) : sql`null`})
      on conflict (key) do update set
        failures = ${failures},
        strikes = ${strikes},
        blocked_until = case when ${failures} >= ${limit} then ${waitFor(strikes)} else null end,
        last_failure_at = now()
      returning ceil(extract(epoch from (blocked_until - now()))) as wait`,
  );
  return Math.max(0, Number(rows[0]?.wait ?? 0));
};

/** A correct login: the account's count starts over. */
export const clearLoginFailures = async (db: DbOrTx, key: string): Promise<void> => {
  await db.execute(sql`delete from ${loginThrottles} where ${loginThrottles.key} = ${key}`);
};

/**
 * Rows of accounts (or unknown names) quiet for a window and no longer waiting, a batch at a
 * time (the reconciler loop); answers how many went.
 */
export const deleteStaleLoginThrottles = async (
  db: DbOrTx,
  { windowSeconds, limit }: { windowSeconds: number; limit: number },
): Promise<number> => {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`delete from ${loginThrottles} where ${loginThrottles.key} in (
      select key from ${loginThrottles}
      where last_failure_at < now() - make_interval(secs => ${windowSeconds})
        and coalesce(blocked_until, '-infinity') < now() - make_interval(secs => ${windowSeconds})
      limit ${limit})
      returning ${loginThrottles.key}`,
  );
  return rows.length;
};
