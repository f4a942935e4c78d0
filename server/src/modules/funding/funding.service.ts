import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { basisPointsOfKobo, koboToNaira } from '@vendo/shared/money';
import type { AppContext } from '../../app-context.ts';
import { transactions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { getFeeBasisPoints } from '../../lib/fees.ts';
import {
  initiateSquadPayment,
  isValidSquadSignature,
  squadSettingsFor,
  verifySquadPayment,
} from '../../providers/payments/squad.ts';
import { creditCardFunding } from '../ledger/journals.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import type { UserRow } from '../users/users.repository.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';

const squadSettings = squadSettingsFor;

/**
 * Starts a card/bank checkout: a pending wallet transaction with our reference (the only thing a
 * later webhook can credit), then Squad's checkout link, outside any DB transaction.
 */
export const initiateFunding = async (
  ctx: AppContext,
  user: UserRow,
  input: { amountKobo: number; email: string },
) => {
  const reference = `SQD${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
  const balanceKobo = await getWalletBalanceKobo(ctx.db, user.id);
  // The fee is fixed when the payment starts, so a later change by an admin does not alter it.
  const feeBasisPoints = await getFeeBasisPoints(ctx, 'fundPage');
  await ctx.db.insert(transactions).values({
    userId: user.id,
    reference,
    type: 'wallet',
    network: 'Squad',
    status: 'pending',
    amountKobo: input.amountKobo,
    balanceBeforeKobo: balanceKobo,
    balanceAfterKobo: balanceKobo,
    details: { email: input.email, feeBasisPoints },
  });
  try {
    const { checkoutUrl } = await initiateSquadPayment(squadSettings(ctx), {
      reference,
      amountKobo: input.amountKobo,
      email: input.email,
      callbackUrl: `${ctx.config.appUrl}/profile`,
      customerName: user.fullName || user.userName,
    });
    await ctx.db
      .update(transactions)
      .set({ paymentLink: checkoutUrl })
      .where(eq(transactions.reference, reference));
    return { link: checkoutUrl, msg: 'Proceed to pay', reference };
  } catch (error) {
    await ctx.db
      .update(transactions)
      .set({ status: 'failed', apiResponse: String(error) })
      .where(and(eq(transactions.reference, reference), eq(transactions.status, 'pending')));
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
  const reference = String(payload.TransactionRef ?? payload.Body?.transaction_ref ?? '');
  const [funding] = await ctx.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.reference, reference),
        eq(transactions.type, 'wallet'),
        eq(transactions.network, 'Squad'),
      ),
    );
  // Unknown references are acknowledged (so the gateway stops retrying) and never credited.
  if (!funding) return { status: 200, body: { msg: 'Unknown reference ignored' } };
  if (funding.status !== 'pending')
    return { status: 200, body: { msg: `Already ${funding.status}` } };
  return settleFunding(ctx, funding.id);
};

/** Verifies a pending funding with Squad and settles it once (also used to re-query). */
export const settleFunding = async (
  ctx: AppContext,
  transactionId: string,
): Promise<WebhookOutcome> => {
  const [funding] = await ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  if (!funding || funding.status !== 'pending')
    return { status: 200, body: { msg: 'Nothing to do' } };
  const verified = await verifySquadPayment(squadSettings(ctx), funding.reference);
  if (verified.status === 'Failed' || verified.status === 'Abandoned') {
    await ctx.db
      .update(transactions)
      .set({ status: 'failed', apiResponse: `Squad: ${verified.status}`, settledAt: sql`now()` })
      .where(and(eq(transactions.id, funding.id), eq(transactions.status, 'pending')));
    return { status: 200, body: { msg: `Payment ${verified.status.toLowerCase()}` } };
  }
  if (verified.status !== 'Success')
    return { status: 202, body: { msg: 'Payment not confirmed yet' } };
  if (verified.amountKobo !== funding.amountKobo) {
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
  await ctx.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(transactions)
      .set({
        status: 'success',
        settledAt: sql`now()`,
        apiResponse: 'Squad: Success',
        profitKobo: feeKobo,
      })
      .where(and(eq(transactions.id, funding.id), eq(transactions.status, 'pending')))
      .returning({ id: transactions.id });
    if (!moved) return;
    const { balanceKobo: after } = await creditCardFunding(tx, {
      reference: funding.reference,
      userId: funding.userId,
      grossKobo: funding.amountKobo,
      feeKobo,
    });
    await tx
      .update(transactions)
      .set({
        amountKobo: netKobo,
        balanceBeforeKobo: after - netKobo,
        balanceAfterKobo: after,
        details: { ...(funding.details ?? {}), grossKobo: funding.amountKobo, feeKobo },
      })
      .where(eq(transactions.id, funding.id));
  });
  return {
    status: 200,
    body: { msg: `Wallet credited with ₦${koboToNaira(netKobo).toLocaleString('en-NG')}` },
  };
};
