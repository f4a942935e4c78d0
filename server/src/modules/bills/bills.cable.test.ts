import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billsQuotes } from '../../db/schema/index.ts';
import { createUser } from '../../../test/factories/user.factory.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import {
  expectCleanLedger,
  purchase,
  reconcileUntilSettled,
  t,
  useVendingTestApp,
} from '../vending/vending.test-helpers.ts';
import {
  COMPACT,
  DSTV_CARD,
  get,
  post,
  renew,
  setServiceOpen,
  verifyCard,
} from './bills.test-helpers.ts';

useVendingTestApp();

describe('GET /api/v1/cable/plans', () => {
  it('lists a provider’s bouquets at the caller’s tier', async () => {
    const user = await createUser(t.ctx, {});
    const reseller = await createUser(t.ctx, { userType: 'reseller' });
    const mine = await get(user, '/cable/plans?provider=dstv');
    expect(mine.status).toBe(200);
    expect(mine.body.plans).toContainEqual({
      code: 'dstv-compact',
      name: 'DStv Compact',
      amount: 19_100,
      provider: 'dstv',
    });
    const theirs = await get(reseller, '/cable/plans?provider=dstv');
    expect(theirs.body.plans.find((p: { code: string }) => p.code === 'dstv-compact').amount).toBe(
      19_070,
    );
  });

  it('refuses an unknown provider with a 400 and a paused one with a 403', async () => {
    const user = await createUser(t.ctx, {});
    const bad = await get(user, '/cable/plans?provider=canal');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/provider/i);
    await setServiceOpen('gotv', false);
    try {
      const locked = await get(user, '/cable/plans?provider=gotv');
      expect(locked.status).toBe(403);
      expect(locked.body).toMatchObject({
        code: 'SERVICE_LOCKED',
        msg: 'GOtv subscriptions are paused at the moment. Please try again later.',
      });
    } finally {
      await setServiceOpen('gotv', true);
    }
  });
});

describe('POST /api/v1/cable/verify', () => {
  it('names the customer and bouquet and holds a 15-minute quote priced for the tier', async () => {
    const user = await createUser(t.ctx, {});
    const res = await verifyCard(user, DSTV_CARD);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      customerName: 'TEST SMARTCARD',
      currentBouquet: 'DStv Compact',
      currentBouquetCode: 'dstv-compact',
      // The supplier's ₦19,000 plus the smart earner margin on Compact (₦100).
      renewalAmount: 19_100,
    });
    expect(res.body.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const minutes = (Date.parse(res.body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15.1);
  });

  it('refuses a smartcard the provider does not know (0000) and charges nothing', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const res = await verifyCard(user, '1234560000');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.msg).toMatch(/invalid/i);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(1_000_00);
  });
});

describe('POST /api/v1/buy/cable', () => {
  it('renews at the quote’s amount, ignoring an amount or bouquet the client sends', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 50_000_00 });
    const quote = (await verifyCard(user, DSTV_CARD)).body;
    const res = await renew(user, DSTV_CARD, quote.quoteId, {
      amount: 1,
      renewalAmount: 1,
      chargeKobo: 100,
      planCode: 'dstv-padi',
    });
    expect(res.status).toBe(200);
    expect(res.body.receipt).toMatchObject({
      trans_Type: 'cable',
      trans_Network: `DStv Compact for ${DSTV_CARD}`,
      trans_Status: 'success',
      trans_amount: 19_100,
      details: {
        provider: 'dstv',
        smartcardNumber: DSTV_CARD,
        bouquet: 'DStv Compact',
        bouquetCode: 'dstv-compact',
        subscriptionType: 'renew',
        customerName: 'TEST SMARTCARD',
      },
    });
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(50_000_00 - COMPACT.smartEarner);
    const row = await purchase(res.body.receipt.trans_Id);
    expect(row).toMatchObject({ supplier: 'VTPASS', costKobo: COMPACT.cost, profitKobo: 100_00 });
    expect(typeof row.details?.vtpassRequestId).toBe('string');
    await expectCleanLedger();
  });

  it('charges a reseller the reseller renewal', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 50_000_00, userType: 'reseller' });
    const quote = (await verifyCard(user, DSTV_CARD)).body;
    expect(quote.renewalAmount).toBe(19_070);
    const res = await renew(user, DSTV_CARD, quote.quoteId);
    expect(res.status).toBe(200);
    expect(res.body.receipt.trans_amount).toBe(19_070);
  });

  it('refuses another user’s quote (404), an expired one and one for another smartcard (400)', async () => {
    const owner = await createUser(t.ctx, { balanceKobo: 50_000_00 });
    const other = await createUser(t.ctx, { balanceKobo: 50_000_00 });
    const quote = (await verifyCard(owner, DSTV_CARD)).body;
    const stolen = await renew(other, DSTV_CARD, quote.quoteId);
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe('NOT_FOUND');
    const wrongCard = await renew(owner, '1212121299', quote.quoteId);
    expect(wrongCard.status).toBe(400);
    expect(wrongCard.body.msg).toMatch(/another smartcard/);
    await t.ctx.db
      .update(billsQuotes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(billsQuotes.id, quote.quoteId));
    const expired = await renew(owner, DSTV_CARD, quote.quoteId);
    expect(expired.status).toBe(400);
    expect(expired.body.msg).toMatch(/expired/);
    const missing = await renew(owner, DSTV_CARD, undefined as unknown as string);
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('Verify the smartcard first');
    expect(await getWalletBalanceKobo(t.ctx.db, owner.id)).toBe(50_000_00);
    expect(await getWalletBalanceKobo(t.ctx.db, other.id)).toBe(50_000_00);
  });

  it('changes the bouquet at the tier price of the plan chosen', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 10_000_00 });
    const res = await post(user, '/buy/cable', {
      provider: 'gotv',
      smartcardNumber: '7023456789',
      phone: '08031234567',
      subscriptionType: 'change',
      planCode: 'gotv-max',
    });
    expect(res.status).toBe(200);
    expect(res.body.receipt).toMatchObject({
      trans_Network: 'GOtv Max for 7023456789',
      trans_amount: 8_600,
      details: { bouquetCode: 'gotv-max', subscriptionType: 'change' },
    });
    const unknown = await post(user, '/buy/cable', {
      provider: 'gotv',
      smartcardNumber: '7023456789',
      phone: '08031234567',
      subscriptionType: 'change',
      planCode: 'dstv-premium',
    });
    expect(unknown.status).toBe(404);
  });

  it('holds a 1111 smartcard pending, then the reconciler books it delivered', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 50_000_00 });
    const quote = (await verifyCard(user, '1234561111')).body;
    const res = await renew(user, '1234561111', quote.quoteId);
    expect(res.status).toBe(202);
    expect(res.body.receipt.trans_Status).toMatch(/processing|pending/);
    // While it is pending, purchase clearing holds its charge: the ledger's checks count cable.
    await expectCleanLedger();
    const settled = await reconcileUntilSettled(res.body.receipt.trans_Id);
    expect(settled.status).toBe('success');
    await expectCleanLedger();
  });

  it('holds a 2222 smartcard pending, then refunds it once when the re-query says failed', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 50_000_00 });
    const quote = (await verifyCard(user, '1234562222')).body;
    const res = await renew(user, '1234562222', quote.quoteId);
    expect(res.status).toBe(202);
    const settled = await reconcileUntilSettled(res.body.receipt.trans_Id);
    expect(settled.status).toBe('refunded');
    // A further pass changes nothing: refunded once.
    await reconcileUntilSettled(res.body.receipt.trans_Id, 2);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(50_000_00);
    await expectCleanLedger();
  });

  it('answers a replay of the same Idempotency-Key without buying twice', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 50_000_00 });
    const quote = (await verifyCard(user, DSTV_CARD)).body;
    const send = () =>
      t
        .request()
        .post('/api/v1/buy/cable')
        .set('x-auth-token', user.token)
        .set('Idempotency-Key', `cable-${user.id}`)
        .send({
          provider: 'dstv',
          smartcardNumber: DSTV_CARD,
          phone: '08031234567',
          subscriptionType: 'renew',
          quoteId: quote.quoteId,
        });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.receipt.trans_Id).toBe(first.body.receipt.trans_Id);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(50_000_00 - COMPACT.smartEarner);
  });
});
