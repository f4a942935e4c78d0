import { SUPPLIERS, type TSupplier } from '@vendo/shared/constants';
import {
  BREAKER_PRODUCTS,
  type TBreakerProduct,
  type ZSupplierHealthRequest,
} from '@vendo/shared/schemas/admin';
import type {
  TSupplierHealth,
  TSupplierHealthForcedResponse,
  TSupplierHealthResponse,
} from '@vendo/shared/schemas/admin.responses';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/retry.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  forceBreaker,
  listBreakers,
  measureBreakers,
  moveBreaker,
  type BreakerRow,
  type BreakerState,
  type MeasuredBreaker,
} from './supplier-health.repository.ts';

/**
 * A circuit breaker per supplier and product (docs/product-rules.md#supplier-health, decision
 * 0042): a background check measures each supplier's share of successful attempts from the
 * purchases themselves and moves its breaker; the sale terms (purchase.repository.ts) leave
 * failing suppliers out of a purchase's list.
 */

type BreakerRules = Config['vending']['supplierBreaker'];

/** Where a breaker goes next, and the measure that moved it. */
export type BreakerMove = { to: BreakerState; attempts: number; ratio: number | null };

const ratioOf = (attempts: number, successes: number) =>
  attempts > 0 ? successes / attempts : null;

/**
 * The state machine, on one measure:
 * - closed → open: at least `minSample` attempts in the window and a ratio below the threshold;
 * - open → half_open: `cooldownMinutes` after it opened (it then takes purchases again);
 * - half_open → closed once `probeSample` attempts since then reach the threshold, → open when
 *   they do not.
 * Null: it stays.
 */
export const nextBreakerState = (
  breaker: Pick<MeasuredBreaker, 'state' | 'since' | 'attempts' | 'successes' | 'now'>,
  rules: BreakerRules,
): BreakerMove | null => {
  const { attempts, successes } = breaker;
  const ratio = ratioOf(attempts, successes);
  const failing = ratio !== null && ratio < rules.threshold;
  switch (breaker.state as BreakerState) {
    case 'closed':
      return attempts >= rules.minSample && failing ? { to: 'open', attempts, ratio } : null;
    case 'open': {
      const cooled =
        breaker.now.getTime() - breaker.since.getTime() >= rules.cooldownMinutes * 60_000;
      return cooled ? { to: 'half_open', attempts, ratio } : null;
    }
    case 'half_open':
      if (attempts < rules.probeSample) return null;
      return { to: failing ? 'open' : 'closed', attempts, ratio };
  }
};

const percent = (ratio: number | null) => (ratio === null ? 'none' : `${Math.round(ratio * 100)}%`);

/** What the admins are told of a move: what changed, on which measure, and what follows. */
const moveMessage = (
  breaker: Pick<BreakerRow, 'supplier' | 'product' | 'forced'>,
  move: BreakerMove,
  rules: BreakerRules,
): string => {
  const who = `${breaker.supplier} ${breaker.product}`;
  const measure = `${percent(move.ratio)} of ${move.attempts} attempts succeeded`;
  const threshold = percent(rules.threshold);
  const text =
    move.to === 'open'
      ? `${who} is failing: ${measure} (below ${threshold}). Its purchases go to the next supplier of their list while another is healthy; it is tried again in ${rules.cooldownMinutes} min.`
      : move.to === 'half_open'
        ? `${who} is being tested: ${rules.cooldownMinutes} min after it failed, it takes purchases again; ${rules.probeSample} attempts decide.`
        : `${who} recovered: ${measure} since it was tested (at least ${threshold}). It takes its purchases again.`;
  // The measure moved, but what purchases follow is still the admin's force.
  return breaker.forced
    ? `${text} It stays forced ${breaker.forced} until the force is lifted.`
    : text;
};

/**
 * One pass of the check: measures every supplier × product (one statement, which also records
 * the measure) and moves each breaker its measure says should move. Each move is one guarded
 * update with its alert, in one transaction: of several processes checking at once, only the
 * one that moved it alerts. Answers the moves made.
 */
export const runSupplierHealthCheck = async (
  ctx: Pick<AppContext, 'db' | 'logger' | 'config'>,
): Promise<{ supplier: string; product: string; from: string; to: string }[]> => {
  const rules = ctx.config.vending.supplierBreaker;
  const measured = await measureBreakers(ctx.db, { windowMinutes: rules.windowMinutes });
  const moves: { supplier: string; product: string; from: string; to: string }[] = [];
  for (const breaker of measured) {
    const move = nextBreakerState(breaker, rules);
    if (!move) continue;
    const moved = await inTransaction(ctx.db, async (tx) => {
      const row = await moveBreaker(tx, {
        supplier: breaker.supplier,
        product: breaker.product,
        from: breaker.state as BreakerState,
        sinceKey: breaker.sinceKey,
        to: move.to,
      });
      if (row)
        await raiseAlert(ctx, 'supplier_health', moveMessage(row, move, rules), undefined, tx);
      return row;
    });
    if (moved) {
      moves.push({
        supplier: breaker.supplier,
        product: breaker.product,
        from: breaker.state,
        to: move.to,
      });
    }
  }
  return moves;
};

/**
 * Who may serve a sale, given the effective state of each supplier's breaker for the product:
 * the list without its open suppliers, in the same order (so no fallback goes to them either);
 * the whole list when every one of them is open, since refusing every sale would be worse than
 * trying a failing supplier (the admins were alerted). Half-open suppliers stay: their
 * purchases are the test of their recovery.
 */
export const skipOpenSuppliers = (
  list: TSupplier[],
  states: Record<string, string> | null | undefined,
): TSupplier[] => {
  if (!states) return list;
  const healthy = list.filter((supplier) => states[supplier] !== 'open');
  return healthy.length > 0 ? healthy : list;
};

const toHealth = (row: BreakerRow, forcedBy: string | null): TSupplierHealth => ({
  supplier: row.supplier,
  product: row.product as TBreakerProduct,
  state: row.state as BreakerState,
  forced: (row.forced as 'open' | 'closed' | null) ?? null,
  effectiveState: (row.forced ?? row.state) as BreakerState,
  successRatio: row.successRatio,
  sample: row.sample,
  since: row.since.toISOString(),
  checkedAt: row.checkedAt?.toISOString() ?? null,
  forcedBy: row.forcedAt ? forcedBy : null,
  forcedAt: row.forcedAt?.toISOString() ?? null,
});

/** A supplier and product the check has not measured yet: closed, nothing known. */
const unchecked = (supplier: string, product: TBreakerProduct): TSupplierHealth => ({
  supplier,
  product,
  state: 'closed',
  forced: null,
  effectiveState: 'closed',
  successRatio: null,
  sample: 0,
  since: null,
  checkedAt: null,
  forcedBy: null,
  forcedAt: null,
});

/** GET /admin/supplier/health: every supplier × product, and the rules the check applies. */
export const supplierHealth = async (ctx: AppContext): Promise<TSupplierHealthResponse> => {
  const rows = await listBreakers(ctx.db);
  const found = new Map(rows.map((r) => [`${r.breaker.supplier}:${r.breaker.product}`, r]));
  const rules = ctx.config.vending.supplierBreaker;
  return {
    breakers: SUPPLIERS.flatMap((supplier) =>
      BREAKER_PRODUCTS.map((product) => {
        const row = found.get(`${supplier}:${product}`);
        return row ? toHealth(row.breaker, row.forcedBy) : unchecked(supplier, product);
      }),
    ),
    rules: {
      threshold: rules.threshold,
      windowMinutes: rules.windowMinutes,
      minSample: rules.minSample,
      cooldownMinutes: rules.cooldownMinutes,
      probeSample: rules.probeSample,
    },
  };
};

const STATE_WORDS: Record<BreakerState, string> = {
  closed: 'healthy',
  open: 'failing, skipped',
  half_open: 'being tested',
};

/**
 * POST /admin/supplier/health (admins): forces a breaker open or closed, or lifts the force.
 * The change, its audit row and its alert are one transaction; forcing what is already forced
 * changes nothing and records nothing.
 */
export const forceSupplierHealth = async (
  ctx: AppContext,
  admin: UserRow,
  { supplier, product, force }: z.output<typeof ZSupplierHealthRequest>,
): Promise<TSupplierHealthForcedResponse> =>
  inTransaction(ctx.db, async (tx) => {
    const who = `${supplier} ${product}`;
    const { before, row } = await forceBreaker(tx, { supplier, product, force, adminId: admin.id });
    const breaker = toHealth(row, admin.userName);
    if (before === force) {
      return {
        msg: force ? `${who} is already forced ${force}` : `${who} is not forced`,
        breaker,
      };
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'supplier.health',
      targetType: 'supplier_breaker',
      targetId: `${supplier}:${product}`,
      before: { forced: before },
      after: { forced: force },
    });
    const state = STATE_WORDS[row.state as BreakerState];
    const measured =
      row.sample > 0
        ? `it measures ${state}: ${percent(row.successRatio)} of ${row.sample} attempts succeeded`
        : `it measures ${state}: no attempts yet`;
    const msg =
      force === 'open'
        ? `${who} is forced open: its purchases skip it while another supplier of their list is healthy`
        : force === 'closed'
          ? `${who} is forced closed: it takes its purchases whatever it measures`
          : `${who} is no longer forced: the measure decides (${state})`;
    await raiseAlert(
      ctx,
      'supplier_health',
      `${admin.userName}: ${msg} (${measured}).`,
      undefined,
      tx,
    );
    return { msg, breaker };
  });
