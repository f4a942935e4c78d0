import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const balance = (user: { id: string }, wallet: 'main' | 'earnings' = 'main') =>
  getWalletBalanceKobo(t.ctx.db, user.id, wallet);
const expectCleanLedger = async () => expect(await t.ledgerViolations()).toEqual([]);
const post = (path: string, user: TestUser, body: unknown) =>
  t
    .request()
    .post(path)
    .set('x-auth-token', user.token)
    .send(body as object);

describe('GET /api/v1/auth/validateUser/:userName', () => {
  it('answers the account name, never the e-mail, and 404 for nobody', async () => {
    const me = await createUser(t.ctx);
    const other = await createUser(t.ctx, { fullName: 'Ada Stores' });
    const found = await t
      .request()
      .get(`/api/v1/auth/validateUser/${other.userName.toUpperCase()}`)
      .set('x-auth-token', me.token);
    expect(found.status).toBe(200);
    expect(found.body.name).toBe('Ada Stores');
    expect(JSON.stringify(found.body)).not.toContain(other.email);
    const missing = await t
      .request()
      .get('/api/v1/auth/validateUser/nobody_here')
      .set('x-auth-token', me.token);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('User not found');
  });
});

describe('POST /api/v1/auth/transferFund', () => {
  it('moves money between wallets with a history line on each side', async () => {
    const a = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const b = await createUser(t.ctx);
    const res = await post('/api/v1/auth/transferFund', a, { userName: b.userName, amount: 250.5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ msg: 'Transfer successful', balance: 749.5 });
    expect(res.body.receipt).toMatchObject({
      trans_Type: 'transfer',
      trans_amount: 250.5,
      balance_Before: 1000,
      balance_After: 749.5,
    });
    expect(await balance(b)).toBe(250_50);
    const history = await t.request().get('/api/v1/auth').set('x-auth-token', b.token);
    expect(history.body.transactions[0]).toMatchObject({
      trans_Type: 'transfer',
      trans_amount: 250.5,
      balance_After: 250.5,
    });
    await expectCleanLedger();
  });

  it.each([
    [{ amount: 100 }, 'Enter a username'],
    [{ userName: '', amount: 100 }, 'Enter a username'],
    [{ userName: 'x', amount: 0 }, 'Enter a valid amount'],
    [{ userName: 'x', amount: -5 }, 'Enter a valid amount'],
    [{ userName: 'x', amount: 1.005 }, 'Enter a valid amount'],
    [{ userName: 'x', amount: 'lots' }, 'Enter a valid amount'],
  ])('refuses %j with "%s"', async (body, msg) => {
    const a = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const res = await post('/api/v1/auth/transferFund', a, body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
    expect(await balance(a)).toBe(1_000_00);
  });

  it('refuses oneself, an unknown user and more than the balance', async () => {
    const a = await createUser(t.ctx, { balanceKobo: 100_00 });
    const b = await createUser(t.ctx);
    expect(
      (await post('/api/v1/auth/transferFund', a, { userName: a.userName, amount: 10 })).body.msg,
    ).toBe('You cannot transfer to yourself');
    expect(
      (await post('/api/v1/auth/transferFund', a, { userName: 'nobody_here', amount: 10 })).status,
    ).toBe(404);
    const broke = await post('/api/v1/auth/transferFund', a, {
      userName: b.userName,
      amount: 100.01,
    });
    expect(broke.status).toBe(400);
    expect(broke.body.msg).toBe('Insufficient balance');
    expect(await balance(a)).toBe(100_00);
  });

  it('lets an admin send from the house account, not limited by their own balance', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const b = await createUser(t.ctx);
    const res = await post('/api/v1/auth/transferFund', admin, {
      userName: b.userName,
      amount: 5000,
    });
    expect(res.status).toBe(200);
    expect(await balance(b)).toBe(5_000_00);
    expect(await balance(admin)).toBe(0);
    await expectCleanLedger();
  });

  it('conserves money when A→B and B→A race 500 times', async () => {
    const a = await createUser(t.ctx, { balanceKobo: 300_00 });
    const b = await createUser(t.ctx, { balanceKobo: 300_00 });
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        i % 2 === 0
          ? post('/api/v1/auth/transferFund', a, { userName: b.userName, amount: 7 })
          : post('/api/v1/auth/transferFund', b, { userName: a.userName, amount: 7 }),
      ),
    );
    expect(
      answers.every(
        (r) => r.status === 200 || (r.status === 400 && r.body.msg === 'Insufficient balance'),
      ),
    ).toBe(true);
    expect((await balance(a)) + (await balance(b))).toBe(600_00);
    expect(await balance(a)).toBeGreaterThanOrEqual(0);
    expect(await balance(b)).toBeGreaterThanOrEqual(0);
    await expectCleanLedger();
  }, 120_000);

  it('sends once for a repeated Idempotency-Key', async () => {
    const a = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const b = await createUser(t.ctx);
    const send = () =>
      t
        .request()
        .post('/api/v1/auth/transferFund')
        .set('x-auth-token', a.token)
        .set('Idempotency-Key', `trf-${a.id}`)
        .send({ userName: b.userName, amount: 100 });
    const answers = await Promise.all([send(), send(), send()]);
    // One sends; the others got its answer replayed, or 409 while it was still running.
    expect(
      answers.filter((r) => r.status === 200 && !r.headers['idempotent-replayed']),
    ).toHaveLength(1);
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect((await send()).headers['idempotent-replayed']).toBe('true');
    expect(await balance(b)).toBe(100_00);
  });
});
