import {
  basisPointsOfKobo,
  formatNaira,
  isValidNaira,
  koboToNaira,
  nairaToKobo,
} from '@vendo/shared/money';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nestsDeeperThan } from '../../lib/json-depth.ts';
import { getFeeBasisPoints } from '../../lib/fees.ts';
import { allowListOf } from '../../lib/ip-allow-list.ts';
import {
  generateReservedAccount,
  isValidBillstackSignature,
} from '../../providers/payments/billstack.ts';
import { creditReservedAccountDeposit } from '../ledger/journals.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import { findUserRecordById, type UserRow } from '../users/users.repository.ts';
import { raiseAlertOnce } from '../alerts/alerts.service.ts';
import type { WebhookOutcome } from './funding.service.ts';
import { inTransaction } from '../../db/retry.ts';
import {
  findBillstackDepositLine,
  findReservedAccountByNumber,
  findReservedAccountsByUser,
  insertBillstackDepositLine,
  insertReservedAccount,
  setUserAccountNumbers,
} from './reserved-accounts.repository.ts';

const BANKS: Record<string, string> = { palmpay: 'PALMPAY', '9psb': '9PSB' };

/**
 * Reserves a bank account number for the user with BillStack (provider value 'palmpay' by
 * default). Asking again for a bank the user already has answers the existing account.
 */
export const generateAccount = async (ctx: AppContext, user: UserRow, bankName = 'palmpay') => {
  const bank = BANKS[bankName.trim().toLowerCase()];
  if (!bank) throw new AppError('VALIDATION_ERROR', { msg: 'Choose PalmPay or 9PSB' });
  const existing = await findReservedAccountsByUser(ctx.db, user.id);
  if (!existing.some((a) => a.bankName.toUpperCase() === bank)) {
    let account;
    try {
      account = await generateReservedAccount(
        {
          baseUrl: ctx.config.billstack.baseUrl ?? `${ctx.selfUrl()}/sandbox/billstack`,
          secretKey: ctx.config.billstack.secretKey,
          timeoutMs: ctx.config.squad.timeoutMs,
        },
        {
          email: user.email,
          reference: `VND-${user.id}-${bank}`,
          // The account name carries the first 10 characters of the user name
          // (docs/product-rules.md#funding).
          firstName: user.userName.slice(0, 10),
          lastName: 'Vendo',
          phone: user.phoneNumber,
          bank,
        },
      );
    } catch {
      throw new AppError('PROVIDER_ERROR', {
        msg: 'We could not create your account number right now. Please try again.',
      });
    }
    await inTransaction(ctx.db, async (tx) => {
      await insertReservedAccount(tx, {
        accountNumber: account.accountNumber,
        userId: user.id,
        bankName: account.bankName,
        accountName: account.accountName,
        providerReference: `VND-${user.id}-${bank}`,
      });
      const mine = await findReservedAccountsByUser(tx, user.id);
      await setUserAccountNumbers(tx, user.id, {
        accountNumbers: mine.map((a) => ({
          bankName: a.bankName,
          accountNumber: a.accountNumber,
          accountName: a.accountName,
        })),
        reservedAccountNo3: mine[0]?.accountNumber ?? null,
      });
    });
  }
  const record = await findUserRecordById(ctx.db, user.id);
  return {
    msg: 'Account number ready',
    accountNumbers: record!.accountNumbers,
    user: toPublicUser(record!),
  };
};

/**
 * A replay of a credited deposit changes nothing; one that names another amount or account is
 * not a network retry but a forged or corrupted delivery (the signature is static), so an admin
 * hears of it: once per altered version (the reference, amount and account), however often it
 * is delivered again.
 */
const alertOnAlteredReplay = async (
  ctx: AppContext,
  replay: { wiaxyRef: string; accountNumber: string; grossKobo: number },
) => {
  const first = await findBillstackDepositLine(ctx.db, `BST-${replay.wiaxyRef}`);
  const details = (first?.details ?? {}) as { grossKobo?: number; accountNumber?: string };
  if (
    first &&
    details.grossKobo === replay.grossKobo &&
    details.accountNumber === replay.accountNumber
  )
    return;
  await raiseAlertOnce(ctx, {
    kind: 'deposit_replay_mismatch',
    subject: `billstack:${replay.wiaxyRef}:${replay.grossKobo}:${replay.accountNumber}`,
    message:
      `BillStack deposit ${replay.wiaxyRef} was delivered again with ${formatNaira(replay.grossKobo)} to account ${replay.accountNumber}` +
      (first
        ? `, but was credited as ${formatNaira(details.grossKobo ?? 0)} to account ${details.accountNumber ?? '?'}: not credited again.`
        : ': not credited again.'),
    ...(first ? { transactionId: first.id } : {}),
  });
};

type DepositPayload = {
  event?: string;
  data?: {
    type?: string;
    wiaxy_ref?: unknown;
    amount?: unknown;
    account?: { account_number?: unknown };
  };
};

/**
 * A BillStack deposit (decision 0028): from an allowed source address (BILLSTACK_ALLOWED_IPS,
 * required in production; `ip` is the request's address under TRUST_PROXY), signature (static,
 * so not enough on its own), known event, an account number we reserved (the owner is found by
 * it, never by anything else in the body), deduped by wiaxy_ref through a unique journal
 * reference, credited less the account-card fee. A replay that names another amount or account
 * changes nothing and raises an admin alert, once.
 */
export const handleBillstackWebhook = async (
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
  ip: string,
): Promise<WebhookOutcome> => {
  // The source address first (required in production): the static signature proves little.
  const { allowedIps } = ctx.config.billstack;
  if (allowedIps.length > 0 && !allowListOf(allowedIps).allows(ip)) {
    ctx.logger.warn('billstack webhook from an address not allowed', { ip });
    return { status: 403, body: { msg: 'Address not allowed' } };
  }
  if (!isValidBillstackSignature(ctx.config.billstack.secretKey, signature))
    return { status: 401, body: { msg: 'Invalid signature' } };
  let payload: DepositPayload;
  try {
    payload = JSON.parse(rawBody.toString('utf8')) as DepositPayload;
  } catch {
    return { status: 400, body: { msg: 'Invalid JSON' } };
  }
  if (nestsDeeperThan(payload)) {
    return { status: 400, body: { msg: 'The request body is nested too deeply' } };
  }
  const event = String(payload.event ?? '').toUpperCase();
  if (
    !['PAYMENT_NOTIFIFICATION', 'PAYMENT_NOTIFICATION'].includes(event) ||
    payload.data?.type !== 'RESERVED_ACCOUNT_TRANSACTION'
  ) {
    return { status: 200, body: { msg: 'Event ignored' } };
  }
  const wiaxyRef = String(payload.data.wiaxy_ref ?? '');
  const accountNumber = String(payload.data.account?.account_number ?? '');
  const amount = payload.data.amount;
  if (
    !/^[\w-]{4,100}$/.test(wiaxyRef) ||
    (typeof amount !== 'string' && typeof amount !== 'number') ||
    !isValidNaira(amount) ||
    nairaToKobo(amount) <= 0
  ) {
    return { status: 400, body: { msg: 'Malformed deposit' } };
  }
  const account = await findReservedAccountByNumber(ctx.db, accountNumber);
  if (!account) {
    await raiseAlertOnce(ctx, {
      kind: 'deposit_unknown_account',
      subject: `billstack:${wiaxyRef}:${accountNumber}`,
      message: `BillStack deposit ${wiaxyRef} to unknown account ${accountNumber}: not credited.`,
    });
    return { status: 200, body: { msg: 'Unknown account ignored' } };
  }
  const grossKobo = nairaToKobo(amount);
  const feeKobo = basisPointsOfKobo(grossKobo, await getFeeBasisPoints(ctx, 'accountCard'));
  const netKobo = grossKobo - feeKobo;
  const credited = await inTransaction(ctx.db, async (tx) => {
    const deposit = await creditReservedAccountDeposit(tx, {
      providerReference: wiaxyRef,
      accountNumber,
      userId: account.userId,
      grossKobo,
      feeKobo,
    });
    if (deposit.duplicate) return false;
    const after = deposit.balanceKobo;
    await insertBillstackDepositLine(tx, {
      userId: account.userId,
      reference: `BST-${wiaxyRef}`,
      amountKobo: netKobo,
      profitKobo: feeKobo,
      balanceBeforeKobo: after - netKobo,
      balanceAfterKobo: after,
      details: { accountNumber, grossKobo, feeKobo, bankName: account.bankName },
    });
    return true;
  });
  if (!credited) await alertOnAlteredReplay(ctx, { wiaxyRef, accountNumber, grossKobo });
  return {
    status: 200,
    body: {
      msg: credited
        ? `Credited ₦${koboToNaira(netKobo).toLocaleString('en-NG')}`
        : 'Already credited',
    },
  };
};
