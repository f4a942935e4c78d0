import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { getWalletBalanceKobo } from '../modules/ledger/ledger.service.ts';
import { findUserByUserName } from '../modules/users/users.repository.ts';
import { seedDemoUsers } from './demo-users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('seedDemoUsers', () => {
  it('creates the demo accounts with their opening balances, once however often it runs', async () => {
    const first = await seedDemoUsers(t.ctx.db, t.ctx.config);
    const again = await seedDemoUsers(t.ctx.db, t.ctx.config);
    expect(again).toEqual(first);
    expect(first.map((l) => l.userName)).toEqual([
      'demo_admin',
      'demo_agent',
      'demo_reseller',
      'demo_user',
    ]);
    const balance = async (userName: string) =>
      getWalletBalanceKobo(t.ctx.db, (await findUserByUserName(t.ctx.db, userName))!.id);
    expect(await balance('demo_reseller')).toBe(50_000_00);
    expect(await balance('demo_user')).toBe(5_000_00);
    expect(await balance('demo_admin')).toBe(0);
    expect(await t.ledgerViolations()).toEqual([]);
  });
});
