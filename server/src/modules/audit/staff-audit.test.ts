import { describe, expect, it } from 'vitest';
import { mountedRoutes } from '../../../test/helpers/mounted-routes.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { t, admin, vendor, customer, send, useStaffAuditApp } from './staff-audit.test-helpers.ts';
import { ACTS, NOT_AUDITED } from './staff-audit.test-acts.ts';

useStaffAuditApp();

describe('the audit log', () => {
  it('covers every mounted staff route that changes something', () => {
    const { routes } = mountedRoutes({ exclude: ['/sandbox'] });
    const staffChanges = routes
      .filter((r) => /^\/api\/v1\/(admin|dataPlan)\//.test(r.path))
      .filter((r) => r.method !== 'get' || r.path.includes('/upgradeUser/'))
      .map((r) => `${r.method} ${r.path}`);
    expect(staffChanges).toContain('post /api/v1/admin/generateCoupon');
    expect(staffChanges.length).toBeGreaterThanOrEqual(23);
    const covered = new Set([...ACTS.map((a) => a.route), ...Object.keys(NOT_AUDITED)]);
    expect(staffChanges.filter((r) => !covered.has(r))).toEqual([]);
    // And the table names no route that is not mounted (a renamed route fails here).
    const mounted = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect([...covered].filter((r) => !mounted.has(r))).toEqual([]);
  });

  it('has a row for every staff act that moves money or changes settings, listed by GET /admin/audit', async () => {
    const missing: string[] = [];
    for (const { action, who, targetType, act } of ACTS) {
      const actor = who();
      const targetId = await act(actor);
      const res = await send(
        admin,
        'get',
        `/admin/audit?action=${encodeURIComponent(action)}&actor=${actor.userName}&targetId=${encodeURIComponent(targetId)}`,
      );
      const entries = res.body.entries as { actor: string; targetType: string }[];
      if (!entries.some((e) => e.actor === actor.userName && e.targetType === targetType)) {
        missing.push(`${action} by ${actor.userName} on ${targetType} ${targetId}`);
      }
    }
    expect(missing).toEqual([]);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('records what an admin transfer and a coupon issue did, in kobo, without the coupon code', async () => {
    const balanceKobo = await getWalletBalanceKobo(t.ctx.db, customer.id);
    await send(admin, 'post', '/auth/transferFund', { userName: customer.userName, amount: 12.5 });
    const transfer = await send(
      admin,
      'get',
      `/admin/audit?action=wallet.admin_transfer&targetId=${customer.id}`,
    );
    expect(transfer.body.entries[0]).toMatchObject({
      actor: admin.userName,
      before: { balanceKobo },
      after: { balanceKobo: balanceKobo + 12_50, amountKobo: 12_50 },
    });

    const issued = await send(vendor, 'post', '/admin/generateCoupon', {
      userAccount: customer.userName,
      amount: 200,
    });
    const list = await send(
      admin,
      'get',
      `/admin/audit?action=coupon.issue&actor=${vendor.userName}`,
    );
    const [entry] = list.body.entries;
    expect(entry).toMatchObject({
      targetType: 'coupon',
      after: {
        ownerId: customer.id,
        ownerUserName: customer.userName,
        amountKobo: 200_00,
        paidBy: 'issuer wallet',
      },
    });
    expect(JSON.stringify(list.body)).not.toContain(issued.body.couponCode);
    // An ordinary user's transfer is no staff act: no audit row.
    await send(customer, 'post', '/auth/transferFund', { userName: vendor.userName, amount: 1 });
    const theirs = await send(admin, 'get', `/admin/audit?actor=${customer.userName}`);
    expect(theirs.body.total).toBe(0);
    expect(await t.ledgerViolations()).toEqual([]);
  });
});
