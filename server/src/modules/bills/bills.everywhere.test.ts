import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/query.ts';
import { describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema/index.ts';
import { createUser } from '../../../test/factories/user.factory.ts';
import { lagosToday, reconcileSuppliers } from '../vending/supplier-reconciliation.service.ts';
import { t, useVendingTestApp } from '../vending/vending.test-helpers.ts';
import { webhookBody } from '../webhooks/webhook-delivery.ts';
import type { ClaimedWebhookEvent } from '../webhooks/webhooks.repository.ts';
import { DSTV_CARD, buyPins, get, renew, verifyCard } from './bills.test-helpers.ts';

useVendingTestApp();

describe('cable and exam purchases beside the others', () => {
  it('are in the history type filter and the statement, with what was bought and no PIN', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 50_000_00 });
    const quote = (await verifyCard(user, DSTV_CARD)).body;
    const cable = await renew(user, DSTV_CARD, quote.quoteId);
    expect(cable.body).toMatchObject({ msg: 'Transaction successful' });
    const exam = await buyPins(user, { product: 'waec' });
    expect(exam.status).toBe(200);
    const cables = await get(user, '/transaction?type=cable');
    expect(cables.body.transactions.map((x: { trans_Type: string }) => x.trans_Type)).toEqual([
      'cable',
    ]);
    const csv = await get(user, '/transaction/statement.csv');
    expect(csv.status).toBe(200);
    // The Network column names the provider; Details what was bought.
    expect(csv.text).toContain(`smartcardNumber: ${DSTV_CARD}`);
    expect(csv.text).toContain('bouquet: DStv Compact');
    expect(csv.text).toContain('product: waec');
    expect(csv.text).not.toContain(exam.body.receipt.pins[0].pin);
  });

  it('carries the PINs in the owner’s own webhook body, and masks them without the secret', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 10_000_00 });
    const exam = await buyPins(user, { product: 'nabteb' });
    // The snapshot as the outbox trigger writes it: raw column names.
    const [row] = await queryRows<Record<string, unknown>>(
      t.ctx.db,
      sql`select * from transactions where reference = ${exam.body.receipt.trans_Id}`,
    );
    const event = {
      id: 'evt',
      type: 'transaction.succeeded',
      createdAt: new Date(),
      userId: user.id,
      userName: 'buyer',
      snapshot: row,
    } as unknown as ClaimedWebhookEvent;
    const pin = exam.body.receipt.pins[0].pin as string;
    expect(webhookBody(event, [t.ctx.jwtSecret])).toContain(pin);
    expect(webhookBody(event)).not.toContain(pin);
    expect(webhookBody(event)).toContain(`••••••${pin.slice(-4)}`);
  });

  it('supplier reconciliation re-queries cable orders with the bills supplier', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 50_000_00 });
    const quote = (await verifyCard(user, DSTV_CARD)).body;
    const res = await renew(user, DSTV_CARD, quote.quoteId);
    expect(res.status).toBe(200);
    // Plant a disagreement in our books: the supplier delivered what we call refunded.
    await t.ctx.db
      .update(transactions)
      .set({ status: 'refunded' })
      .where(eq(transactions.reference, res.body.receipt.trans_Id));
    const result = await reconcileSuppliers(t.ctx, lagosToday());
    expect(result.mismatches).toContainEqual(
      expect.objectContaining({
        reference: res.body.receipt.trans_Id,
        supplier: 'VTPASS',
        kind: 'refunded_but_delivered',
      }),
    );
    // The other cable and exam purchases agree with the supplier.
    expect(result.mismatches.filter((m) => m.supplier === 'VTPASS')).toHaveLength(1);
  });
});
