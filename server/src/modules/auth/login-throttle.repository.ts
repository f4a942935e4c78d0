import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { loginThrottles } from '../../db/schema/index.ts';
import type { AccountLoginLimit } from './login-throttle.ts';

/** Seconds (rounded up) the account under `key` must still wait, or undefined when it need not. */
export const findLoginWait = async (db: DbOrTx, key: string) => {
  const [row] = await queryRows<{ wait: number | string }>(
    db,
    sql`select ceil(extract(epoch from (${loginThrottles.blockedUntil} - now()))) as wait
      from ${loginThrottles}
      where ${loginThrottles.key} = ${key} and ${loginThrottles.blockedUntil} > now()`,
  );
  return row;
};

/**
 * Counts one failed login under `key` (one upsert) and answers its row's wait in seconds, rounded
 * up (null while below the limit).
 */
export const upsertLoginFailure = async (
  db: DbOrTx,
  key: string,
  { limit, windowSeconds, delaySeconds, maxDelaySeconds }: AccountLoginLimit,
) => {
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
  return queryRows<{ wait: number | string | null }>(
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
};

/** Deletes the row of `key`. */
export const deleteLoginThrottle = async (db: DbOrTx, key: string): Promise<void> => {
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
