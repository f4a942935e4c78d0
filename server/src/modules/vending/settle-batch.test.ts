import { randomBytes } from 'node:crypto';
import type { TSupplier } from '@vendo/shared/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { queryRows } from '../../db/query.ts';
import { transactions, users } from '../../db/schema/index.ts';
import { checkLedgerInvariants } from '../ledger/ledger.invariants.ts';
import { getSystemBalanceKobo, getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import { refundPurchase } from './purchase.service.ts';
import {
  openPurchase,
  settleSale,
  settleSaleBatched,
  settleSales,
  transitionPurchase,
  type SaleAnswer,
} from './purchase.repository.ts';

/**
 * Settling purchases many per statement (settleSales) and through the group commit
 * (settleSaleBatched), on the real database: each purchase settles once, with its own sale journal.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;

/** Opens a 'processing' purchase for `user` exactly as the request path does (debit + receipt). */
const open = async (
  user: TestUser,
  {
    chargeKobo,
    costKobo,
    supplier = 'ALARO',
    details = { plan: '1GB' },
  }: {
    chargeKobo: number;
    costKobo: number;
    supplier?: TSupplier;
    details?: Record<string, unknown>;
  },
): Promise<TransactionRow> => {
  seq += 1;
  const [current] = await t.ctx.db
    .select({ rowVersion: users.rowVersion })
    .from(users)
    .where(eq(users.id, user.id));
  const { row } = await openPurchase(t.ctx.db, {
    userId: user.id,
    userRowVersion: current!.rowVersion,
    reference: `SETTLE-${seq}-${randomBytes(4).toString('hex')}`,
    type: 'data',
    network: 'MTN',
    phoneNumber: '08031234567',
    chargeKobo,
    costKobo,
    supplier,
    planId: null,
    ported: false,
    details,
    graceSeconds: 60,
  });
  expect(row, 'the purchase was opened').not.toBeNull();
  expect(row!.status).toBe('processing');
  return row!;
};

const answerFor = (purchase: TransactionRow, extra: Partial<SaleAnswer> = {}): SaleAnswer => ({
  supplierRef: `SUP-${purchase.reference}`,
  apiResponse: `delivered ${purchase.reference}`,
  ...extra,
});

const current = async (id: string) => {
  const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, id));
  return row!;
};

/** The settle journals of a purchase, and their postings by account code. */
const settleJournals = async (reference: string) => {
  const journals = await queryRows<{ id: string; kind: string }>(
    t.ctx.db,
    sql`select id, kind from journals where reference = ${`settle:${reference}`}`,
  );
  const postings = await queryRows<{
    code: string;
    amount_kobo: string | number;
    balance_after_kobo: string | number | null;
  }>(
    t.ctx.db,
    sql`select a.code, p.amount_kobo, p.balance_after_kobo
      from postings p
      join journals j on j.id = p.journal_id
      join ledger_accounts a on a.id = p.account_id
      where j.reference = ${`settle:${reference}`}
      order by p.id`,
  );
  return {
    journals,
    postings: postings.map((p) => ({
      code: p.code,
      amountKobo: Number(p.amount_kobo),
      balanceAfterKobo: p.balance_after_kobo === null ? null : Number(p.balance_after_kobo),
    })),
  };
};

/** The postings a sale of this purchase must have: clearing out, cost to the supplier, margin to revenue. */
const expectedSalePostings = (purchase: TransactionRow) =>
  [
    { code: 'purchase_clearing', amountKobo: -purchase.amountKobo, balanceAfterKobo: null },
    {
      code: `supplier_float:${purchase.supplier}`,
      amountKobo: purchase.costKobo,
      balanceAfterKobo: null,
    },
    {
      code: 'sales_revenue',
      amountKobo: purchase.amountKobo - purchase.costKobo,
      balanceAfterKobo: null,
    },
  ].filter((p) => p.amountKobo !== 0);

/** Checks a purchase was booked as a sale exactly once, with balanced postings of the right amounts. */
const expectSettledOnce = async (purchase: TransactionRow) => {
  const { journals, postings } = await settleJournals(purchase.reference);
  expect(journals).toHaveLength(1);
  expect(journals[0]!.kind).toBe('purchase_settled');
  expect(postings).toEqual(expectedSalePostings(purchase));
  expect(postings.reduce((sum, p) => sum + p.amountKobo, 0)).toBe(0);
  expect((await current(purchase.id)).status).toBe('success');
};

const expectLedgerClean = async () => {
  const results = await checkLedgerInvariants(t.ctx.db);
  expect(results.length).toBeGreaterThan(0);
  expect(results.filter((r) => r.violations !== 0)).toEqual([]);
};

const systemBalances = async () => ({
  clearing: await getSystemBalanceKobo(t.ctx.db, 'purchase_clearing'),
  alaro: await getSystemBalanceKobo(t.ctx.db, 'supplier_float:ALARO'),
  glad: await getSystemBalanceKobo(t.ctx.db, 'supplier_float:GLAD'),
  revenue: await getSystemBalanceKobo(t.ctx.db, 'sales_revenue'),
});

describe('settleSales', () => {
  it('settles purchases of different users in one call, each with its own balanced sale journal', async () => {
    const amy = await createUser(t.ctx, { balanceKobo: 10_000_00 });
    const ben = await createUser(t.ctx, { balanceKobo: 7_500_00 });
    const cal = await createUser(t.ctx, { balanceKobo: 8_000_00 });
    const purchases = [
      await open(amy, { chargeKobo: 600_00, costKobo: 560_00, supplier: 'ALARO' }),
      await open(ben, { chargeKobo: 1_200_00, costKobo: 1_150_50, supplier: 'GLAD' }),
      await open(amy, { chargeKobo: 250_00, costKobo: 240_00, supplier: 'GLAD' }),
      // No margin: the sale has no revenue posting.
      await open(cal, { chargeKobo: 500_00, costKobo: 500_00, supplier: 'ALARO' }),
      await open(cal, {
        chargeKobo: 5_000_00,
        costKobo: 4_900_00,
        details: { meterNumber: '45011111111' },
      }),
    ];
    // A pending purchase (the supplier said "processing") settles too.
    const pending = await transitionPurchase(t.ctx.db, purchases[1]!.id, ['processing'], {
      status: 'pending',
    });
    expect(pending?.status).toBe('pending');

    const before = await systemBalances();
    // Not in the order they were opened: answers must follow the input order.
    const input = [purchases[3]!, purchases[0]!, purchases[4]!, purchases[1]!, purchases[2]!];
    const answers = input.map((p, i) =>
      answerFor(p, i === 2 ? { token: '12345678901234567890' } : {}),
    );
    const results = await settleSales(
      t.ctx.db,
      input.map((purchase, i) => ({ purchase, answer: answers[i]! })),
    );

    expect(results).toHaveLength(input.length);
    for (const [i, purchase] of input.entries()) {
      const result = results[i];
      expect(result, `result ${i}`).not.toBeNull();
      const { row, balanceKobo } = result!;
      expect(row.id).toBe(purchase.id);
      expect(row.reference).toBe(purchase.reference);
      expect(row.status).toBe('success');
      expect(row.supplierRef).toBe(answers[i]!.supplierRef);
      expect(row.apiResponseId).toBe(answers[i]!.supplierRef);
      expect(row.apiResponse).toBe(answers[i]!.apiResponse);
      expect(row.profitKobo).toBe(purchase.amountKobo - purchase.costKobo);
      expect(row.settledAt).not.toBeNull();
      expect(row.nextCheckAt).toBeNull();
      // The balance answered is the owner's wallet as the ledger has it.
      expect(balanceKobo).toBe(await getWalletBalanceKobo(t.ctx.db, purchase.userId));
      expect(await current(purchase.id)).toEqual(row);
      await expectSettledOnce(purchase);
    }
    // The token joins the details it had; the others keep theirs untouched.
    expect(results[2]!.row.details).toEqual({
      meterNumber: '45011111111',
      token: '12345678901234567890',
    });
    expect(results[0]!.row.details).toEqual({ plan: '1GB' });

    // Every wallet paid its charges once (at the debit), and settling did not move it.
    expect(results[1]!.balanceKobo).toBe(10_000_00 - 600_00 - 250_00);
    expect(results[3]!.balanceKobo).toBe(7_500_00 - 1_200_00);
    expect(results[0]!.balanceKobo).toBe(8_000_00 - 500_00 - 5_000_00);
    expect(results[2]!.balanceKobo).toBe(results[0]!.balanceKobo);

    // The system accounts moved by exactly the sums of the batch.
    const after = await systemBalances();
    const sum = (f: (p: TransactionRow) => number) => input.reduce((s, p) => s + f(p), 0);
    expect(after.clearing - before.clearing).toBe(-sum((p) => p.amountKobo));
    expect(after.alaro - before.alaro).toBe(sum((p) => (p.supplier === 'ALARO' ? p.costKobo : 0)));
    expect(after.glad - before.glad).toBe(sum((p) => (p.supplier === 'GLAD' ? p.costKobo : 0)));
    expect(after.revenue - before.revenue).toBe(sum((p) => p.amountKobo - p.costKobo));
    await expectLedgerClean();
  });

  it('answers null for a purchase already settled or refunded, with no second journal, while the others settle', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 20_000_00 });
    const other = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const settled = await open(user, { chargeKobo: 600_00, costKobo: 560_00 });
    const refunded = await open(user, { chargeKobo: 900_00, costKobo: 850_00, supplier: 'GLAD' });
    const fresh = await open(other, { chargeKobo: 300_00, costKobo: 280_00 });
    const fresh2 = await open(user, { chargeKobo: 1_000_00, costKobo: 950_00, supplier: 'GLAD' });

    const first = await settleSale(t.ctx.db, settled, answerFor(settled));
    expect(first?.row.status).toBe('success');
    const refund = await refundPurchase(t.ctx, refunded, { from: ['processing', 'pending'] });
    expect(refund?.status).toBe('refunded');
    const refundedBalance = await getWalletBalanceKobo(t.ctx.db, user.id);
    expect(refundedBalance).toBe(20_000_00 - 600_00 - 1_000_00);

    const results = await settleSales(t.ctx.db, [
      { purchase: settled, answer: answerFor(settled, { supplierRef: 'AGAIN' }) },
      { purchase: fresh, answer: answerFor(fresh) },
      { purchase: refunded, answer: answerFor(refunded) },
      { purchase: fresh2, answer: answerFor(fresh2) },
    ]);
    expect(results.map((r) => (r ? r.row.id : null))).toEqual([null, fresh.id, null, fresh2.id]);
    expect(results[1]!.balanceKobo).toBe(5_000_00 - 300_00);
    expect(results[3]!.balanceKobo).toBe(refundedBalance);

    // The earlier settle stands as it was, the refund too.
    await expectSettledOnce(settled);
    expect((await current(settled.id)).supplierRef).toBe(`SUP-${settled.reference}`);
    expect(await current(refunded.id)).toMatchObject({ status: 'refunded', supplierRef: null });
    expect((await settleJournals(refunded.reference)).journals).toEqual([]);
    await expectSettledOnce(fresh);
    await expectSettledOnce(fresh2);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(refundedBalance);
    await expectLedgerClean();
  });

  it('settles a purchase named twice in one call once', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const purchase = await open(user, { chargeKobo: 700_00, costKobo: 650_00 });
    const results = await settleSales(t.ctx.db, [
      { purchase, answer: answerFor(purchase) },
      { purchase, answer: answerFor(purchase) },
    ]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(results.find((r) => r !== null)!.row.id).toBe(purchase.id);
    await expectSettledOnce(purchase);
    await expectLedgerClean();
  });
});

describe('settleSaleBatched', () => {
  it('settles 20 concurrent purchases, each exactly once, each caller getting its own answer', async () => {
    const buyers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createUser(t.ctx, { balanceKobo: 10_000_00 + i * 100 })),
    );
    const purchases: TransactionRow[] = [];
    for (let i = 0; i < 20; i += 1) {
      purchases.push(
        await open(buyers[i % buyers.length]!, {
          chargeKobo: 100_00 + i * 10,
          costKobo: 90_00 + i * 7,
          supplier: i % 3 === 0 ? 'GLAD' : 'ALARO',
        }),
      );
    }
    const before = await systemBalances();

    const results = await Promise.all(
      purchases.map((p) => settleSaleBatched(t.ctx.db, p, answerFor(p))),
    );

    expect(results).toHaveLength(20);
    for (const [i, purchase] of purchases.entries()) {
      const result = results[i];
      expect(result, `purchase ${i}`).not.toBeNull();
      expect(result!.row.id).toBe(purchase.id);
      expect(result!.row.status).toBe('success');
      expect(result!.row.supplierRef).toBe(`SUP-${purchase.reference}`);
      expect(result!.row.profitKobo).toBe(purchase.amountKobo - purchase.costKobo);
      expect(result!.balanceKobo).toBe(await getWalletBalanceKobo(t.ctx.db, purchase.userId));
      await expectSettledOnce(purchase);
    }
    // Each buyer's wallet is its opening balance less its own four charges.
    for (const [b, buyer] of buyers.entries()) {
      const charges = purchases
        .filter((p) => p.userId === buyer.id)
        .reduce((s, p) => s + p.amountKobo, 0);
      expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(10_000_00 + b * 100 - charges);
    }
    const after = await systemBalances();
    expect(after.clearing - before.clearing).toBe(-purchases.reduce((s, p) => s + p.amountKobo, 0));
    expect(after.revenue - before.revenue).toBe(
      purchases.reduce((s, p) => s + p.amountKobo - p.costKobo, 0),
    );
    await expectLedgerClean();
  });

  it('settles a purchase settled twice concurrently exactly once', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 3_000_00 });
    const purchase = await open(user, { chargeKobo: 600_00, costKobo: 560_00 });
    const results = await Promise.all([
      settleSaleBatched(t.ctx.db, purchase, answerFor(purchase)),
      settleSaleBatched(t.ctx.db, purchase, answerFor(purchase)),
    ]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(results.find((r) => r !== null)!.row.id).toBe(purchase.id);
    await expectSettledOnce(purchase);
    await expectLedgerClean();
  });

  it('settles a purchase once when the batched and the direct settle race for it', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 3_000_00 });
    const purchases = [
      await open(user, { chargeKobo: 400_00, costKobo: 380_00 }),
      await open(user, { chargeKobo: 500_00, costKobo: 470_00, supplier: 'GLAD' }),
    ];
    // Two statements on two connections: the status guard lets only one of them move each row.
    const results = await Promise.all(
      purchases.flatMap((p) => [
        settleSaleBatched(t.ctx.db, p, answerFor(p)),
        settleSale(t.ctx.db, p, answerFor(p, { supplierRef: 'DIRECT' })),
      ]),
    );
    for (const [i, purchase] of purchases.entries()) {
      const pair = results.slice(i * 2, i * 2 + 2);
      expect(pair.filter((r) => r !== null)).toHaveLength(1);
      const winner = pair.find((r) => r !== null)!;
      expect(winner.row.id).toBe(purchase.id);
      expect((await current(purchase.id)).supplierRef).toBe(winner.row.supplierRef);
      await expectSettledOnce(purchase);
    }
    await expectLedgerClean();
  });

  it('settles a purchase named twice in the same batch exactly once', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 3_000_00 });
    const opener = await open(user, { chargeKobo: 100_00, costKobo: 90_00 });
    const purchase = await open(user, { chargeKobo: 600_00, costKobo: 560_00, supplier: 'GLAD' });
    // The first call is written at once, alone; the two that follow wait for it and share a batch.
    const results = await Promise.all([
      settleSaleBatched(t.ctx.db, opener, answerFor(opener)),
      settleSaleBatched(t.ctx.db, purchase, answerFor(purchase)),
      settleSaleBatched(t.ctx.db, purchase, answerFor(purchase)),
    ]);
    expect(results[0]?.row.id).toBe(opener.id);
    expect(results.slice(1).filter((r) => r !== null)).toHaveLength(1);
    expect(results.slice(1).find((r) => r !== null)!.row.id).toBe(purchase.id);
    await expectSettledOnce(opener);
    await expectSettledOnce(purchase);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(3_000_00 - 100_00 - 600_00);
    await expectLedgerClean();
  });
});
