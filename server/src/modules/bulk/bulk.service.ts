import type { TNetwork, TUserType } from '@vendo/shared/constants';
import {
  ZBulkAirtimeLine,
  ZBulkDataLine,
  type TBulkBatchResponse,
  type TBulkBatchSummary,
  type TBulkKind,
  type TBulkPreviewLine,
  type TBulkPreviewResponse,
  type TBulkStartedResponse,
} from '@vendo/shared/schemas/bulk';
import { formatNaira, koboToNaira } from '@vendo/shared/money';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import { AppError } from '../../lib/app-error.ts';
import { newReference } from '../../lib/ids.ts';
import { priceAirtime, priceData } from '../catalogue/pricing.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import type { UserRow } from '../users/users.repository.ts';
import { findSaleTerms, type SaleTerms } from '../vending/purchase.repository.ts';
import { sellablePlan, termsRefusal } from '../vending/vending.service.ts';
import { bulkRunnerOf } from './bulk-runner.ts';
import { countsOfLines, summaryOf } from './bulk-summary.ts';
import {
  cancelBatch,
  countBatchLines,
  findBatch,
  findBatchByRequestId,
  insertBatch,
  listBatchLines,
  listBatches,
  type BatchLineView,
  type BulkBatchRow,
  type NewBulkLine,
} from './bulk.repository.ts';

/**
 * Bulk purchases (docs/product-rules.md#bulk-purchases): a batch of airtime or data lines is
 * checked and priced as a whole, then each line is bought in the background as a purchase of
 * its own (bulk-runner.ts).
 */

/** One line as checked: what it would buy and cost, or why it cannot be bought. */
type CheckedLine = {
  preview: TBulkPreviewLine;
  /** Null when the line cannot be bought. */
  line: NewBulkLine | null;
};

/** The first problem zod found in a line, in the words POST /buy/airtime or /buy/data use. */
const firstIssue = (error: { issues: { message: string }[] }): string =>
  error.issues[0]?.message ?? 'Please provide all values';

const emptyPreview = (n: number, item: unknown): TBulkPreviewLine => {
  const raw = (item ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
  return {
    line: n,
    network: null,
    mobile_number: text(raw.mobile_number),
    amount: null,
    plan: text(raw.plan),
    planName: null,
    charge: null,
    error: null,
  };
};

/**
 * Checks and prices every line as the single purchase routes would, reading each network's (and
 * plan's) terms once. Nothing is written.
 */
const checkLines = async (
  ctx: AppContext,
  user: UserRow,
  kind: TBulkKind,
  items: unknown[],
): Promise<CheckedLine[]> => {
  const terms = new Map<string, Promise<SaleTerms>>();
  const termsOf = (network: TNetwork, plan?: string) => {
    const key = `${network}|${plan ?? ''}`;
    let found = terms.get(key);
    if (!found) {
      found = findSaleTerms(ctx.db, { service: kind, network, plan });
      terms.set(key, found);
    }
    return found;
  };
  const userType = user.userType as TUserType;
  const checked: CheckedLine[] = [];
  for (const [i, item] of items.entries()) {
    const preview = emptyPreview(i + 1, item);
    const refuse = (error: string) => checked.push({ preview: { ...preview, error }, line: null });
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      refuse(
        `A line is a network, a phone number and ${kind === 'airtime' ? 'an amount' : 'a plan'}`,
      );
      continue;
    }
    const parsed = (kind === 'airtime' ? ZBulkAirtimeLine : ZBulkDataLine).safeParse(item);
    if (!parsed.success) {
      refuse(firstIssue(parsed.error));
      continue;
    }
    const value = parsed.data;
    const network = value.network;
    const plan = 'plan' in value ? value.plan : undefined;
    Object.assign(preview, { network, mobile_number: value.mobile_number });
    const saleTerms = await termsOf(network, plan);
    const refusal = termsRefusal(saleTerms, { service: kind, network });
    if (refusal) {
      refuse(refusal);
      continue;
    }
    let chargeKobo: number;
    if ('amount' in value) {
      preview.amount = koboToNaira(value.amount);
      chargeKobo = priceAirtime(
        value.amount,
        userType,
        ctx.config.vending.airtimeCostBasisPoints,
      ).chargeKobo;
    } else {
      const sellable = sellablePlan(saleTerms.plan);
      if (!sellable.ok) {
        refuse(sellable.msg);
        continue;
      }
      preview.planName = sellable.plan.plan;
      chargeKobo = priceData(sellable.plan, userType, saleTerms.costPerGbKobo).chargeKobo;
    }
    preview.charge = koboToNaira(chargeKobo);
    checked.push({
      preview,
      line: {
        network,
        phone: value.mobile_number,
        amountKobo: 'amount' in value ? value.amount : null,
        plan: plan ?? null,
        ported: value.ported,
        chargeKobo,
      },
    });
  }
  return checked;
};

const totalKoboOf = (lines: CheckedLine[]) =>
  lines.reduce((sum, l) => sum + (l.line?.chargeKobo ?? 0), 0);

/** POST /buy/bulk with preview: every line checked and priced; nothing charged. */
export const previewBulk = async (
  ctx: AppContext,
  user: UserRow,
  { kind, items }: { kind: TBulkKind; items: unknown[] },
): Promise<TBulkPreviewResponse> => {
  const checked = await checkLines(ctx, user, kind, items);
  const invalid = checked.filter((l) => !l.line).length;
  const totalKobo = totalKoboOf(checked);
  const balanceKobo = await getWalletBalanceKobo(ctx.db, user.id);
  const valid = checked.length - invalid;
  return {
    msg:
      invalid > 0
        ? `${invalid} of ${checked.length} lines cannot be bought: correct or remove them`
        : totalKobo > balanceKobo
          ? `The batch costs ${formatNaira(totalKobo)}; your balance is ${formatNaira(balanceKobo)}. Fund your wallet first.`
          : `${valid} lines, ${formatNaira(totalKobo)} in all`,
    kind,
    total: checked.length,
    valid,
    invalid,
    totalAmount: koboToNaira(totalKobo),
    balance: koboToNaira(balanceKobo),
    lines: checked.map((l) => l.preview),
  };
};

/**
 * POST /buy/bulk: checks every line again (prices may have moved since the preview), refuses the
 * batch while any line has a problem or the balance cannot cover it all, and otherwise queues it
 * and wakes this process's runner. Each line is charged as it runs.
 */
export const startBulk = async (
  ctx: AppContext,
  user: UserRow,
  { kind, items, requestId }: { kind: TBulkKind; items: unknown[]; requestId: string | null },
): Promise<TBulkStartedResponse> => {
  const checked = await checkLines(ctx, user, kind, items);
  const bad = checked.filter((l) => !l.line);
  if (bad.length > 0) {
    const first = bad[0]!.preview;
    const more = bad.length > 1 ? ` (and ${bad.length - 1} more)` : '';
    throw new AppError('VALIDATION_ERROR', {
      msg: `Line ${first.line}: ${first.error}${more}. Preview the batch to see every problem.`,
    });
  }
  const totalKobo = totalKoboOf(checked);
  const balanceKobo = await getWalletBalanceKobo(ctx.db, user.id);
  if (totalKobo > balanceKobo) {
    throw new AppError('INSUFFICIENT_BALANCE', {
      msg: `Insufficient balance: the batch costs ${formatNaira(totalKobo)} and your balance is ${formatNaira(balanceKobo)}`,
    });
  }
  let batch: BulkBatchRow;
  try {
    batch = await insertBatch(
      ctx.db,
      {
        userId: user.id,
        reference: newReference('BLK'),
        kind,
        totalChargeKobo: totalKobo,
        requestId,
      },
      checked.map((l) => l.line!),
    );
  } catch (error) {
    if (isUniqueViolation(error, 'bulk_batches_user_request_key') && requestId) {
      const earlier = await findBatchByRequestId(ctx.db, { userId: user.id, requestId });
      throw new AppError('CONFLICT', {
        msg: `A batch was already started with this request_id: ${earlier?.reference ?? ''}. Follow it at GET /api/v1/buy/bulk/${earlier?.id ?? '{batchId}'}`,
      });
    }
    throw error;
  }
  bulkRunnerOf(ctx).kick();
  return {
    msg: `Batch ${batch.reference} started: ${checked.length} lines, ${formatNaira(totalKobo)}`,
    batchId: batch.id,
    reference: batch.reference,
    total: checked.length,
    totalAmount: koboToNaira(totalKobo),
  };
};

/** What a sent line's outcome means for the buyer, when it is not plain delivered. */
const LINE_MESSAGES: Partial<Record<BatchLineView['view'], string>> = {
  failed: 'Not delivered: refunded to your wallet',
  pending: 'Waiting for the network to confirm; checked again until it does',
};

const notFound = () => new AppError('NOT_FOUND', { msg: 'Batch not found' });

/** GET /buy/bulk/{batchId}: the caller's batch, its progress and every line. */
export const bulkBatch = async (
  ctx: AppContext,
  user: UserRow,
  batchId: string,
): Promise<TBulkBatchResponse> => {
  const batch = await findBatch(ctx.db, { userId: user.id, batchId });
  if (!batch) throw notFound();
  const lines = await listBatchLines(ctx.db, batch.id);
  const summary = summaryOf(batch, countsOfLines(lines));
  return {
    ...summary,
    lines: lines.map((l) => ({
      line: l.line,
      network: l.network as TNetwork,
      mobile_number: l.phone,
      amount: l.amountKobo === null ? null : koboToNaira(l.amountKobo),
      plan: l.plan,
      planName: l.planName,
      charge: koboToNaira(l.chargeKobo),
      status: l.view,
      transactionId: l.transactionId,
      trans_Id: l.reference,
      // Our own words: a supplier's raw answer is for staff (the receipt has the rest).
      message: l.error ?? LINE_MESSAGES[l.view] ?? null,
    })),
  };
};

/** GET /buy/bulk: the caller's 20 latest batches. */
export const bulkBatches = async (
  ctx: AppContext,
  user: UserRow,
): Promise<{ batches: TBulkBatchSummary[] }> => {
  const batches = await listBatches(ctx.db, user.id, 20);
  const counts = await countBatchLines(
    ctx.db,
    batches.map((b) => b.id),
  );
  return { batches: batches.map((b) => summaryOf(b, counts.get(b.id))) };
};

/** POST /buy/bulk/{batchId}/cancel: lines not sent yet are never sent, nor charged. */
export const cancelBulk = async (
  ctx: AppContext,
  user: UserRow,
  batchId: string,
): Promise<{ msg: string; batch: TBulkBatchResponse }> => {
  const batch = await findBatch(ctx.db, { userId: user.id, batchId });
  if (!batch) throw notFound();
  const cancelled = await cancelBatch(ctx.db, { userId: user.id, batchId });
  if (!cancelled) {
    throw new AppError('CONFLICT', {
      msg:
        batch.status === 'cancelled'
          ? 'This batch was already cancelled'
          : 'This batch has finished: there is nothing left to cancel',
    });
  }
  return {
    msg: `Batch ${batch.reference} cancelled: ${cancelled.cancelled} lines not yet sent will not be bought`,
    batch: await bulkBatch(ctx, user, batchId),
  };
};
