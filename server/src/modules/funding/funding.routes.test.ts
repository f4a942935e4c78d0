import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAlerts, auditLog, journals, transactions } from '../../db/schema/index.ts';
import { signSquadBody } from '../../providers/payments/squad.ts';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { reconcileFundings } from './funding.service.ts';

let t: TestApp;
beforeAll(async () => {
  // Checkouts expire after 2 h here, so the expiry tests also show the setting is read.
  t = await createTestApp({ SQUAD_SECRET_KEY: 'test_squad_secret', FUNDING_EXPIRY_HOURS: '2' });
});
afterAll(async () => {
  await t?.close();
});

const SECRET = 'test_squad_secret';
const balance = (user: { id: string }) => getWalletBalanceKobo(t.ctx.db, user.id);
const expectCleanLedger = async () => expect(await t.ledgerViolations()).toEqual([]);

const initiate = async (user: TestUser, amount: number) => {
  const res = await t
    .request()
    .post('/api/v1/fundWallet/squad/initiate')
    .set('x-auth-token', user.token)
    .send({ amount, email: user.email });
  expect(res.status).toBe(200);
  const ref = decodeURIComponent(String(res.body.link).split('/').pop()!);
  return { ref, link: res.body.link as string };
};

const webhookBody = (ref: string, amountKobo: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    Event: 'charge_successful',
    TransactionRef: ref,
    Body: {
      amount: amountKobo,
      transaction_ref: ref,
      transaction_status: 'Success',
      currency: 'NGN',
      ...extra,
    },
  });

const deliver = (raw: string, signature = signSquadBody(SECRET, raw)) =>
  t
    .request()
    .post('/api/v1/webhooks/squad')
    .set('content-type', 'application/json')
    .set('x-squad-encrypted-body', signature)
    .send(raw);

/** What the customer does on the (sandbox) checkout page. */
const pay = (ref: string, action: 'pay' | 'abandon' = 'pay') =>
  fetch(`${t.url}/sandbox/squad/checkout/${encodeURIComponent(ref)}/${action}`, {
    method: 'POST',
    redirect: 'manual',
  });

describe('card funding through Squad', () => {
  it('credits the amount less the 1% fee after the customer pays on the checkout page', async () => {
    const user = await createUser(t.ctx);
    const { ref, link } = await initiate(user, 1000);
    const page = await fetch(link);
    expect(await page.text()).toContain('Pay ₦1,000.00');
    expect((await pay(ref)).status).toBe(303);
    await expect.poll(() => balance(user)).toBe(990_00);
    const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.reference, ref));
    expect(row).toMatchObject({
      status: 'success',
      amountKobo: 990_00,
      balanceAfterKobo: 990_00,
      profitKobo: 10_00,
    });
    await expectCleanLedger();
  });

  it.each([
    [{}, 'enter a valid amount'],
    [{ amount: 99.99 }, 'minimum payment is 100'],
    [{ amount: 'abc' }, 'enter a valid amount'],
    [{ amount: 100 }, 'Enter your email'],
  ])('refuses %j with "%s"', async (body, msg) => {
    const user = await createUser(t.ctx);
    const res = await t
      .request()
      .post('/api/v1/fundWallet/squad/initiate')
      .set('x-auth-token', user.token)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
  });

  it('ignores a bad signature and a re-serialised body', async () => {
    const user = await createUser(t.ctx);
    const { ref } = await initiate(user, 500);
    await t.ctx.db.execute(
      sql`update sandbox_payments set status = 'Success' where reference = ${ref}`,
    );
    const raw = webhookBody(ref, 500_00);
    expect((await deliver(raw, 'ab'.repeat(64))).status).toBe(401);
    const reserialised = JSON.stringify(JSON.parse(raw), null, 2);
    expect((await deliver(reserialised, signSquadBody(SECRET, raw))).status).toBe(401);
    expect(await balance(user)).toBe(0);
  });

  it('credits once when the same webhook is replayed 5 times at once', async () => {
    const user = await createUser(t.ctx);
    const { ref } = await initiate(user, 2000);
    await t.ctx.db.execute(
      sql`update sandbox_payments set status = 'Success' where reference = ${ref}`,
    );
    const raw = webhookBody(ref, 2000_00);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(raw)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await balance(user)).toBe(1980_00);
    await expectCleanLedger();
  });

  it('credits nothing for an unknown reference, an abandoned payment or a tampered amount', async () => {
    const user = await createUser(t.ctx);
    expect((await deliver(webhookBody('SQDNOTOURS', 1000_00))).status).toBe(200);

    const abandoned = await initiate(user, 300);
    await pay(abandoned.ref, 'abandon');
    expect((await deliver(webhookBody(abandoned.ref, 300_00))).status).toBe(200);
    const [failed] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.reference, abandoned.ref));
    expect(failed!.status).toBe('failed');

    // The body says ₦5,000 and the gateway confirms ₦5,000, but we started ₦400: never credited.
    const tampered = await initiate(user, 400);
    await t.ctx.db.execute(
      sql`update sandbox_payments set status = 'Success', amount_kobo = 500000 where reference = ${tampered.ref}`,
    );
    expect((await deliver(webhookBody(tampered.ref, 5000_00))).status).toBe(200);
    const alerts = await t.ctx.db
      .select()
      .from(adminAlerts)
      .where(eq(adminAlerts.kind, 'funding_amount_mismatch'));
    expect(alerts.length).toBeGreaterThan(0);

    expect(await balance(user)).toBe(0);
    await expectCleanLedger();
  });

  it('credits the user who started the payment, whatever the body names', async () => {
    const payer = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const { ref } = await initiate(payer, 100);
    await t.ctx.db.execute(
      sql`update sandbox_payments set status = 'Success' where reference = ${ref}`,
    );
    await deliver(webhookBody(ref, 100_00, { email: other.email }));
    expect(await balance(payer)).toBe(99_00);
    expect(await balance(other)).toBe(0);
  });

  it('uses the fee an admin sets, for payments started after the change', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const user = await createUser(t.ctx);
    expect(
      (
        await t
          .request()
          .post('/api/v1/admin/fees')
          .set('x-auth-token', user.token)
          .send({ fundPageFeePercent: 0 })
      ).status,
    ).toBe(403);
    expect(
      (
        await t
          .request()
          .post('/api/v1/admin/fees')
          .set('x-auth-token', admin.token)
          .send({ fundPageFeePercent: 50 })
      ).status,
    ).toBe(400);
    const before = await initiate(user, 1000);
    expect(
      (
        await t
          .request()
          .post('/api/v1/admin/fees')
          .set('x-auth-token', admin.token)
          .send({ fundPageFeePercent: 2.5 })
      ).status,
    ).toBe(200);
    expect(
      (await t.request().get('/api/v1/admin/fees').set('x-auth-token', admin.token)).body
        .fundPageFeePercent,
    ).toBe(2.5);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, 'fees.update')));
    expect(audit?.after).toEqual({ basisPoints: { fundPage: 250 } });
    const after = await initiate(user, 1000);
    await pay(before.ref);
    await pay(after.ref);
    await expect.poll(() => balance(user)).toBe(990_00 + 975_00);
    await t
      .request()
      .post('/api/v1/admin/fees')
      .set('x-auth-token', admin.token)
      .send({ fundPageFeePercent: 1 });
    await expectCleanLedger();
  });

  it('lets staff re-query a pending funding whose webhook never came', async () => {
    const agent = await createUser(t.ctx, { isAgent: true });
    const user = await createUser(t.ctx);
    const { ref } = await initiate(user, 1000);
    await t.ctx.db.execute(
      sql`update sandbox_payments set status = 'Success' where reference = ${ref}`,
    );
    const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.reference, ref));
    expect(
      (
        await t
          .request()
          .post(`/api/v1/admin/requeryFunding/${row!.id}`)
          .set('x-auth-token', user.token)
      ).status,
    ).toBe(403);
    const res = await t
      .request()
      .post(`/api/v1/admin/requeryFunding/${row!.id}`)
      .set('x-auth-token', agent.token);
    expect(res.status).toBe(200);
    expect(await balance(user)).toBe(990_00);
    // The webhook arriving late, after the re-query settled it, changes nothing.
    expect((await deliver(webhookBody(ref, 1000_00))).status).toBe(200);
    expect(await balance(user)).toBe(990_00);
    await expectCleanLedger();
  });
});

describe('pending card/bank fundings, re-queried by the reconciler', () => {
  const fundingRow = async (ref: string) =>
    (await t.ctx.db.select().from(transactions).where(eq(transactions.reference, ref)))[0]!;
  /** What Squad's own books say about the payment (the sandbox keeps them in its table). */
  const squadSays = (ref: string, status: 'Success' | 'Pending') =>
    t.ctx.db.execute(sql`update sandbox_payments set status = ${status} where reference = ${ref}`);
  /** Due for the next pass, started `ageHours` ago. */
  const dueNow = (ref: string, ageHours = 0) =>
    t.ctx.db.execute(
      sql`update transactions set next_check_at = now(),
            created_at = now() - make_interval(secs => ${ageHours * 3600})
          where reference = ${ref}`,
    );
  const journalsFor = async (ref: string) =>
    (
      await t.ctx.db
        .select()
        .from(journals)
        .where(eq(journals.reference, `squad:${ref}`))
    ).length;
  const alertsFor = async (kind: string, transactionId: string) =>
    (
      await t.ctx.db
        .select()
        .from(adminAlerts)
        .where(and(eq(adminAlerts.kind, kind), eq(adminAlerts.transactionId, transactionId)))
    ).length;

  it('credits once on the next pass when the webhook came while Squad still said pending', async () => {
    const user = await createUser(t.ctx);
    const { ref } = await initiate(user, 1000);
    const early = await deliver(webhookBody(ref, 1000_00));
    expect(early.status).toBe(202);
    expect(await balance(user)).toBe(0);
    const waiting = await fundingRow(ref);
    expect(waiting.status).toBe('pending');
    // The webhook made it due at once rather than after the usual delay.
    expect(waiting.nextCheckAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);

    await squadSays(ref, 'Success');
    await reconcileFundings(t.ctx);
    expect(await balance(user)).toBe(990_00);
    expect(await fundingRow(ref)).toMatchObject({
      status: 'success',
      amountKobo: 990_00,
      nextCheckAt: null,
    });

    // Later passes and the webhook delivered again change nothing.
    await dueNow(ref);
    await reconcileFundings(t.ctx);
    expect((await deliver(webhookBody(ref, 1000_00))).body.msg).toBe('Already success');
    expect(await balance(user)).toBe(990_00);
    expect(await journalsFor(ref)).toBe(1);
    await expectCleanLedger();
  });

  it('keeps a young unpaid checkout pending, and expires it unpaid after FUNDING_EXPIRY_HOURS', async () => {
    const user = await createUser(t.ctx);
    const { ref } = await initiate(user, 700);
    await dueNow(ref, 1.5);
    await reconcileFundings(t.ctx);
    expect(await fundingRow(ref)).toMatchObject({ status: 'pending', attempts: 1 });

    await dueNow(ref, 2.1);
    await reconcileFundings(t.ctx);
    const expired = await fundingRow(ref);
    expect(expired).toMatchObject({
      status: 'failed',
      apiResponse: 'Expired: not paid within 2 h',
      nextCheckAt: null,
    });
    expect(expired.settledAt).not.toBeNull();
    expect(await balance(user)).toBe(0);
    expect(await journalsFor(ref)).toBe(0);

    // The customer pays after all: never credited by itself, an admin hears of it once.
    expect((await pay(ref)).status).toBe(303);
    expect((await deliver(webhookBody(ref, 700_00))).body.msg).toBe(
      'Already failed: held for review',
    );
    expect(await alertsFor('funding_paid_after_failure', expired.id)).toBe(1);
    expect((await fundingRow(ref)).status).toBe('failed');
    expect(await balance(user)).toBe(0);
    await expectCleanLedger();
  });

  it('expires a checkout Squad does not know, but never one it cannot reach', async () => {
    const user = await createUser(t.ctx);
    const unknown = await initiate(user, 200);
    await t.ctx.db.execute(sql`delete from sandbox_payments where reference = ${unknown.ref}`);
    const unreachable = await initiate(user, 300);
    await dueNow(unknown.ref, 3);
    await dueNow(unreachable.ref, 3);
    // Squad down (nothing listens on port 1): no answer is not "unpaid".
    const squadDown = {
      ...t.ctx,
      config: { ...t.ctx.config, squad: { ...t.ctx.config.squad, baseUrl: 'http://127.0.0.1:1' } },
    };
    await reconcileFundings(squadDown);
    expect((await fundingRow(unknown.ref)).status).toBe('pending');
    expect(await fundingRow(unreachable.ref)).toMatchObject({ status: 'pending', attempts: 1 });

    await dueNow(unknown.ref, 3);
    await reconcileFundings(t.ctx);
    expect((await fundingRow(unknown.ref)).apiResponse).toBe('Expired: not paid within 2 h');
    expect(await balance(user)).toBe(0);
  });

  it('credits once when passes race the webhook', async () => {
    const user = await createUser(t.ctx);
    for (let i = 0; i < 5; i += 1) {
      const { ref } = await initiate(user, 100);
      await squadSays(ref, 'Success');
      await dueNow(ref);
      const [answer] = await Promise.all([
        deliver(webhookBody(ref, 100_00)),
        reconcileFundings(t.ctx),
        reconcileFundings(t.ctx),
      ]);
      expect(answer.status).toBe(200);
      expect(await journalsFor(ref)).toBe(1);
      expect((await fundingRow(ref)).status).toBe('success');
      expect(await balance(user)).toBe((i + 1) * 99_00);
    }
    await expectCleanLedger();
  });

  it('holds an amount Squad confirms differently for review and stops asking about it', async () => {
    const user = await createUser(t.ctx);
    const { ref } = await initiate(user, 400);
    await t.ctx.db.execute(
      sql`update sandbox_payments set status = 'Success', amount_kobo = 500000 where reference = ${ref}`,
    );
    await dueNow(ref);
    await reconcileFundings(t.ctx);
    const held = await fundingRow(ref);
    expect(held).toMatchObject({ status: 'pending', nextCheckAt: null });
    expect(await alertsFor('funding_amount_mismatch', held.id)).toBe(1);
    await reconcileFundings(t.ctx);
    expect(await alertsFor('funding_amount_mismatch', held.id)).toBe(1);
    expect(await balance(user)).toBe(0);
    await expectCleanLedger();
  });
});
