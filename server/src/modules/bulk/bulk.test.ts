import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import {
  bulkBatches,
  bulkLines,
  sandboxSupplierOrders,
  transactions,
  users,
  webhookEvents,
} from '../../db/schema/index.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import {
  expectCleanLedger,
  MTN_1GB_SME,
  reconcileUntilSettled,
  t,
  useVendingTestApp,
} from '../vending/vending.test-helpers.ts';
import { buyAirtime } from '../vending/vending.service.ts';
import { webhookBody } from '../webhooks/webhook-delivery.ts';
import { bulkRunnerOf, lineRequestId } from './bulk-runner.ts';
import { claimNextLine, insertBatch } from './bulk.repository.ts';

// One line at a time, so a cancel lands while the first line is still being bought.
useVendingTestApp({ BULK_CONCURRENCY: '1' });

const bulk = (user: TestUser, body: Record<string, unknown>, key?: string) => {
  const req = t.request().post('/api/v1/buy/bulk').set('x-auth-token', user.token);
  if (key) req.set('Idempotency-Key', key);
  return req.send(body);
};

const batchOf = (user: TestUser, batchId: string) =>
  t.request().get(`/api/v1/buy/bulk/${batchId}`).set('x-auth-token', user.token);

/** Waits for this process's runner to buy every line it can. */
const idle = () => bulkRunnerOf(t.ctx).idle();

const airtime = (phone: string, amount = 100, network: unknown = 'MTN') => ({
  network,
  mobile_number: phone,
  amount,
});

/** The purchases made for a batch's lines (request id `<reference>-<line>`). */
const purchasesOf = (reference: string) =>
  t.ctx.db
    .select()
    .from(transactions)
    .where(like(transactions.requestId, `${reference}-%`));

const ordersFor = (phone: string) =>
  t.ctx.db
    .select()
    .from(sandboxSupplierOrders)
    .where(
      sql`${sandboxSupplierOrders.request}->>'mobile_number' = ${phone} or ${sandboxSupplierOrders.request}->>'phone' = ${phone}`,
    );

describe('POST /api/v1/buy/bulk preview', () => {
  it('checks and prices every line, names each problem, and charges nothing', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const res = await bulk(buyer, {
      kind: 'airtime',
      preview: true,
      items: [
        airtime('08031110001', 100, 'mtn'),
        airtime('0803111', 100),
        airtime('08051110002', 50, 2),
        { network: 'VODAFONE', mobile_number: '08031110003', amount: 100 },
        airtime('08071110004', 200, 4),
        'MTN 08031110005 100',
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'airtime',
      total: 6,
      valid: 2,
      invalid: 4,
      // 99% of ₦100 and of ₦200 for a smart earner.
      totalAmount: 297,
      balance: 1000,
      msg: '4 of 6 lines cannot be bought: correct or remove them',
    });
    expect(res.body.lines.map((l: { error: string | null }) => l.error)).toEqual([
      null,
      'Please check the phone number entered',
      'Minimum purchase is ₦100',
      'Please select a network',
      null,
      'A line is a network, a phone number and an amount',
    ]);
    expect(res.body.lines[4]).toMatchObject({ network: '9MOBILE', amount: 200, charge: 198 });
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(1_000_00);
    expect(
      await t.ctx.db.select().from(bulkBatches).where(eq(bulkBatches.userId, buyer.id)),
    ).toEqual([]);
  });

  it('prices data lines at the buyer’s tier and refuses an unknown plan', async () => {
    const reseller = await createUser(t.ctx, { balanceKobo: 1_000_00, userType: 'reseller' });
    const res = await bulk(reseller, {
      kind: 'data',
      preview: true,
      items: [
        { network: 1, mobile_number: '08031110011', plan: MTN_1GB_SME.planId },
        { network: 'MTN', mobile_number: '08031110012', plan: 'no-such-plan' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.lines[0]).toMatchObject({ charge: 580, error: null });
    expect(res.body.lines[0].planName).toBeTruthy();
    expect(res.body.lines[1].error).toBe('That data plan does not exist for this network');
    expect(res.body.totalAmount).toBe(580);
  });

  it('refuses a request with no lines or too many', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 0 });
    const none = await bulk(buyer, { kind: 'airtime', items: [] });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('Add at least one line');
    const many = await bulk(buyer, {
      kind: 'airtime',
      items: Array.from({ length: 501 }, () => airtime('08031110001')),
    });
    expect(many.status).toBe(400);
    expect(many.body.msg).toBe('A batch takes at most 500 lines');
    const kind = await bulk(buyer, { kind: 'cable', items: [airtime('08031110001')] });
    expect(kind.status).toBe(400);
    expect(kind.body.msg).toBe('Choose airtime or data');
  });
});

describe('POST /api/v1/buy/bulk', () => {
  it('refuses a batch with a bad line, or one the balance cannot cover, writing nothing', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 250_00 });
    const bad = await bulk(buyer, {
      kind: 'airtime',
      items: [airtime('08031110021'), airtime('123'), airtime('456')],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(
      'Line 2: Please check the phone number entered (and 1 more). Preview the batch to see every problem.',
    );
    const dear = await bulk(buyer, {
      kind: 'airtime',
      items: [airtime('08031110021', 200), airtime('08031110022', 100)],
    });
    expect(dear.status).toBe(400);
    expect(dear.body).toEqual({
      code: 'INSUFFICIENT_BALANCE',
      msg: 'Insufficient balance: the batch costs ₦297.00 and your balance is ₦250.00',
    });
    expect(
      await t.ctx.db.select().from(bulkBatches).where(eq(bulkBatches.userId, buyer.id)),
    ).toEqual([]);
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(250_00);
  });

  it('buys each line as a purchase of its own, in the background, and reports the progress', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const res = await bulk(buyer, {
      kind: 'airtime',
      items: [
        airtime('08031110031'),
        airtime('08031110000'), // the sandbox's failure trigger: refunded
        airtime('08051110033', 200, 'GLO'),
      ],
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ total: 3, totalAmount: 396 });
    expect(res.body.reference).toMatch(/^BLK/);
    await idle();
    const batch = await batchOf(buyer, res.body.batchId);
    expect(batch.status).toBe(200);
    expect(batch.body).toMatchObject({
      status: 'done',
      total: 3,
      done: 3,
      success: 2,
      failed: 1,
      pending: 0,
      queued: 0,
      // The refunded line costs nothing.
      charged: 297,
    });
    expect(batch.body.finishedAt).toBeTruthy();
    expect(batch.body.lines.map((l: { status: string }) => l.status)).toEqual([
      'success',
      'failed',
      'success',
    ]);
    expect(batch.body.lines[1].message).toBe('Not delivered: refunded to your wallet');
    const made = await purchasesOf(res.body.reference);
    expect(made).toHaveLength(3);
    expect(batch.body.lines[0].trans_Id).toBe(
      made.find((p) => p.requestId === `${res.body.reference}-1`)!.reference,
    );
    // Each line's receipt is in the history like any purchase.
    const receipt = await t
      .request()
      .get(`/api/v1/transaction/${batch.body.lines[2].transactionId}`)
      .set('x-auth-token', buyer.token);
    expect(receipt.status).toBe(200);
    expect(receipt.body.transaction.phone_number).toBe('08051110033');
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(1_000_00 - 297_00);
    // Another user cannot see it.
    const other = await createUser(t.ctx, {});
    expect((await batchOf(other, res.body.batchId)).status).toBe(404);
    const list = await t.request().get('/api/v1/buy/bulk').set('x-auth-token', buyer.token);
    expect(list.body.batches[0]).toMatchObject({ batchId: res.body.batchId, success: 2 });
    await expectCleanLedger();
  });

  it('buys data lines and names each line’s plan', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 10_000_00 });
    const res = await bulk(buyer, {
      kind: 'data',
      items: [
        { network: 'MTN', mobile_number: '08031110101', plan: MTN_1GB_SME.planId },
        { network: 1, mobile_number: '08031110102', plan: MTN_1GB_SME.planId },
      ],
    });
    expect(res.status).toBe(202);
    await idle();
    const batch = await batchOf(buyer, res.body.batchId);
    expect(batch.body).toMatchObject({ status: 'done', success: 2, charged: 1200 });
    expect(batch.body.lines[0].planName).toBeTruthy();
    expect(batch.body.lines[0].message).toBeNull();
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(
      10_000_00 - 2 * MTN_1GB_SME.smartEarner,
    );
    await expectCleanLedger();
  });

  it('is idempotent: the same key starts one batch', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const body = { kind: 'airtime', items: [airtime('08031110041')] };
    const first = await bulk(buyer, body, 'bulk-key-1');
    const again = await bulk(buyer, body, 'bulk-key-1');
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body.batchId).toBe(first.body.batchId);
    await idle();
    expect(
      await t.ctx.db.select().from(bulkBatches).where(eq(bulkBatches.userId, buyer.id)),
    ).toHaveLength(1);
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(1_000_00 - 99_00);
  });

  it('refuses lines whose price rose after the batch was confirmed, charging them nothing', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const res = await bulk(buyer, { kind: 'airtime', items: [airtime('08031110051')] });
    await idle();
    expect((await batchOf(buyer, res.body.batchId)).body.success).toBe(1);
    // The price moved between the buyer's confirming and the line's turn (here the line says
    // the buyer confirmed ₦50): a different price is refused rather than charged unconfirmed.
    const second = await insertBatch(
      t.ctx.db,
      {
        userId: buyer.id,
        reference: 'BLKPRICE0001',
        kind: 'airtime',
        totalChargeKobo: 50_00,
        requestId: null,
      },
      [
        {
          network: 'MTN',
          phone: '08031110052',
          amountKobo: 100_00,
          plan: null,
          ported: false,
          chargeKobo: 50_00,
        },
      ],
    );
    bulkRunnerOf(t.ctx).kick();
    await idle();
    const batch = await batchOf(buyer, second.id);
    expect(batch.body.lines[0]).toMatchObject({ status: 'failed' });
    expect(batch.body.lines[0].message).toContain('The price changed from ₦50.00 to ₦99.00');
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(1_000_00 - 99_00);
  });
});

describe('a bulk purchase that stops half way', () => {
  it('is picked up by another process after a crash and buys no line twice', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const phones = ['08031110061', '08031110062', '08031110063', '08031110064'];
    // A batch as a process that died right after its 202 left it: queued, no runner on it.
    const batch = await insertBatch(
      t.ctx.db,
      {
        userId: buyer.id,
        reference: 'BLKCRASH0001',
        kind: 'airtime',
        totalChargeKobo: 4 * 99_00,
        requestId: null,
      },
      phones.map((phone) => ({
        network: 'MTN',
        phone,
        amountKobo: 100_00,
        plan: null,
        ported: false,
        chargeKobo: 99_00,
      })),
    );
    // Line 1 was claimed and bought, and the process died before marking it: its purchase
    // exists under the line's request id. Line 2 was claimed and never sent. Both leases ended.
    const one = (await claimNextLine(t.ctx.db, { leaseSeconds: 60 }))!;
    expect(one.line).toBe(1);
    const bought = await buyAirtime(t.ctx, {
      user: one.user,
      network: 'MTN',
      phone: one.phone,
      amountKobo: 100_00,
      ported: false,
      requestId: lineRequestId(one),
    });
    expect(bought.status).toBe('success');
    const two = (await claimNextLine(t.ctx.db, { leaseSeconds: 60 }))!;
    expect(two.line).toBe(2);
    await t.ctx.db
      .update(bulkLines)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(bulkLines.batchId, batch.id));

    // Another process (a runner of its own) takes the batch up.
    const other = bulkRunnerOf({ ...t.ctx });
    other.kick();
    await other.idle();

    const made = await purchasesOf('BLKCRASH0001');
    expect(made.map((p) => p.requestId).sort()).toEqual(
      [1, 2, 3, 4].map((n) => `BLKCRASH0001-${n}`),
    );
    expect(await ordersFor(phones[0]!)).toHaveLength(1);
    const view = await batchOf(buyer, batch.id);
    expect(view.body).toMatchObject({ status: 'done', success: 4, done: 4 });
    expect(view.body.lines[0].transactionId).toBe(bought.receipt._id);
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(1_000_00 - 4 * 99_00);
    await expectCleanLedger();
  });

  it('leaves a line another runner still holds alone', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const batch = await insertBatch(
      t.ctx.db,
      {
        userId: buyer.id,
        reference: 'BLKHELD0001',
        kind: 'airtime',
        totalChargeKobo: 99_00,
        requestId: null,
      },
      [
        {
          network: 'MTN',
          phone: '08031110071',
          amountKobo: 100_00,
          plan: null,
          ported: false,
          chargeKobo: 99_00,
        },
      ],
    );
    await claimNextLine(t.ctx.db, { leaseSeconds: 60 });
    const other = bulkRunnerOf({ ...t.ctx });
    other.kick();
    await other.idle();
    expect(await purchasesOf('BLKHELD0001')).toEqual([]);
    expect((await batchOf(buyer, batch.id)).body).toMatchObject({ status: 'running', pending: 1 });
    await t.ctx.db.delete(bulkBatches).where(eq(bulkBatches.id, batch.id));
  });
});

describe('POST /api/v1/buy/bulk/{batchId}/cancel', () => {
  it('stops a batch: lines not yet sent are never bought nor charged', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const phones = ['08031113333', '08031110082', '08031110083', '08031110084'];
    const res = await bulk(buyer, { kind: 'airtime', items: phones.map((p) => airtime(p)) });
    expect(res.status).toBe(202);
    const batchId = res.body.batchId as string;
    // Line 1 (the sandbox's slow trigger) is being bought: one line at a time in this file.
    for (let i = 0; i < 100; i++) {
      const [line] = await t.ctx.db
        .select()
        .from(bulkLines)
        .where(sql`${bulkLines.batchId} = ${batchId} and ${bulkLines.line} = 1`);
      if (line!.status !== 'queued') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const cancel = await t
      .request()
      .post(`/api/v1/buy/bulk/${batchId}/cancel`)
      .set('x-auth-token', buyer.token);
    expect(cancel.status).toBe(200);
    expect(cancel.body.msg).toBe(
      `Batch ${res.body.reference} cancelled: 3 lines not yet sent will not be bought`,
    );
    expect(cancel.body.batch).toMatchObject({ status: 'cancelled', cancelled: 3 });
    await idle();
    // Line 1 went out before the cancel: it stands (pending, then delivered on re-query).
    const made = await purchasesOf(res.body.reference);
    expect(made).toHaveLength(1);
    expect((await reconcileUntilSettled(made[0]!.reference)).status).toBe('success');
    for (const phone of phones.slice(1)) expect(await ordersFor(phone)).toEqual([]);
    await bulkRunnerOf(t.ctx).kick();
    await idle();
    const view = await batchOf(buyer, batchId);
    expect(view.body).toMatchObject({ status: 'cancelled', success: 1, cancelled: 3, done: 4 });
    expect(view.body.finishedAt).toBeTruthy();
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(1_000_00 - 99_00);
    const again = await t
      .request()
      .post(`/api/v1/buy/bulk/${batchId}/cancel`)
      .set('x-auth-token', buyer.token);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This batch was already cancelled');
    await expectCleanLedger();
  });
});

describe('bulk.completed', () => {
  it('queues one webhook event for an API user when every line has its outcome', async () => {
    const api = await createUser(t.ctx, { balanceKobo: 1_000_00, userType: 'api user' });
    await t.ctx.db
      .update(users)
      .set({ webhookUrl: 'https://hooks.example.com/vendo' })
      .where(eq(users.id, api.id));
    const res = await bulk(api, {
      kind: 'airtime',
      items: [airtime('08031110091'), airtime('08031110000')],
    });
    await idle();
    const events = await t.ctx.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.batchId, res.body.batchId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'bulk.completed', transactionId: null });
    expect(events[0]!.snapshot).toMatchObject({
      batchId: res.body.batchId,
      reference: res.body.reference,
      status: 'done',
      total: 2,
      success: 1,
      failed: 1,
    });
    // What the API user's endpoint is sent: the batch's summary in place of a receipt.
    const body = JSON.parse(
      webhookBody({ ...events[0]!, userName: api.userName, webhookUrl: null, sealedSecret: null }),
    ) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: events[0]!.id,
      type: 'bulk.completed',
      batch: { batchId: res.body.batchId, success: 1, failed: 1, total: 2 },
    });
    expect(body.receipt).toBeUndefined();
    // A customer without a webhook gets none.
    const buyer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const plain = await bulk(buyer, { kind: 'airtime', items: [airtime('08031110092')] });
    await idle();
    expect(
      await t.ctx.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.batchId, plain.body.batchId)),
    ).toEqual([]);
  });
});
