import type { TNetwork } from '@vendo/shared/constants';
import type { AppContext } from '../../app-context.ts';
import { isDatabaseUnavailable } from '../../db/pg-error.ts';
import { AppError } from '../../lib/app-error.ts';
import { outsideRequest } from '../../lib/idempotency-scope.ts';
import { findPurchaseByRequestId } from '../vending/purchase.repository.ts';
import { buyAirtime, buyData } from '../vending/vending.service.ts';
import { batchSummary } from './bulk-summary.ts';
import {
  claimNextLine,
  finishBatches,
  markLineRefused,
  markLineSent,
  type ClaimedLine,
} from './bulk.repository.ts';

/**
 * The bulk purchases' runner (docs/product-rules.md#bulk-purchases): in each process, up to
 * BULK_CONCURRENCY workers each claim one line at a time (SKIP LOCKED, so processes share the
 * work) and buy it through the same state machine as a single purchase. A line's purchase
 * carries the request id `<batch reference>-<line>`: the database holds one purchase per user and
 * request id, so a line sent again after a crash finds its purchase and never buys twice.
 */

export type BulkRunner = {
  /** Starts workers up to the concurrency (a new batch, or the periodic pass after a restart). */
  kick: () => void;
  /** Resolves once no worker of this process is running. */
  idle: () => Promise<void>;
  /** Lets each worker finish its line and starts no other. */
  stop: () => Promise<void>;
};

/** The request id of a line's purchase: one purchase per line, ever. */
export const lineRequestId = (line: { batchReference: string; line: number }) =>
  `${line.batchReference}-${line.line}`;

/**
 * How long a worker holds a line before another may take it: the longest a purchase can take
 * (a supplier's timeout for each supplier of the list, two at most today) with room to spare.
 */
const leaseSecondsOf = (ctx: AppContext) =>
  Math.ceil((ctx.config.vending.supplierTimeoutMs * 3) / 1000) + 60;

/** Buys one claimed line and records its purchase, or why it was refused before any charge. */
const runLine = async (ctx: AppContext, line: ClaimedLine): Promise<void> => {
  const requestId = lineRequestId(line);
  const existing = () => findPurchaseByRequestId(ctx.db, { userId: line.user.id, requestId });
  if (line.reclaimed) {
    // Its worker stopped after claiming it: its purchase may be made already.
    const made = await existing();
    if (made) {
      await markLineSent(ctx.db, line, made.id);
      return;
    }
  }
  try {
    const common = {
      user: line.user,
      network: line.network as TNetwork,
      phone: line.phone,
      ported: line.ported,
      requestId,
      // The charge the buyer confirmed: a line whose price moved since is refused, not charged more.
      expectedChargeKobo: line.chargeKobo,
    };
    const outcome =
      line.amountKobo !== null
        ? await buyAirtime(ctx, { ...common, amountKobo: line.amountKobo })
        : await buyData(ctx, { ...common, plan: line.plan ?? '' });
    await markLineSent(ctx.db, line, outcome.receipt._id);
  } catch (error) {
    // Whatever went wrong, a purchase made under the line's request id is its outcome.
    const made = await existing();
    if (made) {
      await markLineSent(ctx.db, line, made.id);
      return;
    }
    if (error instanceof AppError) {
      await markLineRefused(ctx.db, line, error.message);
      return;
    }
    // The database went away: the line stays claimed; once its lease ends it is taken again.
    if (isDatabaseUnavailable(error)) throw error;
    ctx.logger.error('bulk line failed', {
      batchId: line.batchId,
      line: line.line,
      error: String(error),
    });
    await markLineRefused(ctx.db, line, 'This line could not be bought. Nothing was charged.');
  }
};

/** Ends the batches whose lines all have their outcome, queueing their webhook. */
export const finishBulkBatches = async (ctx: AppContext): Promise<number> => {
  const ended = await finishBatches(ctx.db, batchSummary);
  for (const batch of ended) {
    ctx.logger.info('bulk batch finished', { reference: batch.reference, status: batch.status });
  }
  return ended.length;
};

const runners = new WeakMap<AppContext, BulkRunner>();

const createRunner = (ctx: AppContext): BulkRunner => {
  let workers = 0;
  let stopped = false;
  // A kick while workers are finding nothing left must not be lost: each worker looks again
  // when a kick came after its last look.
  let kicks = 0;
  let waiting: (() => void)[] = [];

  const worker = async () => {
    try {
      while (!stopped) {
        const seen = kicks;
        const line = await claimNextLine(ctx.db, { leaseSeconds: leaseSecondsOf(ctx) });
        if (!line) {
          if (kicks !== seen) continue;
          break;
        }
        await runLine(ctx, line);
      }
    } catch (error) {
      // The periodic pass kicks the runner again; a line left claimed is taken once its lease ends.
      ctx.logger.warn('bulk runner paused', { error: String(error) });
    }
    workers--;
    if (workers > 0) return;
    try {
      await finishBulkBatches(ctx);
    } catch (error) {
      ctx.logger.warn('bulk batches not finished yet', { error: String(error) });
    }
    if (workers === 0) {
      const done = waiting;
      waiting = [];
      for (const resolve of done) resolve();
    }
  };

  return {
    kick: () => {
      if (stopped) return;
      kicks++;
      while (workers < ctx.config.bulk.concurrency) {
        workers++;
        // Not the request's work: its purchases must not count as acts of the request's key.
        void outsideRequest(() => worker());
      }
    },
    idle: () =>
      workers === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)),
    stop: async () => {
      stopped = true;
      if (workers > 0) await new Promise<void>((resolve) => waiting.push(resolve));
    },
  };
};

/** This process's runner for `ctx`. */
export const bulkRunnerOf = (ctx: AppContext): BulkRunner => {
  let runner = runners.get(ctx);
  if (!runner) {
    runner = createRunner(ctx);
    runners.set(ctx, runner);
  }
  return runner;
};
