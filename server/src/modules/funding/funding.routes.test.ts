import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAlerts, transactions } from '../../db/schema/index.ts';
import { signSquadBody } from '../../providers/payments/squad.ts';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SQUAD_SECRET_KEY: 'test_squad_secret' });
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
