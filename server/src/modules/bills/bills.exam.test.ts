import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.ts';
import { createUser } from '../../../test/factories/user.factory.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import {
  expectCleanLedger,
  purchase,
  reconcileUntilSettled,
  t,
  useVendingTestApp,
} from '../vending/vending.test-helpers.ts';
import { openSecret } from '../../lib/secret-box.ts';
import { buyPins, get, post, setServiceOpen } from './bills.test-helpers.ts';
import { resealExamPins } from './exam-pin-rotation.ts';
import { EXAM_PIN_PURPOSE } from './exam-pins.ts';

useVendingTestApp();

type Pin = { pin: string; serial: string | null };

/** Every text the database holds for a purchase: its row and the stored idempotent answers. */
const storedText = async (reference: string) => {
  const rows = await queryRows<{ text: string }>(
    t.ctx.db,
    sql`select row_to_json(t)::text as text from transactions t where reference = ${reference}
        union all select coalesce(response_body::text, '') from idempotency_keys`,
  );
  return rows.map((r) => r.text).join('\n');
};

describe('GET /api/v1/exam/products', () => {
  it('lists the PINs on sale at the caller’s tier, JAMB needing a profile', async () => {
    const user = await createUser(t.ctx, {});
    const res = await get(user, '/exam/products');
    expect(res.status).toBe(200);
    expect(res.body.products).toContainEqual({
      code: 'waec',
      name: 'WAEC result checker PIN',
      amount: 4_000,
      needsProfile: false,
    });
    expect(res.body.products.find((p: { code: string }) => p.code === 'jamb-utme')).toMatchObject({
      needsProfile: true,
    });
    await setServiceOpen('neco', false);
    try {
      const paused = await get(user, '/exam/products');
      expect(paused.body.products.map((p: { code: string }) => p.code)).not.toContain('neco');
      const refused = await buyPins(user, { product: 'neco' });
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe(
        'NECO result token sales are paused at the moment. Please try again later.',
      );
    } finally {
      await setServiceOpen('neco', true);
    }
  });
});

describe('POST /api/v1/buy/exam', () => {
  it('delivers WAEC PINs to their owner only: encrypted at rest, masked for staff, 404 for others', async () => {
    const owner = await createUser(t.ctx, { balanceKobo: 20_000_00 });
    const res = await buyPins(owner, { product: 'waec', quantity: 2 });
    expect(res.status).toBe(200);
    expect(res.body.receipt).toMatchObject({
      trans_Type: 'exam',
      trans_Network: 'WAEC result checker PIN × 2',
      trans_amount: 8_000,
      details: { product: 'waec', quantity: 2 },
    });
    const pins: Pin[] = res.body.receipt.pins;
    expect(pins).toHaveLength(2);
    for (const p of pins) expect(p.pin).toMatch(/^\d{12}$/);
    expect(await getWalletBalanceKobo(t.ctx.db, owner.id)).toBe(20_000_00 - 8_000_00);

    // The owner sees them again: the receipt, and the history.
    const id = res.body.receipt._id;
    const again = await get(owner, `/transaction/${id}`);
    expect(again.body.transaction.pins).toEqual(pins);
    const list = await get(owner, '/transaction?type=exam');
    expect(list.status).toBe(200);
    expect(list.body.transactions[0].pins).toEqual(pins);

    // Anyone else: a 404; staff: masked.
    const stranger = await createUser(t.ctx, {});
    expect((await get(stranger, `/transaction/${id}`)).status).toBe(404);
    const admin = await createUser(t.ctx, { isAdmin: true });
    const staffView = await get(admin, `/transaction/${id}`);
    expect(staffView.status).toBe(200);
    expect(staffView.body.transaction.pins).toEqual(
      pins.map((p) => ({ pin: `••••••${p.pin.slice(-4)}`, serial: p.serial })),
    );
    expect(JSON.stringify(staffView.body)).not.toContain(pins[0]!.pin);

    // At rest: neither the row (details, the supplier's answer) nor a stored answer has a PIN.
    const stored = await storedText(res.body.receipt.trans_Id);
    for (const p of pins) expect(stored).not.toContain(p.pin);
    expect(stored).toContain('sealedPins');
    await expectCleanLedger();
  });

  it('replays an Idempotency-Key with the PINs rebuilt from the sealed receipt, never stored in clear', async () => {
    const owner = await createUser(t.ctx, { balanceKobo: 20_000_00 });
    const send = () =>
      t
        .request()
        .post('/api/v1/buy/exam')
        .set('x-auth-token', owner.token)
        .set('Idempotency-Key', `exam-${owner.id}`)
        .send({ product: 'nabteb', quantity: 1, phone: '08031234567' });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.receipt.pins).toEqual(first.body.receipt.pins);
    const stored = await storedText(first.body.receipt.trans_Id);
    expect(stored).not.toContain(first.body.receipt.pins[0].pin);
    expect(await getWalletBalanceKobo(t.ctx.db, owner.id)).toBe(20_000_00 - 1_100_00);
  });

  it('refuses JAMB without a verified profile, and sells it with one', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 20_000_00 });
    const without = await buyPins(user, { product: 'jamb-utme' });
    expect(without.status).toBe(400);
    expect(without.body.msg).toBe("Verify the candidate's JAMB profile first");
    const invalid = await post(user, '/exam/verify', {
      product: 'jamb-utme',
      profileId: '1234560000',
    });
    expect(invalid.status).toBe(400);
    const verified = await post(user, '/exam/verify', {
      product: 'jamb-utme',
      profileId: '0123456789',
    });
    expect(verified.status).toBe(200);
    expect(verified.body.candidateName).toBe('TEST CANDIDATE');
    const other = await createUser(t.ctx, { balanceKobo: 20_000_00 });
    const stolen = await buyPins(other, { product: 'jamb-utme', quoteId: verified.body.quoteId });
    expect(stolen.status).toBe(404);
    const wrongKind = await buyPins(user, { product: 'jamb-de', quoteId: verified.body.quoteId });
    expect(wrongKind.status).toBe(400);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(20_000_00);
    const res = await buyPins(user, { product: 'jamb-utme', quoteId: verified.body.quoteId });
    expect(res.status).toBe(200);
    expect(res.body.receipt).toMatchObject({
      trans_Network: 'JAMB UTME PIN',
      trans_amount: 7_800,
      details: { profileId: '0123456789', customerName: 'TEST CANDIDATE' },
    });
    expect(res.body.receipt.pins[0].pin).toMatch(/^\d{16}$/);
  });

  it('holds 1111 pending and delivers the PINs on re-query; refunds 2222 once when it fails', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 20_000_00 });
    const slow = await buyPins(user, { product: 'waec', phone: '08031231111' });
    expect(slow.status).toBe(202);
    expect(slow.body.receipt.pins).toBeUndefined();
    const delivered = await reconcileUntilSettled(slow.body.receipt.trans_Id);
    expect(delivered.status).toBe('success');
    const receipt = await get(user, `/transaction/${slow.body.receipt._id}`);
    expect(receipt.body.transaction.pins).toHaveLength(1);
    expect(delivered.apiResponse).not.toContain(receipt.body.transaction.pins[0].pin);

    const failing = await buyPins(user, { product: 'waec', phone: '08031232222' });
    expect(failing.status).toBe(202);
    const refunded = await reconcileUntilSettled(failing.body.receipt.trans_Id);
    expect(refunded.status).toBe('refunded');
    await reconcileUntilSettled(failing.body.receipt.trans_Id, 2);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(20_000_00 - 4_000_00);
    expect((await purchase(failing.body.receipt.trans_Id)).status).toBe('refunded');
    await expectCleanLedger();
  });

  it('refuses a quantity out of range with a 400 and charges nothing', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 20_000_00 });
    const res = await buyPins(user, { product: 'waec', quantity: 11 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Enter how many PINs (1 to 10)');
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(20_000_00);
  });
});

describe('rotating JWT_SECRET', () => {
  it('seals exam PINs again under the new secret, so the owner keeps them', async () => {
    const owner = await createUser(t.ctx, { balanceKobo: 20_000_00 });
    const res = await buyPins(owner, { product: 'neco', quantity: 2 });
    expect(res.status).toBe(200);
    const NEW_SECRET = 'the-new-server-secret-the-new-server-secret-42';
    const keys = { current: NEW_SECRET, previous: t.ctx.jwtSecret };
    expect(await resealExamPins(t.ctx.db, keys)).toBeGreaterThanOrEqual(1);
    expect(await resealExamPins(t.ctx.db, keys)).toBe(0);
    const sealed = (await purchase(res.body.receipt.trans_Id)).details!.sealedPins as string;
    expect(openSecret(t.ctx.jwtSecret, EXAM_PIN_PURPOSE, sealed)).toBeNull();
    expect(JSON.parse(openSecret(NEW_SECRET, EXAM_PIN_PURPOSE, sealed)!)).toEqual(
      res.body.receipt.pins,
    );
  });
});
