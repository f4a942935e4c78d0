import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { journals } from '../../db/schema/index.ts';
import { postJournal, type JournalResult, type PostingInput } from './ledger.service.ts';

/**
 * The named money movements other than a purchase (those are in purchase-journals.ts): every
 * journal reference, kind and system account of them is written here and nowhere else. Each
 * function posts one balanced journal inside the caller's transaction (so the record it belongs
 * to commits or rolls back with it) and answers what the caller needs, usually the user wallet's
 * balance after it. A wallet that cannot cover its debit fails with INSUFFICIENT_BALANCE.
 *
 * The references below are the ledger's idempotency keys and the invariants
 * (ledger.invariants.ts) look journals up by them: never change their format.
 */

/** Who pays for a transfer or a coupon: an admin pays from the house account, anyone else from their main wallet. */
export type Payer = { userId: string; isAdmin: boolean };

const payerPosting = (payer: Payer, amountKobo: number): PostingInput =>
  payer.isAdmin
    ? { systemCode: 'house', amountKobo: -amountKobo }
    : { userId: payer.userId, wallet: 'main', amountKobo: -amountKobo };

/** A fee goes to fee revenue; a zero fee (an admin may set 0%) is no posting at all. */
const feePostings = (feeKobo: number): PostingInput[] =>
  feeKobo === 0 ? [] : [{ systemCode: 'fee_revenue', amountKobo: feeKobo }];

/** The balance after the journal of the wallet in posting `index` (the journal must be new). */
const balanceAfter = (journal: JournalResult, index: number): number => {
  const balance = journal.balances.get(journal.accountIds[index] ?? '');
  if (balance === undefined) throw new Error('The journal moved no wallet at this posting');
  return balance;
};

/** The caller guards these with a status change or a fresh reference: a replay is a bug. */
const assertNew = (journal: JournalResult, reference: string): void => {
  if (journal.duplicate) throw new Error(`Journal ${reference} was already posted`);
};

/** Money from a user's wallet (an admin's from the house) to another user's main wallet. */
export const transferBetweenWallets = async (
  tx: Tx,
  input: {
    reference: string;
    from: Payer;
    toUserId: string;
    amountKobo: number;
    memo: string;
  },
): Promise<{ senderBalanceKobo: number | null; recipientBalanceKobo: number }> => {
  const reference = `transfer:${input.reference}`;
  const journal = await postJournal(tx, {
    reference,
    kind: input.from.isAdmin ? 'admin_transfer' : 'transfer',
    memo: input.memo,
    postings: [
      payerPosting(input.from, input.amountKobo),
      { userId: input.toUserId, wallet: 'main', amountKobo: input.amountKobo },
    ],
  });
  assertNew(journal, reference);
  return {
    senderBalanceKobo: input.from.isAdmin ? null : balanceAfter(journal, 0),
    recipientBalanceKobo: balanceAfter(journal, 1),
  };
};

/** A coupon paid for when issued: from the vendor's wallet (an admin's from the house) into coupons outstanding. */
export const payForCoupon = async (
  tx: Tx,
  input: { couponId: string; paidBy: Payer; amountKobo: number },
): Promise<{ payerBalanceKobo: number | null }> => {
  const reference = `coupon:issue:${input.couponId}`;
  const journal = await postJournal(tx, {
    reference,
    kind: 'coupon_issued',
    postings: [
      payerPosting(input.paidBy, input.amountKobo),
      { systemCode: 'coupons_outstanding', amountKobo: input.amountKobo },
    ],
  });
  assertNew(journal, reference);
  return { payerBalanceKobo: input.paidBy.isAdmin ? null : balanceAfter(journal, 0) };
};

/** A redeemed coupon: from coupons outstanding into its owner's main wallet. */
export const creditRedeemedCoupon = async (
  tx: Tx,
  input: { couponId: string; userId: string; amountKobo: number },
): Promise<{ balanceKobo: number }> => {
  const reference = `coupon:redeem:${input.couponId}`;
  const journal = await postJournal(tx, {
    reference,
    kind: 'coupon_redeemed',
    postings: [
      { systemCode: 'coupons_outstanding', amountKobo: -input.amountKobo },
      { userId: input.userId, wallet: 'main', amountKobo: input.amountKobo },
    ],
  });
  assertNew(journal, reference);
  return { balanceKobo: balanceAfter(journal, 1) };
};

/** The one-time reseller upgrade fee: from the user's main wallet to fee revenue. */
export const chargeResellerUpgrade = async (
  tx: Tx,
  input: { userId: string; amountKobo: number },
): Promise<{ balanceKobo: number }> => {
  const reference = `upgrade:${input.userId}`;
  const journal = await postJournal(tx, {
    reference,
    kind: 'reseller_upgrade',
    postings: [
      { userId: input.userId, wallet: 'main', amountKobo: -input.amountKobo },
      { systemCode: 'fee_revenue', amountKobo: input.amountKobo },
    ],
  });
  assertNew(journal, reference);
  return { balanceKobo: balanceAfter(journal, 0) };
};

/** The referrer's reward into their earnings wallet, once per referred user (duplicate: nothing moved). */
export const rewardReferrer = async (
  tx: Tx,
  input: { referrerId: string; referredUserId: string; amountKobo: number },
): Promise<{ duplicate: true } | { duplicate: false; earningsBalanceKobo: number }> => {
  const journal = await postJournal(tx, {
    reference: `referral:${input.referredUserId}`,
    kind: 'referral_reward',
    metadata: { referredUserId: input.referredUserId },
    postings: [
      { systemCode: 'referral_expense', amountKobo: -input.amountKobo },
      { userId: input.referrerId, wallet: 'earnings', amountKobo: input.amountKobo },
    ],
  });
  if (journal.duplicate) return { duplicate: true };
  return { duplicate: false, earningsBalanceKobo: balanceAfter(journal, 1) };
};

/** Earnings moved from the earnings wallet into the same user's main wallet. */
export const moveEarningsToMain = async (
  tx: Tx,
  input: { reference: string; userId: string; amountKobo: number },
): Promise<{ balanceKobo: number; earningsBalanceKobo: number }> => {
  const reference = `earning:${input.reference}`;
  const journal = await postJournal(tx, {
    reference,
    kind: 'earning_withdrawal',
    postings: [
      { userId: input.userId, wallet: 'earnings', amountKobo: -input.amountKobo },
      { userId: input.userId, wallet: 'main', amountKobo: input.amountKobo },
    ],
  });
  assertNew(journal, reference);
  return { balanceKobo: balanceAfter(journal, 1), earningsBalanceKobo: balanceAfter(journal, 0) };
};

/** A card/bank payment the gateway confirmed: the gross from gateway clearing, less the fee, to the wallet. */
export const creditCardFunding = async (
  tx: Tx,
  input: { reference: string; userId: string; grossKobo: number; feeKobo: number },
): Promise<{ balanceKobo: number }> => {
  const reference = `squad:${input.reference}`;
  const journal = await postJournal(tx, {
    reference,
    kind: 'wallet_funding',
    postings: [
      { systemCode: 'gateway_clearing', amountKobo: -input.grossKobo },
      { userId: input.userId, wallet: 'main', amountKobo: input.grossKobo - input.feeKobo },
      ...feePostings(input.feeKobo),
    ],
  });
  assertNew(journal, reference);
  return { balanceKobo: balanceAfter(journal, 1) };
};

/** A deposit to a reserved bank account, once per provider reference (duplicate: nothing moved). */
export const creditReservedAccountDeposit = async (
  tx: Tx,
  input: {
    providerReference: string;
    accountNumber: string;
    userId: string;
    grossKobo: number;
    feeKobo: number;
  },
): Promise<{ duplicate: true } | { duplicate: false; balanceKobo: number }> => {
  const journal = await postJournal(tx, {
    reference: `billstack:${input.providerReference}`,
    kind: 'wallet_funding',
    metadata: { accountNumber: input.accountNumber },
    postings: [
      { systemCode: 'reserved_accounts_clearing', amountKobo: -input.grossKobo },
      { userId: input.userId, wallet: 'main', amountKobo: input.grossKobo - input.feeKobo },
      ...feePostings(input.feeKobo),
    ],
  });
  if (journal.duplicate) return { duplicate: true };
  return { duplicate: false, balanceKobo: balanceAfter(journal, 1) };
};

/** A withdrawal sent to a bank: the whole amount (payout and fee) from the wallet into payouts clearing. */
export const debitWithdrawal = async (
  tx: Tx,
  input: { reference: string; userId: string; amountKobo: number },
): Promise<{ balanceKobo: number }> => {
  const reference = `withdraw:${input.reference}`;
  const journal = await postJournal(tx, {
    reference,
    kind: 'withdrawal',
    postings: [
      { userId: input.userId, wallet: 'main', amountKobo: -input.amountKobo },
      { systemCode: 'payouts_clearing', amountKobo: input.amountKobo },
    ],
  });
  assertNew(journal, reference);
  return { balanceKobo: balanceAfter(journal, 0) };
};

/** A withdrawal the provider paid: out of payouts clearing, the payout to the gateway and the fee earned. */
export const payOutWithdrawal = async (
  tx: Tx,
  input: { reference: string; amountKobo: number; feeKobo: number },
): Promise<void> => {
  const reference = `withdraw-settle:${input.reference}`;
  const journal = await postJournal(tx, {
    reference,
    kind: 'withdrawal_paid',
    postings: [
      { systemCode: 'payouts_clearing', amountKobo: -input.amountKobo },
      { systemCode: 'gateway_clearing', amountKobo: input.amountKobo - input.feeKobo },
      ...feePostings(input.feeKobo),
    ],
  });
  assertNew(journal, reference);
};

/** A withdrawal that definitely failed: the whole amount from payouts clearing back to the wallet. */
export const refundWithdrawal = async (
  tx: Tx,
  input: { reference: string; userId: string; amountKobo: number },
): Promise<{ balanceKobo: number }> => {
  const reference = `refund:${input.reference}`;
  const journal = await postJournal(tx, {
    reference,
    kind: 'withdrawal_refund',
    postings: [
      { systemCode: 'payouts_clearing', amountKobo: -input.amountKobo },
      { userId: input.userId, wallet: 'main', amountKobo: input.amountKobo },
    ],
  });
  assertNew(journal, reference);
  return { balanceKobo: balanceAfter(journal, 1) };
};

/** An opening balance (demo seed, tests) from the opening balances account, once per reference. */
export const creditOpeningBalance = async (
  tx: Tx,
  input: { reference: string; userId: string; amountKobo: number; memo?: string },
): Promise<{ duplicate: boolean }> => {
  const journal = await postJournal(tx, {
    reference: input.reference,
    kind: 'opening_balance',
    ...(input.memo === undefined ? {} : { memo: input.memo }),
    postings: [
      { systemCode: 'opening_balances', amountKobo: -input.amountKobo },
      { userId: input.userId, wallet: 'main', amountKobo: input.amountKobo },
    ],
  });
  return { duplicate: journal.duplicate };
};

/** A user's referral earnings: the rewards received, and what of them was moved to the main wallet. */
export const referralEarnings = async (
  db: DbOrTx,
  userId: string,
): Promise<{ earnedKobo: number; withdrawnKobo: number }> => {
  const [row] = await queryRows<{ earned: string | number; withdrawn: string | number }>(
    db,
    sql`select
      coalesce(sum(p.amount_kobo) filter (where j.kind = 'referral_reward'), 0) as earned,
      coalesce(-sum(p.amount_kobo) filter (where j.kind = 'earning_withdrawal'), 0) as withdrawn
      from postings p join journals j on j.id = p.journal_id
      join ledger_accounts a on a.id = p.account_id
      where a.user_id = ${userId} and a.kind = 'user_earnings'`,
  );
  return { earnedKobo: Number(row?.earned ?? 0), withdrawnKobo: Number(row?.withdrawn ?? 0) };
};

/** Which of these referred users have already earned their referrer the reward. */
export const referralsRewarded = async (
  db: DbOrTx,
  referredUserIds: string[],
): Promise<Set<string>> => {
  if (referredUserIds.length === 0) return new Set();
  const rows = await db
    .select({ reference: journals.reference })
    .from(journals)
    .where(
      inArray(
        journals.reference,
        referredUserIds.map((id) => `referral:${id}`),
      ),
    );
  return new Set(rows.map((r) => r.reference.slice('referral:'.length)));
};
