import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAlerts, transactions } from '../../db/schema/index.ts';
import { billstackSignature } from '../../providers/payments/billstack.ts';
import { createUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BILLSTACK_SECRET_KEY: 'test_billstack_secret' });
});
afterAll(async () => {
  await t?.close();
});

const balance = (user: { id: string }) => getWalletBalanceKobo(t.ctx.db, user.id);
const expectCleanLedger = async () => expect(await t.ledgerViolations()).toEqual([]);

const deposit = (
  accountNumber: string,
  amount: string,
  wiaxyRef: string,
  signature = billstackSignature('test_billstack_secret'),
) =>
  t
    .request()
    .post('/api/v1/webhooks/billstack')
    .set('content-type', 'application/json')
    .set('x-wiaxy-signature', signature)
    .send(
      JSON.stringify({
        event: 'PAYMENT_NOTIFIFICATION',
        data: {
          type: 'RESERVED_ACCOUNT_TRANSACTION',
          wiaxy_ref: wiaxyRef,
          amount,
          account: { account_number: accountNumber },
          payer: { email: 'someone@else.test' },
        },
      }),
    );

describe('reserved accounts (BillStack)', () => {
  it('reserves a PalmPay account named after the user, once', async () => {
    const user = await createUser(t.ctx, { userName: `longusername_${Date.now().toString(36)}` });
    const first = await t.request().get('/api/v1/auth/generateAcc').set('x-auth-token', user.token);
    expect(first.status).toBe(200);
    expect(first.body.accountNumbers).toHaveLength(1);
    expect(first.body.accountNumbers[0]).toMatchObject({ bankName: 'PALMPAY' });
    expect(first.body.accountNumbers[0].accountNumber).toMatch(/^\d{10}$/);
    expect(first.body.accountNumbers[0].accountName).toContain(user.userName.slice(0, 10));
    const again = await t
      .request()
      .post('/api/v1/generateAcc')
      .set('x-auth-token', user.token)
      .send({ bankName: 'palmpay' });
    expect(again.body.accountNumbers).toEqual(first.body.accountNumbers);
    const other = await t
      .request()
      .post('/api/v1/generateAcc')
      .set('x-auth-token', user.token)
      .send({ bankName: 'kuda' });
    expect(other.status).toBe(400);
  });

  it('credits a deposit to the account owner less 1.08%, once however often it is delivered', async () => {
    const user = await createUser(t.ctx);
    const { accountNumbers } = (
      await t.request().get('/api/v1/auth/generateAcc').set('x-auth-token', user.token)
    ).body;
    const accountNumber = accountNumbers[0].accountNumber as string;
    // Through the sandbox: a "bank transfer" that sends the signed webhook.
    const sent = await fetch(`${t.url}/sandbox/billstack/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountNumber, amount: '5000' }),
    });
    expect(sent.status).toBe(200);
    expect(await balance(user)).toBe(4_946_00);
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => deposit(accountNumber, '1000', 'WX-REPLAY-1')),
    );
    expect(replays.every((r) => r.status === 200)).toBe(true);
    expect(await balance(user)).toBe(4_946_00 + 989_20);
    await expectCleanLedger();
  });

  it('changes nothing for a replay with another amount, and alerts an admin', async () => {
    const user = await createUser(t.ctx);
    const { accountNumbers } = (
      await t.request().get('/api/v1/auth/generateAcc').set('x-auth-token', user.token)
    ).body;
    const accountNumber = accountNumbers[0].accountNumber as string;
    const ref = `WX-ALTER-${Date.now().toString(36)}`;
    expect((await deposit(accountNumber, '1000', ref)).status).toBe(200);
    expect(await balance(user)).toBe(989_20);
    const alerts = () =>
      t.ctx.db
        .select()
        .from(adminAlerts)
        .where(
          and(
            eq(adminAlerts.kind, 'deposit_replay_mismatch'),
            like(adminAlerts.message, `%${ref}%`),
          ),
        );

    // A plain retry is not news.
    expect((await deposit(accountNumber, '1000', ref)).body.msg).toBe('Already credited');
    expect(await alerts()).toEqual([]);

    const altered = await deposit(accountNumber, '50000', ref);
    expect(altered.status).toBe(200);
    expect(altered.body.msg).toBe('Already credited');
    expect(await balance(user)).toBe(989_20);
    const [row] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.reference, `BST-${ref}`));
    expect(row).toMatchObject({ status: 'success', amountKobo: 989_20 });
    const raised = await alerts();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ transactionId: row!.id });
    expect(raised[0]!.message).toContain('₦50,000.00');
    expect(raised[0]!.message).toContain('₦1,000.00');

    // The same altered delivery again and again: still credited once, still one alert.
    const again = await Promise.all([1, 2, 3].map(() => deposit(accountNumber, '50000', ref)));
    expect(again.map((r) => r.body.msg)).toEqual(Array(3).fill('Already credited'));
    expect(await alerts()).toHaveLength(1);
    expect(await balance(user)).toBe(989_20);
    await expectCleanLedger();
  });

  it('alerts an unknown account number once however often it is delivered', async () => {
    const ref = `WX-NOBODY-${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i += 1) {
      expect((await deposit('8999999999', '700', ref)).body.msg).toBe('Unknown account ignored');
    }
    const raised = await t.ctx.db
      .select()
      .from(adminAlerts)
      .where(
        and(eq(adminAlerts.kind, 'deposit_unknown_account'), like(adminAlerts.message, `%${ref}%`)),
      );
    expect(raised).toHaveLength(1);
  });

  it('credits nothing with a bad signature, to an unknown account, or for a malformed amount', async () => {
    const user = await createUser(t.ctx);
    const { accountNumbers } = (
      await t.request().get('/api/v1/auth/generateAcc').set('x-auth-token', user.token)
    ).body;
    const accountNumber = accountNumbers[0].accountNumber as string;
    expect((await deposit(accountNumber, '1000', 'WX-BAD-SIG', 'not-the-signature')).status).toBe(
      401,
    );
    expect((await deposit('9999999999', '1000', 'WX-UNKNOWN')).status).toBe(200);
    expect((await deposit(accountNumber, '-5', 'WX-NEG')).status).toBe(400);
    expect((await deposit(accountNumber, '10.001', 'WX-FRAC')).status).toBe(400);
    expect(await balance(user)).toBe(0);
    await expectCleanLedger();
  });

  describe('source addresses (BILLSTACK_ALLOWED_IPS)', () => {
    const body = (ref: string, accountNumber = '8000000000') =>
      JSON.stringify({
        event: 'PAYMENT_NOTIFICATION',
        data: {
          type: 'RESERVED_ACCOUNT_TRANSACTION',
          wiaxy_ref: ref,
          amount: '100',
          account: { account_number: accountNumber },
        },
      });
    const send = (app: TestApp, ref: string, forwardedFor?: string, accountNumber?: string) => {
      const req = app
        .request()
        .post('/api/v1/webhooks/billstack')
        .set('content-type', 'application/json')
        .set('x-wiaxy-signature', billstackSignature('test_billstack_secret'));
      return (forwardedFor ? req.set('x-forwarded-for', forwardedFor) : req).send(
        body(ref, accountNumber),
      );
    };

    it('refuses other addresses before looking at the signature, and ignores X-Forwarded-For without TRUST_PROXY', async () => {
      const strict = await createTestApp({
        BILLSTACK_SECRET_KEY: 'test_billstack_secret',
        BILLSTACK_ALLOWED_IPS: '203.0.113.7',
      });
      try {
        const res = await send(strict, 'WX-IP', '203.0.113.7');
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ msg: 'Address not allowed' });
        const unsigned = await strict
          .request()
          .post('/api/v1/webhooks/billstack')
          .set('content-type', 'application/json')
          .send(body('WX-IP-2'));
        expect(unsigned.status).toBe(403);
      } finally {
        await strict.close();
      }
    });

    it('credits from an allowed address or range, the IPv4-mapped form of the socket included', async () => {
      const local = await createTestApp({
        BILLSTACK_SECRET_KEY: 'test_billstack_secret',
        BILLSTACK_ALLOWED_IPS: '203.0.113.0/24,127.0.0.0/8',
      });
      try {
        const user = await createUser(local.ctx);
        const { accountNumbers } = (
          await local.request().get('/api/v1/auth/generateAcc').set('x-auth-token', user.token)
        ).body;
        const res = await send(local, 'WX-LOCAL-1', undefined, accountNumbers[0].accountNumber);
        expect(res.status).toBe(200);
        expect(res.body.msg).toMatch(/^Credited/);
        expect(await getWalletBalanceKobo(local.ctx.db, user.id)).toBe(98_92);
      } finally {
        await local.close();
      }
    });

    it('behind one proxy (TRUST_PROXY=1) judges the address that proxy saw, not one the client wrote', async () => {
      const proxied = await createTestApp({
        BILLSTACK_SECRET_KEY: 'test_billstack_secret',
        BILLSTACK_ALLOWED_IPS: '203.0.113.0/24',
        TRUST_PROXY: '1',
      });
      try {
        const user = await createUser(proxied.ctx);
        const { accountNumbers } = (
          await proxied.request().get('/api/v1/auth/generateAcc').set('x-auth-token', user.token)
        ).body;
        const account = accountNumbers[0].accountNumber as string;
        // The proxy appends the address it saw; a forger wrote an allowed one before it.
        const forged = await send(proxied, 'WX-FWD-1', '203.0.113.7, 198.51.100.9', account);
        expect(forged.status).toBe(403);
        const real = await send(proxied, 'WX-FWD-2', '198.51.100.9, 203.0.113.7', account);
        expect(real.status).toBe(200);
        expect(await getWalletBalanceKobo(proxied.ctx.db, user.id)).toBe(98_92);
      } finally {
        await proxied.close();
      }
    });
  });
});
