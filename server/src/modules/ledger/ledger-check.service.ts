import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { pgErrorOf } from '../../db/pg-error.ts';
import { inTransaction } from '../../db/retry.ts';
import { raiseOpenAlert } from '../alerts/alerts.service.ts';
import {
  isLedgerCheckDue,
  saveLedgerCheck,
  tryLedgerCheckLock,
  type LedgerCheckRecord,
} from './ledger-check.repository.ts';
import { checkLedgerInvariants, type InvariantResult } from './ledger.invariants.ts';

/**
 * The ledger's invariants checked while the app runs, so books changed outside the ledger (a
 * balance edited in SQL) reach an admin without anyone running `ledger:verify`.
 */

/**
 * How long one statement of the check may run. The check holds a transaction (and the oldest
 * snapshot vacuum must keep) for as long as it runs: past this it is given up, recorded as
 * unfinished and an admin is told, rather than held open for ever. On 1,000,000 purchases (5,000,000
 * postings) its longest statement took 30 s on a busy 2-vCPU machine (docs/benchmarks.md).
 */
export const LEDGER_CHECK_STATEMENT_TIMEOUT_MS = 5 * 60_000;

/** PostgreSQL's query_canceled: here, a statement past statement_timeout. */
const QUERY_CANCELED = '57014';

/**
 * One scheduled pass: runs the check unless another process is running it (advisory lock) or
 * the last run, by any process, began less than `intervalSeconds` ago (its record in settings).
 * Each violated invariant raises a `ledger_invariant` alert, one open alert per invariant while
 * it stays violated (an acknowledged one is raised again at the next run that still finds it); a
 * check that does not finish raises a `ledger_check` alert. The record, the alerts and the lock
 * share one transaction. Answers the run's record, or null when it did not run.
 */
export const runLedgerCheck = async (
  ctx: Pick<AppContext, 'db' | 'logger' | 'config'>,
  {
    intervalSeconds = ctx.config.ledgerCheckIntervalSeconds,
    statementTimeoutMs = LEDGER_CHECK_STATEMENT_TIMEOUT_MS,
  }: { intervalSeconds?: number; statementTimeoutMs?: number } = {},
): Promise<LedgerCheckRecord | null> => {
  const record = await inTransaction(ctx.db, async (tx) => {
    if (!(await tryLedgerCheckLock(tx))) return null;
    if (!(await isLedgerCheckDue(tx, intervalSeconds))) return null;
    // The check reads every posting: it takes no parallel workers from the requests' share of
    // the server's CPUs, and each statement has a time limit.
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    await tx.execute(
      sql.raw(`set local statement_timeout = ${Math.max(1, Math.round(statementTimeoutMs))}`),
    );
    const started = performance.now();
    let results: InvariantResult[] = [];
    let error: string | null = null;
    try {
      // A savepoint: a statement past its limit is undone to here and the run is still recorded.
      results = await inTransaction(tx, (savepoint) => checkLedgerInvariants(savepoint));
    } catch (caught) {
      if (pgErrorOf(caught)?.code !== QUERY_CANCELED) throw caught;
      error = `a statement ran past ${statementTimeoutMs / 1000} s`;
    }
    const durationMs = Math.round(performance.now() - started);
    await tx.execute(sql`set local statement_timeout = 0`);
    const violations = results.filter((r) => r.violations > 0);
    for (const { name, violations: count } of violations) {
      ctx.logger.error('ledger invariant violated', { invariant: name, violations: count });
      await raiseOpenAlert(
        ctx,
        {
          kind: 'ledger_invariant',
          subject: name,
          message: `The ledger check found ${count} violation${count === 1 ? '' : 's'} of "${name}": the books were changed outside the ledger, or a bug wrote them. Run npm run ledger:verify and find the cause before money moves on it.`,
        },
        tx,
      );
    }
    if (error) {
      await raiseOpenAlert(
        ctx,
        {
          kind: 'ledger_check',
          subject: 'unfinished',
          message: `The scheduled ledger check did not finish (${error}): the ledger was not checked. Run npm run ledger:verify at a quiet time.`,
        },
        tx,
      );
    }
    return saveLedgerCheck(tx, {
      ok: violations.length === 0 && error === null,
      violations,
      error,
      durationMs,
    });
  });
  if (record) {
    ctx.logger.info('ledger check', {
      ok: record.ok,
      violations: record.violations.length,
      durationMs: record.durationMs,
    });
  }
  return record;
};
