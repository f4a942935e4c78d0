import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { inTransaction } from '../db/retry.ts';
import { idempotencyKeys, notifications } from '../db/schema/index.ts';
import { runWithClaim } from '../lib/idempotency-scope.ts';
import {
  claimIdempotencyKey,
  releaseIdempotencyKey,
  type KeyClaim,
} from '../lib/idempotency.repository.ts';
import { getWalletBalanceKobo } from '../modules/ledger/ledger.service.ts';
import { creditOpeningBalance } from '../modules/ledger/journals.ts';

/**
 * A request cut off with its Idempotency-Key still "in progress" (its process killed, or the
 * database gone before it could free the key). Whether it acted decides what a retry gets: run
 * it (nothing happened), or be told it happened (never twice). PROCESSING_GRACE_SECONDS is 17 s
 * in tests; keys are backdated rather than waited for.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const transfer = (from: TestUser, to: TestUser, key: string, amount = 100) =>
  t
    .request()
    .post('/api/v1/auth/transferFund')
    .set('x-auth-token', from.token)
    .set('Idempotency-Key', key)
    .send({ userName: to.userName, amount });

/** Leaves the key as a request cut off before it answered, `ageSeconds` ago. */
const cutOff = async (userId: string, key: string, ageSeconds: number) => {
  await t.ctx.db
    .update(idempotencyKeys)
    .set({
      responseStatus: null,
      responseBody: null,
      completedAt: null,
      createdAt: sql`now() - make_interval(secs => ${ageSeconds})`,
    })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
};

describe('an Idempotency-Key left in progress by a request that was cut off', () => {
  it('before it acted: 409 while it may still be running, then the retry runs it, once', async () => {
    const sender = await createUser(t.ctx);
    const recipient = await createUser(t.ctx);
    // The first attempt committed nothing (no money); it is then cut off before its answer.
    expect((await transfer(sender, recipient, 'cut-before')).status).toBe(400);
    await cutOff(sender.id, 'cut-before', 5);
    await inTransaction(t.ctx.db, (tx) =>
      creditOpeningBalance(tx, {
        reference: `opening:${sender.id}:2`,
        userId: sender.id,
        amountKobo: 500_00,
      }),
    );

    const early = await transfer(sender, recipient, 'cut-before');
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('A request with this key is in progress');

    await cutOff(sender.id, 'cut-before', 20);
    const retry = await transfer(sender, recipient, 'cut-before');
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    const again = await transfer(sender, recipient, 'cut-before');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await getWalletBalanceKobo(t.ctx.db, recipient.id)).toBe(100_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('after it acted: never run again, the retry is told it was carried out', async () => {
    const sender = await createUser(t.ctx, { balanceKobo: 500_00 });
    const recipient = await createUser(t.ctx);
    expect((await transfer(sender, recipient, 'cut-after')).status).toBe(200);
    // Committed, then cut off before the answer was kept.
    await cutOff(sender.id, 'cut-after', 3600);
    const retry = await transfer(sender, recipient, 'cut-after');
    expect(retry.status).toBe(409);
    expect(retry.body.msg).toBe(
      'A request with this key was carried out but its answer was lost; find its result in your transaction history',
    );
    expect(await getWalletBalanceKobo(t.ctx.db, recipient.id)).toBe(100_00);
  });

  it('a purchase that debited: the replay rebuilds its answer from the purchase, never buys again', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 500_00 });
    const buy = () =>
      t
        .request()
        .post('/api/v1/buy/airtime')
        .set('x-auth-token', buyer.token)
        .set('Idempotency-Key', 'lost-purchase')
        .send({ network: 1, mobile_number: '08035550123', amount: 100 });
    const first = await buy();
    expect(first.status).toBe(200);
    // Debited and delivered, then cut off before the answer was kept.
    await cutOff(buyer.id, 'lost-purchase', 3);
    const whileRunning = await buy();
    expect(whileRunning.status).toBe(409);
    expect(whileRunning.body.msg).toBe('A request with this key is in progress');

    await cutOff(buyer.id, 'lost-purchase', 3600);
    // The wallet moves on before the retry comes.
    const other = await t
      .request()
      .post('/api/v1/buy/airtime')
      .set('x-auth-token', buyer.token)
      .send({ network: 1, mobile_number: '08035550124', amount: 100 });
    expect(other.status).toBe(200);
    const replay = await buy();
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['idempotent-rebuilt']).toBe('true');
    expect(replay.body).toMatchObject({
      msg: 'Transaction successful',
      receipt: { trans_Id: first.body.receipt.trans_Id, trans_Status: 'success' },
      balance: 401,
    });
    // Rebuilt from an unchanged purchase, it is the first answer byte for byte.
    expect(JSON.stringify(replay.body)).toBe(JSON.stringify(first.body));
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(401_00 - 99_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('a different request with that key is still a mismatch, not a takeover', async () => {
    const sender = await createUser(t.ctx);
    const recipient = await createUser(t.ctx);
    expect((await transfer(sender, recipient, 'cut-other')).status).toBe(400);
    await cutOff(sender.id, 'cut-other', 3600);
    expect((await transfer(sender, recipient, 'cut-other', 250)).status).toBe(422);
  });
});

describe('the claim fences the request that holds it', () => {
  const claimFor = async (user: TestUser, key: string): Promise<KeyClaim> => {
    const claim = await claimIdempotencyKey(t.ctx.db, {
      userId: user.id,
      key,
      route: 'POST /test',
      requestHash: 'h',
      keepHours: 24,
      staleSeconds: 17,
    });
    expect(claim).not.toBeNull();
    return claim!;
  };
  const notificationsSaying = (msg: string) =>
    t.ctx.db.select().from(notifications).where(eq(notifications.msg, msg));

  it('a request whose key a retry took over commits nothing more', async () => {
    const user = await createUser(t.ctx);
    const zombie = await claimFor(user, 'fenced');
    // A retry took the key over (a new claim id) while the first request still ran.
    await t.ctx.db
      .update(idempotencyKeys)
      .set({ claimId: sql`gen_random_uuid()` })
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, 'fenced')));
    await expect(
      runWithClaim(zombie, () =>
        inTransaction(t.ctx.db, (tx) => tx.insert(notifications).values({ msg: 'zombie write' })),
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await notificationsSaying('zombie write')).toEqual([]);
  });

  it('a request that acted keeps its key even when it ends in a 5xx', async () => {
    const user = await createUser(t.ctx);
    const claim = await claimFor(user, 'acted');
    await runWithClaim(claim, () =>
      inTransaction(t.ctx.db, (tx) => tx.insert(notifications).values({ msg: 'acted write' })),
    );
    await releaseIdempotencyKey(t.ctx.db, claim);
    const [row] = await t.ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, 'acted')));
    expect(row?.actedAt).toBeInstanceOf(Date);

    // One that did not act is freed as before.
    const idle = await claimFor(user, 'idle');
    await releaseIdempotencyKey(t.ctx.db, idle);
    const rows = await t.ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, 'idle')));
    expect(rows).toEqual([]);
  });
});
