import { findTransactionById } from '../transactions/transactions.repository.ts';
import { randomBytes } from 'node:crypto';
import { basisPointsOfKobo, formatNaira, koboToNaira } from '@vendo/shared/money';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nestsDeeperThan } from '../../lib/json-depth.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { getFeeBasisPoints } from '../../lib/fees.ts';
import {
  initiateSquadPayment,
  isValidSquadSignature,
  squadSettingsFor,
  verifySquadPayment,
  type VerifyResult,
} from '../../providers/payments/squad.ts';
import { creditCardFunding } from '../ledger/journals.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import {
  claimDueSquadFundings,
  expirePendingFunding,
  failPendingFunding,
  failPendingFundingByReference,
  findSquadFundingByReference,
  flagFailedFundingPaid,
  holdPendingFunding,
  insertPendingSquadFunding,
  markPendingFundingDueNow,
  markPendingFundingSucceeded,
  setFundingCreditLine,
  setFundingPaymentLink,
} from './funding.repository.ts';
import type { UserRow } from '../users/users.repository.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import { inTransaction } from '../../db/retry.ts';

const squadSettings = squadSettingsFor;

/**
 * Starts a card/bank checkout: a pending wallet transaction with our reference (the only thing a
 * later webhook can credit), then Squad's checkout link, outside any DB transaction.
 */
export const initiateFunding = async (
  ctx: AppContext,
  user: UserRow,
  input: { amountKobo: number; email: string; returnUrl?: string },
) => {
  const reference = `SQD${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
  const balanceKobo = await getWalletBalanceKobo(ctx.db, user.id);
  // The fee is fixed when the payment starts, so a later change by an admin does not alter it.
  const feeBasisPoints = await getFeeBasisPoints(ctx, 'fundPage');
  await insertPendingSquadFunding(ctx.db, {
    userId: user.id,
    reference,
    amountKobo: input.amountKobo,
    balanceKobo,
    details: { email: input.email, feeBasisPoints },
    // The reconciler asks Squad from then on, in case the webhook comes early or never.
    checkAfterSeconds: ctx.config.vending.retryAfterSeconds,
  });
  try {
    const { checkoutUrl } = await initiateSquadPayment(squadSettings(ctx), {
      reference,
      amountKobo: input.amountKobo,
      email: input.email,
      callbackUrl: input.returnUrl ?? `${ctx.config.appUrl}/profile`,
      customerName: user.fullName || user.userName,
    });
    await setFundingPaymentLink(ctx.db, reference, checkoutUrl);
    return { link: checkoutUrl, msg: 'Proceed to pay', reference };
  } catch (error) {
    await failPendingFundingByReference(ctx.db, reference, String(error));
    throw new AppError('PROVIDER_ERROR', {
      msg: 'We could not start the payment. Please try again.',
    });
  }
};

export type WebhookOutcome = { status: number; body: { msg: string } };

/**
 * A Squad webhook: trusted only if its signature matches the raw bytes, only for a reference we
 * issued, credited only with what verify confirms, to the user who started it, once.
 */
export const handleSquadWebhook = async (
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> => {
  if (!isValidSquadSignature(ctx.config.squad.secretKey, rawBody, signature)) {
    ctx.logger.warn('squad webhook with a bad signature refused');
    return { status: 401, body: { msg: 'Invalid signature' } };
  }
  let payload: { TransactionRef?: unknown; Body?: { transaction_ref?: unknown } };
  try {
    payload = JSON.parse(rawBody.toString('utf8')) as typeof payload;
  } catch {
    return { status: 400, body: { msg: 'Invalid JSON' } };
  }
  if (nestsDeeperThan(payload)) {
    return { status: 400, body: { msg: 'The request body is nested too deeply' } };
  }
  const reference = String(payload.TransactionRef ?? payload.Body?.transaction_ref ?? '');
  const funding = await findSquadFundingByReference(ctx.db, reference);
  // Unknown references are acknowledged (so the gateway stops retrying) and never credited.
  if (!funding) return { status: 200, body: { msg: 'Unknown reference ignored' } };
  if (funding.status === 'failed') return reviewPaymentAfterFailure(ctx, funding);
  if (funding.status !== 'pending')
    return { status: 200, body: { msg: `Already ${funding.status}` } };
  const outcome = await settleFunding(ctx, funding.id);
  if (outcome.status === 202) {
    // Squad says paid but verify does not agree yet: the next reconciler pass asks again.
    await markPendingFundingDueNow(ctx.db, funding.id);
  }
  return outcome;
};

/**
 * A webhook for a funding we marked failed (abandoned, or expired unpaid): if Squad now confirms
 * the payment, the customer paid after we gave up. Never credited automatically (the row is
 * settled); an admin is alerted once, however often the webhook is delivered.
 */
const reviewPaymentAfterFailure = async (
  ctx: AppContext,
  funding: TransactionRow,
): Promise<WebhookOutcome> => {
  const verified = await verifySquadPayment(squadSettings(ctx), funding.reference);
  if (verified.status !== 'Success') return { status: 200, body: { msg: 'Already failed' } };
  const note = `Squad: Success after ${funding.apiResponse ?? 'failure'}`;
  const flagged = await flagFailedFundingPaid(ctx.db, funding.id, note);
  if (flagged) {
    await raiseAlert(
      ctx,
      'funding_paid_after_failure',
      `Squad confirms ${formatNaira(verified.amountKobo)} for ${funding.reference}, which we had marked failed (${funding.apiResponse ?? 'no reason'}): not credited, review it.`,
      funding.id,
    );
  }
  return { status: 200, body: { msg: 'Already failed: held for review' } };
};

/** The staff member whose re-query settles a funding (the webhook and the reconciler have none). */
type StaffActor = { actorId: string };

/**
 * Verifies a pending funding with Squad and settles it once (also used to re-query). A credit
 * made on a staff member's re-query is audited with it.
 */
export const settleFunding = async (
  ctx: AppContext,
  transactionId: string,
  staff?: StaffActor,
): Promise<WebhookOutcome> => {
  const funding = await findTransactionById(ctx.db, transactionId);
  if (!funding || funding.status !== 'pending')
    return { status: 200, body: { msg: 'Nothing to do' } };
  const verified = await verifySquadPayment(squadSettings(ctx), funding.reference);
  return applyVerification(ctx, funding, verified, staff);
};

/**
 * Applies Squad's verify answer to a pending funding with guarded transitions: Success credits
 * once, Failed/Abandoned fail it, anything else leaves it pending (202).
 */
const applyVerification = async (
  ctx: AppContext,
  funding: TransactionRow,
  verified: VerifyResult,
  staff?: StaffActor,
): Promise<WebhookOutcome> => {
  if (verified.status === 'Failed' || verified.status === 'Abandoned') {
    await failPendingFunding(ctx.db, funding.id, `Squad: ${verified.status}`);
    return { status: 200, body: { msg: `Payment ${verified.status.toLowerCase()}` } };
  }
  if (verified.status !== 'Success')
    return { status: 202, body: { msg: 'Payment not confirmed yet' } };
  if (verified.amountKobo !== funding.amountKobo) {
    // Held for an admin: the reconciler stops asking (no alert every pass); staff can re-query.
    await holdPendingFunding(ctx.db, funding.id);
    await raiseAlert(
      ctx,
      'funding_amount_mismatch',
      `Squad confirms ${verified.amountKobo} kobo for ${funding.reference}, which was started for ${funding.amountKobo}: not credited.`,
      funding.id,
    );
    return { status: 200, body: { msg: 'Amount mismatch: held for review' } };
  }
  const feeKobo = basisPointsOfKobo(
    funding.amountKobo,
    Number(
      (funding.details as { feeBasisPoints?: number } | null)?.feeBasisPoints ??
        ctx.config.squad.fundPageFeeBasisPoints,
    ),
  );
  const netKobo = funding.amountKobo - feeKobo;
  await inTransaction(ctx.db, async (tx) => {
    const moved = await markPendingFundingSucceeded(tx, funding.id, feeKobo);
    if (!moved) return;
    const { balanceKobo: after } = await creditCardFunding(tx, {
      reference: funding.reference,
      userId: funding.userId,
      grossKobo: funding.amountKobo,
      feeKobo,
    });
    await setFundingCreditLine(tx, funding.id, {
      amountKobo: netKobo,
      balanceBeforeKobo: after - netKobo,
      balanceAfterKobo: after,
      details: { ...(funding.details ?? {}), grossKobo: funding.amountKobo, feeKobo },
    });
    if (staff) {
      await recordAudit(tx, {
        actorId: staff.actorId,
        action: 'funding.credit',
        targetType: 'transaction',
        targetId: funding.id,
        before: { status: 'pending' },
        after: { status: 'success', amountKobo: netKobo, feeKobo, balanceKobo: after },
        reason: 'Squad confirmed the payment',
      });
    }
  });
  return {
    status: 200,
    body: { msg: `Wallet credited with ₦${koboToNaira(netKobo).toLocaleString('en-NG')}` },
  };
};

/**
 * One reconciler pass over pending card/bank fundings: claims the due ones (FOR UPDATE SKIP
 * LOCKED in a short transaction, pushing their next check back, so several processes can run
 * this), then asks Squad about each outside any transaction. Paid → credited once (the same
 * guarded settle as the webhook), failed or abandoned → failed, still pending (or unknown to
 * Squad) past FUNDING_EXPIRY_HOURS → expired. No answer → asked again later, never expired blind.
 */
export const reconcileFundings = async (ctx: AppContext, { limit = 25 } = {}): Promise<number> => {
  const claimed = await inTransaction(ctx.db, (tx) =>
    claimDueSquadFundings(tx, { limit, retryAfterSeconds: ctx.config.vending.retryAfterSeconds }),
  );
  for (const funding of claimed) {
    // Read after the claim: a webhook may have settled it in between.
    if (funding.status !== 'pending') continue;
    const verified = await verifySquadPayment(squadSettings(ctx), funding.reference);
    if (verified.status === 'Pending' || verified.status === 'NotFound')
      await expireIfAbandoned(ctx, funding.id);
    else await applyVerification(ctx, funding, verified);
  }
  return claimed.length;
};

/** Fails a still-pending funding older than the expiry, in one guarded statement (no credit). */
const expireIfAbandoned = async (ctx: AppContext, id: string) => {
  const hours = ctx.config.squad.fundingExpiryHours;
  await expirePendingFunding(ctx.db, id, {
    apiResponse: `Expired: not paid within ${hours} h`,
    olderThanSeconds: Math.round(hours * 3600),
  });
};
