import os from 'node:os';
import dns from 'node:dns';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { transactions, users, webhookEvents } from '../../db/schema/index.ts';
import { isPublicAddress } from './webhook-target.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PUBLIC_URL = 'https://8.8.8.8/vendo-hooks';
const post = (path: string, user: TestUser, body: object = {}) =>
  t.request().post(path).set('x-auth-token', user.token).send(body);
const get = (path: string, user: TestUser) => t.request().get(path).set('x-auth-token', user.token);
const apiUser = (balanceKobo = 0) => createUser(t.ctx, { userType: 'api user', balanceKobo });
const eventsOf = (user: TestUser) =>
  t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.userId, user.id));
const buyData = (user: TestUser, phone: string) =>
  post('/api/v1/buy/data', user, { network: 1, mobile_number: phone, plan: '2' });

describe('POST /api/v1/auth/updateWebhook', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://10.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://localhost/hook',
    'https://100.64.1.1/hook',
    'https://[fe80::1]/hook',
    'https://[fd00::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://0.0.0.0/hook',
    'https://2130706433/hook',
  ])('refuses %s with 400 and changes nothing', async (webhookUrl) => {
    const user = await apiUser();
    const res = await post('/api/v1/auth/updateWebhook', user, { webhookUrl });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_ERROR',
      msg: 'This webhook URL points to a local or private network address. Please use a public https URL.',
    });
    expect((await get('/api/v1/auth', user)).body.user.webhookUrl).toBeNull();
  });

  it('refuses a name that resolves to a loopback address', async () => {
    // This machine's own name resolves (hosts file) to one of its local addresses.
    const name = os.hostname();
    const addresses = await dns.promises.lookup(name, { all: true });
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((a) => !isPublicAddress(a.address))).toBe(true);
    const user = await apiUser();
    const res = await post('/api/v1/auth/updateWebhook', user, {
      webhookUrl: `https://${name}:8443/hook`,
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('local or private network address');
  });

  it('refuses http, a URL with credentials and text that is not a URL', async () => {
    const user = await apiUser();
    const cases: [string, string][] = [
      ['http://8.8.8.8/hook', 'The webhook URL must start with https://'],
      ['https://me:pw@8.8.8.8/hook', 'The webhook URL must not contain a user name or password'],
      ['hooks please', 'Please enter a valid URL, e.g. https://example.com/webhooks'],
    ];
    for (const [webhookUrl, msg] of cases) {
      const res = await post('/api/v1/auth/updateWebhook', user, { webhookUrl });
      expect(res.status, webhookUrl).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await post('/api/v1/auth/updateWebhook', user, {})).body.msg).toBe(
      'Please enter the webhook URL',
    );
  });

  it('saves a public https URL, answers the new secret once, and an empty URL clears it', async () => {
    const user = await apiUser();
    const first = await post('/api/v1/auth/updateWebhook', user, { webhookUrl: PUBLIC_URL });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ msg: 'Webhook URL saved', webhookUrl: PUBLIC_URL });
    expect(first.body.webhookSecret).toMatch(/^whsec_[\w-]{43}$/);
    expect(first.body.webhookSecretHint).toBe(first.body.webhookSecret.slice(-4));
    expect((await get('/api/v1/auth', user)).body.user.webhookUrl).toBe(PUBLIC_URL);

    // Saved again: the same secret signs on, and it is not shown again.
    const again = await post('/api/v1/auth/updateWebhook', user, {
      webhookUrl: 'https://8.8.4.4/other',
    });
    expect(again.body.webhookSecret).toBeUndefined();
    expect(again.body.webhookSecretHint).toBe(first.body.webhookSecretHint);
    const settings = await get('/api/v1/auth/webhook', user);
    expect(settings.body).toEqual({
      webhookUrl: 'https://8.8.4.4/other',
      webhookSecretHint: first.body.webhookSecretHint,
    });
    // The secret is stored sealed, never as sent.
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.webhookSecretEncrypted).toMatch(/^v1\./);
    expect(row!.webhookSecretEncrypted).not.toContain(first.body.webhookSecret);
    expect(JSON.stringify((await get('/api/v1/auth', user)).body)).not.toContain(
      first.body.webhookSecret,
    );

    const cleared = await post('/api/v1/auth/updateWebhook', user, { webhookUrl: '  ' });
    expect(cleared.body).toMatchObject({
      msg: 'Webhook URL removed: no more events will be sent',
      webhookUrl: null,
    });
    expect((await get('/api/v1/auth', user)).body.user.webhookUrl).toBeNull();
  });

  it('is for every account, since every account may hold API tokens; set with a session', async () => {
    for (const userType of ['reseller', 'smart earner'] as const) {
      const holder = await createUser(t.ctx, { userType });
      const res = await post('/api/v1/auth/updateWebhook', holder, { webhookUrl: PUBLIC_URL });
      expect(res.status, userType).toBe(200);
      expect(res.body.webhookUrl).toBe(PUBLIC_URL);
      expect((await get('/api/v1/auth/webhook', holder)).body.webhookUrl).toBe(PUBLIC_URL);
      expect((await post('/api/v1/auth/webhookSecret', holder)).status).toBe(200);
      expect((await get('/api/v1/auth/webhookDeliveries', holder)).status).toBe(200);
      // An API token may buy, but not move the webhook.
      const made = await post('/api/v1/auth/apiTokens', holder, { name: 'shop' });
      const byToken = await t
        .request()
        .post('/api/v1/auth/updateWebhook')
        .set('Authorization', `Token ${made.body.token}`)
        .send({ webhookUrl: PUBLIC_URL });
      expect(byToken.status).toBe(403);
    }
    expect(
      (await t.request().post('/api/v1/auth/updateWebhook').send({ webhookUrl: PUBLIC_URL }))
        .status,
    ).toBe(401);
  });
});

describe('POST /api/v1/auth/webhookSecret', () => {
  it('answers a new secret once; afterwards only its last four characters', async () => {
    const user = await apiUser();
    const first = (await post('/api/v1/auth/updateWebhook', user, { webhookUrl: PUBLIC_URL })).body;
    const rotated = await post('/api/v1/auth/webhookSecret', user);
    expect(rotated.status).toBe(200);
    expect(rotated.body.msg).toBe(
      'New webhook secret created. Copy it now: it will not be shown again.',
    );
    expect(rotated.body.webhookSecret).toMatch(/^whsec_/);
    expect(rotated.body.webhookSecret).not.toBe(first.webhookSecret);
    const settings = (await get('/api/v1/auth/webhook', user)).body;
    expect(settings).toEqual({
      webhookUrl: PUBLIC_URL,
      webhookSecretHint: rotated.body.webhookSecret.slice(-4),
    });
  });
});

describe('the webhook outbox', () => {
  it('records an event with each terminal change of an API user with a URL, in the same transaction', async () => {
    const user = await apiUser(10_000_00);
    await post('/api/v1/auth/updateWebhook', user, { webhookUrl: PUBLIC_URL });
    const delivered = await buyData(user, '08031234567');
    expect(delivered.status).toBe(200);
    const refunded = await buyData(user, '08031230000');
    expect(refunded.status).toBe(400);

    const admin = await createUser(t.ctx, { isAdmin: true });
    const { couponCode } = (
      await post('/api/v1/admin/generateCoupon', admin, { userAccount: user.userName, amount: 500 })
    ).body as { couponCode: string };
    expect(
      (
        await post('/api/v1/fundWallet/coupon', user, {
          userName: user.userName,
          coupon: couponCode,
        })
      ).status,
    ).toBe(200);

    const events = await eventsOf(user);
    const byType = Object.fromEntries(events.map((e) => [e.type, e]));
    expect(events.map((e) => e.type).sort()).toEqual([
      'deposit.credited',
      'transaction.refunded',
      'transaction.success',
    ]);
    expect(byType['transaction.success']!.transactionId).toBe(delivered.body.receipt._id);
    expect(byType['transaction.success']!.snapshot).toMatchObject({ status: 'success' });
    expect(byType['transaction.refunded']!.snapshot).toMatchObject({ status: 'refunded' });
    expect(byType['deposit.credited']!.snapshot).toMatchObject({
      type: 'wallet',
      network: 'coupon',
      amount_kobo: 500_00,
    });
    expect(events.every((e) => e.status === 'pending' && e.attempts === 0)).toBe(true);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it("records nothing for users without a URL; a reseller's purchase through a token is reported", async () => {
    const noUrl = await apiUser(5_000_00);
    const reseller = await createUser(t.ctx, { userType: 'reseller', balanceKobo: 5_000_00 });
    await post('/api/v1/auth/updateWebhook', reseller, { webhookUrl: PUBLIC_URL }).expect(200);
    const made = await post('/api/v1/auth/apiTokens', reseller, { name: 'shop' });
    expect((await buyData(noUrl, '08031234568')).status).toBe(200);
    const bought = await t
      .request()
      .post('/api/v1/buy/data')
      .set('Authorization', `Token ${made.body.token}`)
      .send({ network: 1, mobile_number: '08031234569', plan: '2' });
    expect(bought.status).toBe(200);
    expect(await eventsOf(noUrl)).toEqual([]);
    expect((await eventsOf(reseller)).map((e) => [e.type, e.transactionId])).toEqual([
      ['transaction.success', bought.body.receipt._id],
    ]);
  });

  it('commits or rolls back an event with its change', async () => {
    const user = await apiUser(5_000_00);
    await post('/api/v1/auth/updateWebhook', user, { webhookUrl: PUBLIC_URL });
    const res = await post('/api/v1/buy/data', user, {
      network: 1,
      mobile_number: '08031233333', // the supplier does not answer in time: pending
      plan: '2',
    });
    expect(res.status).toBe(202);
    const id = res.body.receipt._id as string;
    expect(await eventsOf(user)).toEqual([]);
    const rolledBack = new Error('rolled back on purpose');
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await tx.update(transactions).set({ status: 'failed' }).where(eq(transactions.id, id));
        const seen = await tx
          .select({ type: webhookEvents.type })
          .from(webhookEvents)
          .where(eq(webhookEvents.transactionId, id));
        expect(seen).toEqual([{ type: 'transaction.failed' }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await eventsOf(user)).toEqual([]);
  });
});

describe('GET /api/v1/auth/webhookDeliveries and POST /auth/webhookEvents/:id/resend', () => {
  it("lists only the caller's events, newest first; resend queues one of theirs, nobody else's", async () => {
    const user = await apiUser(5_000_00);
    const other = await apiUser();
    await post('/api/v1/auth/updateWebhook', user, { webhookUrl: PUBLIC_URL });
    await buyData(user, '08031234571');
    await buyData(user, '08031230000');
    const log = await get('/api/v1/auth/webhookDeliveries', user);
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({ page: 1, totalPages: 1, total: 2 });
    expect(log.body.events.map((e: { type: string }) => e.type)).toEqual([
      'transaction.refunded',
      'transaction.success',
    ]);
    const [newest] = log.body.events as { _id: string; reference: string }[];
    expect(newest!.reference).toMatch(/^VND/);
    expect(JSON.stringify(log.body)).not.toContain('snapshot');
    expect((await get('/api/v1/auth/webhookDeliveries', other)).body).toMatchObject({
      events: [],
      total: 0,
    });
    expect((await get('/api/v1/auth/webhookDeliveries?page=0', user)).status).toBe(400);

    const stranger = await post(`/api/v1/auth/webhookEvents/${newest!._id}/resend`, other);
    expect(stranger.status).toBe(404);
    expect(stranger.body.msg).toBe('Webhook event not found');
    expect((await post('/api/v1/auth/webhookEvents/not-an-id/resend', user)).status).toBe(404);

    await t.ctx.db
      .update(webhookEvents)
      .set({ status: 'failed', nextAttemptAt: null })
      .where(eq(webhookEvents.id, newest!._id));
    const resent = await post(`/api/v1/auth/webhookEvents/${newest!._id}/resend`, user);
    expect(resent.status).toBe(200);
    expect(resent.body.msg).toBe('The event will be sent again in a moment');
    expect(resent.body.event).toMatchObject({ _id: newest!._id, status: 'pending' });
    expect(Date.parse(resent.body.event.nextAttemptAt)).toBeLessThanOrEqual(Date.now() + 1000);
  });
});
