import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  deleteLoginThrottle,
  findLoginWait,
  upsertLoginFailure,
} from './login-throttle.repository.ts';

// The reconciler loop and tests import the clean-up from here.
export { deleteStaleLoginThrottles } from './login-throttle.repository.ts';

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
  const row = await findLoginWait(db, key);
  if (row) throw tooMany(Math.max(1, Number(row.wait)));
};

/**
 * Counts one failed login (one upsert). Answers the seconds the account must now wait (0 below
 * the limit).
 */
export const recordLoginFailure = async (
  db: DbOrTx,
  key: string,
  limits: AccountLoginLimit,
): Promise<number> => {
  const rows = await upsertLoginFailure(db, key, limits);
  return Math.max(0, Number(rows[0]?.wait ?? 0));
};

/** A correct login: the account's count starts over. */
export const clearLoginFailures = async (db: DbOrTx, key: string): Promise<void> => {
  await deleteLoginThrottle(db, key);
};
