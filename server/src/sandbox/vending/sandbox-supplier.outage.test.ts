import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { getWalletBalanceKobo } from '../../modules/ledger/ledger.service.ts';
import {
  buyData,
  expectCleanLedger,
  MTN_1GB_SME,
  purchase,
  t,
  useVendingTestApp,
} from '../../modules/vending/vending.test-helpers.ts';
import { classifyAnswer } from '../../providers/vending/husmodata.ts';
import { databaseSandboxBooks } from './sandbox-books.ts';
import { OUTAGE_MESSAGE } from './sandbox-supplier.routes.ts';

useVendingTestApp();

const outage = (who: TestUser, name: string, body: unknown) =>
  t
    .request()
    .post(`/api/v1/admin/sandbox/suppliers/${name}/outage`)
    .set('x-auth-token', who.token)
    .send(body as object);

describe('POST /api/v1/admin/sandbox/suppliers/{name}/outage', () => {
  it('makes the supplier refuse every order as not processed until it is ended; nothing is lost', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const buyer = await createUser(t.ctx, { balanceKobo: 10_000_00 });
    // MTN data goes to ALARO (the default supplier of every network).
    const on = await outage(admin, 'ALARO', { on: true });
    expect(on.status).toBe(200);
    expect(on.body.msg).toBe('Sandbox ALARO is in an outage');
    try {
      const refused = await buyData(buyer, '08031234567');
      expect(refused.status).toBe(400);
      expect(refused.body.receipt.trans_Status).toBe('refunded');
      const row = await purchase(refused.body.receipt.trans_Id);
      expect(row.apiResponse).toContain(OUTAGE_MESSAGE);
      expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(10_000_00);
      // Another supplier is not affected.
      const books = databaseSandboxBooks(t.ctx.db);
      expect(await books.outage('ALARO')).toBe(true);
      expect(await books.outage('GLAD')).toBe(false);
    } finally {
      expect((await outage(admin, 'ALARO', { on: false })).body.msg).toBe('Sandbox ALARO is back');
    }
    const served = await buyData(buyer, '08031234567');
    expect(served.status).toBe(200);
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(
      10_000_00 - MTN_1GB_SME.smartEarner,
    );
    await expectCleanLedger();
  });

  it('is for admins only, and names a known supplier', async () => {
    const agent = await createUser(t.ctx, { isAgent: true });
    const admin = await createUser(t.ctx, { isAdmin: true });
    expect((await outage(agent, 'ALARO', { on: true })).status).toBe(403);
    const unknown = await outage(admin, 'ACME', { on: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('Select a supplier');
    const noFlag = await outage(admin, 'GLAD', {});
    expect(noFlag.status).toBe(400);
    expect(noFlag.body.msg).toBe('Say whether the outage is on (true) or off (false)');
  });
});

describe('the supplier adapter', () => {
  it('reads an outage’s refusal as a definite failure before the order was taken', () => {
    const result = classifyAnswer(
      { status: 400, text: JSON.stringify({ error: [OUTAGE_MESSAGE] }) },
      'order',
      'ALARO',
    );
    expect(result).toMatchObject({ outcome: 'failed', notProcessed: true });
    // A 2xx 'failed' is the supplier's own failure of an order it took: not "not processed".
    const taken = classifyAnswer(
      { status: 200, text: JSON.stringify({ Status: 'failed', id: 7 }) },
      'order',
      'ALARO',
    );
    expect(taken.outcome).toBe('failed');
    expect(taken.notProcessed).toBeUndefined();
  });
});
