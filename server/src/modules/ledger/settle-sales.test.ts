import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { journals, postings, transactions } from '../../db/schema/index.ts';
import { newReference } from '../../lib/ids.ts';
import { getWalletBalanceKobo } from './ledger.service.ts';
import { openPurchase, settleSaleGrouped, settleSales } from './purchase-journals.ts';

// Decision 0013, "Group commit of the settle": the settles of one turn of the event loop go to the
// database as one statement. Each purchase is still settled once, with its own journal.

let t: TestApp;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t.ctx, { balanceKobo: 100_000_00 });
});
afterAll(async () => {
  await t?.close();
});

/** A purchase debited and left 'processing', as the request leaves it before the supplier answers. */
const open = async (chargeKobo = 100_00, costKobo = 97_00) => {
  const row = await openPurchase(t.ctx.db, {
    userId: buyer.id,
    reference: newReference('VND'),
    type: 'airtime',
    network: 'MTN',
    phoneNumber: '08031234567',
    chargeKobo,
    costKobo,
    supplier: 'ALARO',
    planId: null,
    ported: false,
    details: {},
    requestId: null,
    graceSeconds: 60,
  });
  return row!;
};

const answer = (ref: string) => ({ supplierRef: ref, apiResponse: `delivered ${ref}` });

const settleJournals = (references: string[]) =>
  t.ctx.db
    .select()
    .from(journals)
    .where(
      inArray(
        journals.reference,
        references.map((r) => `settle:${r}`),
      ),
    );

describe('settleSales', () => {
  it('settles several purchases in one statement, each once, answers in the order asked', async () => {
    const purchases = [
      await open(100_00, 97_00),
      await open(200_00, 190_00),
      await open(50_00, 50_00),
    ];
    const settled = await settleSales(
      t.ctx.db,
      purchases.map((p, i) => ({ purchaseId: p.id, answer: answer(`S${i}`) })),
    );
    expect(settled.map((s) => s?.row.id)).toEqual(purchases.map((p) => p.id));
    expect(settled.map((s) => s?.row.status)).toEqual(['success', 'success', 'success']);
    expect(settled.map((s) => s?.row.profitKobo)).toEqual([3_00, 10_00, 0]);
    expect(settled.map((s) => s?.row.supplierRef)).toEqual(['S0', 'S1', 'S2']);
    // One statement: one transaction, one clock.
    expect(new Set(settled.map((s) => s!.row.settledAt!.getTime())).size).toBe(1);
    const balance = await getWalletBalanceKobo(t.ctx.db, buyer.id);
    expect(settled.every((s) => s!.balanceKobo === balance)).toBe(true);

    const booked = await settleJournals(purchases.map((p) => p.reference));
    expect(booked).toHaveLength(3);
    for (const journal of booked) {
      const lines = await t.ctx.db
        .select()
        .from(postings)
        .where(eq(postings.journalId, journal.id));
      expect(lines.reduce((sum, l) => sum + l.amountKobo, 0)).toBe(0);
    }

    // Settled already: null for it, and nothing booked twice; a new one in the same batch settles.
    const fresh = await open();
    const again = await settleSales(t.ctx.db, [
      { purchaseId: purchases[0]!.id, answer: answer('late') },
      { purchaseId: fresh.id, answer: answer('F') },
    ]);
    expect(again[0]).toBeNull();
    expect(again[1]?.row.status).toBe('success');
    expect(await settleJournals([purchases[0]!.reference])).toHaveLength(1);
    expect(await t.ledgerViolations()).toEqual([]);
  });
});

describe('settleSaleGrouped', () => {
  it('writes the settles of one turn of the event loop as one statement', async () => {
    const purchases = await Promise.all(Array.from({ length: 8 }, () => open()));
    const settled = await Promise.all(
      purchases.map((p, i) => settleSaleGrouped(t.ctx.db, p.id, answer(`G${i}`))),
    );
    expect(settled.map((s) => s?.row.id)).toEqual(purchases.map((p) => p.id));
    expect(settled.map((s) => s?.row.supplierRef)).toEqual(purchases.map((_, i) => `G${i}`));
    expect(new Set(settled.map((s) => s!.row.settledAt!.getTime())).size).toBe(1);
    expect(await settleJournals(purchases.map((p) => p.reference))).toHaveLength(8);
  });

  it('fails only the caller whose item breaks the statement; the others are settled', async () => {
    const good = [await open(), await open()];
    const results = await Promise.allSettled([
      settleSaleGrouped(t.ctx.db, good[0]!.id, answer('A')),
      settleSaleGrouped(t.ctx.db, 'not-a-uuid', answer('B')),
      settleSaleGrouped(t.ctx.db, good[1]!.id, answer('C')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rows = await t.ctx.db
      .select()
      .from(transactions)
      .where(
        inArray(
          transactions.id,
          good.map((g) => g.id),
        ),
      );
    expect(rows.map((r) => r.status)).toEqual(['success', 'success']);
    expect(await settleJournals(good.map((g) => g.reference))).toHaveLength(2);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('settles a purchase once when two settlers race in the same batch', async () => {
    const purchase = await open();
    const [first, second] = await Promise.all([
      settleSaleGrouped(t.ctx.db, purchase.id, answer('R1')),
      settleSaleGrouped(t.ctx.db, purchase.id, answer('R2')),
    ]);
    expect([first, second].filter((s) => s !== null)).toHaveLength(1);
    expect(await settleJournals([purchase.reference])).toHaveLength(1);
    expect(await t.ledgerViolations()).toEqual([]);
  });
});
