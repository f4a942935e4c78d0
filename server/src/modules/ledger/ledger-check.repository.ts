import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { settings } from '../../db/schema/index.ts';
import type { InvariantResult } from './ledger.invariants.ts';

/** The last scheduled ledger check, kept in `settings` so every process sees the same one. */
export type LedgerCheckRecord = {
  /** When the run began (ISO). */
  at: string;
  /** No invariant violated and the check finished. */
  ok: boolean;
  /** The invariants with violations, each with its count (empty when none). */
  violations: InvariantResult[];
  /** Why the check did not finish (a statement ran past its time limit), else null. */
  error: string | null;
  /** How long the check's queries took. */
  durationMs: number;
};

const RECORD_KEY = 'ledger_check';

/** One checker at a time across every process (pg_try_advisory_xact_lock; the others skip). */
const LEDGER_CHECK_LOCK = 7246017;

/** Takes the checker's lock for the rest of the transaction; false when another process has it. */
export const tryLedgerCheckLock = async (tx: DbOrTx): Promise<boolean> => {
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${LEDGER_CHECK_LOCK}) as locked`,
  );
  return row?.locked === true;
};

/**
 * Whether the last run began at least `intervalSeconds` ago (or there was none), by the
 * database's clock, which every process shares. Call it after the lock, in a statement of its
 * own: its snapshot then sees the last checker's commit.
 */
export const isLedgerCheckDue = async (tx: DbOrTx, intervalSeconds: number): Promise<boolean> => {
  const [row] = await queryRows<{ due: boolean }>(
    tx,
    sql`select ${settings.updatedAt} <= now() - make_interval(secs => ${intervalSeconds}) as due
        from ${settings} where ${settings.key} = ${RECORD_KEY}`,
  );
  return row?.due ?? true;
};

/** Records a run; its time is the transaction's start (now()), the time the run began. */
export const saveLedgerCheck = async (
  tx: DbOrTx,
  record: Omit<LedgerCheckRecord, 'at'>,
): Promise<LedgerCheckRecord> => {
  const [row] = await queryRows<{ at: string | Date }>(tx, sql`select now() as at`);
  const saved = { at: new Date(row!.at).toISOString(), ...record };
  await tx
    .insert(settings)
    .values({ key: RECORD_KEY, value: saved, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: saved, updatedAt: sql`now()` },
    });
  return saved;
};

/** The last run, or null before the first. */
export const findLedgerCheck = async (db: DbOrTx): Promise<LedgerCheckRecord | null> => {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, RECORD_KEY));
  return (row?.value as LedgerCheckRecord | undefined) ?? null;
};
