import { eq, sql } from 'drizzle-orm';
import { coupons, transactions } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import {
  t,
  admin,
  agent,
  vendor,
  customer,
  send,
  buyData,
  addPlan,
  type StaffAct,
} from './staff-audit.test-helpers.ts';
import { BILLS_ACTS } from './staff-audit.test-acts-bills.ts';

/**
 * Every act a staff member (admin, agent, coupon vendor) can do through the API that moves money
 * or changes settings, the catalogue, roles, users, services, suppliers, USSD codes,
 * notifications, fees, prices or mail.
 */
export const ACTS: StaffAct[] = [
  {
    action: 'wallet.admin_transfer',
    route: 'post /api/v1/auth/transferFund',
    who: () => admin,
    targetType: 'user',
    act: async (who) => {
      await send(who, 'post', '/auth/transferFund', { userName: customer.userName, amount: 50 });
      return customer.id;
    },
  },
  ...[() => admin, () => vendor].map((who): StaffAct => ({
    action: 'coupon.issue',
    route: 'post /api/v1/admin/generateCoupon',
    who,
    targetType: 'coupon',
    act: async (issuer) => {
      const res = await send(issuer, 'post', '/admin/generateCoupon', {
        userAccount: customer.userName,
        amount: 100,
      });
      const [coupon] = await t.ctx.db
        .select()
        .from(coupons)
        .where(eq(coupons.code, res.body.couponCode as string));
      return coupon!.id;
    },
  })),
  {
    action: 'purchase.reverse_delivered',
    route: 'post /api/v1/admin/refund/{id}',
    who: () => admin,
    targetType: 'transaction',
    act: async (who) => {
      const id = await buyData('08031234567');
      await send(who, 'post', `/admin/refund/${id}`, { reason: 'The customer got nothing' });
      return id;
    },
  },
  ...[
    ['agent', () => agent, 'refund'],
    ['admin', () => admin, 'requery'],
  ].map(([, who, route]): StaffAct => ({
    action: 'purchase.refund',
    route: `post /api/v1/admin/${route as string}/{id}`,
    who: who as () => TestUser,
    targetType: 'transaction',
    act: async (staff) => {
      // 2222: pending, then the supplier says failed on re-query.
      const id = await buyData('08031232222');
      await send(staff, 'post', `/admin/${route as string}/${id}`, {});
      return id;
    },
  })),
  {
    action: 'funding.credit',
    route: 'post /api/v1/admin/requeryFunding/{id}',
    who: () => agent,
    targetType: 'transaction',
    act: async (who) => {
      const res = await send(customer, 'post', '/fundWallet/squad/initiate', {
        amount: 1000,
        email: customer.email,
      });
      const ref = decodeURIComponent(String(res.body.link).split('/').pop()!);
      await t.ctx.db.execute(
        sql`update sandbox_payments set status = 'Success' where reference = ${ref}`,
      );
      const [row] = await t.ctx.db
        .select()
        .from(transactions)
        .where(eq(transactions.reference, ref));
      await send(who, 'post', `/admin/requeryFunding/${row!.id}`, {});
      return row!.id;
    },
  },
  {
    action: 'withdrawal.refund',
    route: 'post /api/v1/admin/reQueryWithdrawal',
    who: () => admin,
    targetType: 'transaction',
    act: async (who) => {
      // 2222: the payout is pending, then the provider says failed on re-query.
      const res = await send(customer, 'post', '/withdraw', {
        bankCode: '000013',
        accountNumber: '0123452222',
        amount: 1000,
      });
      await send(who, 'post', '/admin/reQueryWithdrawal', { transactionId: res.body.receipt._id });
      return res.body.receipt._id as string;
    },
  },
  {
    action: 'user.tier',
    route: 'get /api/v1/admin/upgradeUser/{userId}/{userType}',
    who: () => admin,
    targetType: 'user',
    act: async (who) => {
      const user = await createUser(t.ctx);
      await send(who, 'get', `/admin/upgradeUser/${user.id}/reseller`);
      return user.id;
    },
  },
  {
    action: 'user.role.agent',
    route: 'post /api/v1/admin/roles',
    who: () => admin,
    targetType: 'user',
    act: async (who) => {
      const user = await createUser(t.ctx);
      await send(who, 'post', '/admin/roles', { userId: user.id, role: 'agent', enabled: true });
      return user.id;
    },
  },
  {
    action: 'user.role.coupon_vendor',
    route: 'post /api/v1/admin/roles',
    who: () => admin,
    targetType: 'user',
    act: async (who) => {
      const user = await createUser(t.ctx);
      await send(who, 'post', '/admin/roles', {
        userId: user.id,
        role: 'coupon vendor',
        enabled: true,
      });
      return user.id;
    },
  },
  {
    action: 'user.password_reset',
    route: 'post /api/v1/admin/resetUserPassword',
    who: () => admin,
    targetType: 'user',
    act: async (who) => {
      const user = await createUser(t.ctx);
      await send(who, 'post', '/admin/resetUserPassword', { userId: user.id });
      return user.id;
    },
  },
  {
    action: 'plan.add',
    route: 'post /api/v1/dataPlan/add',
    who: () => admin,
    targetType: 'data_plan',
    act: async () => (await addPlan())._id,
  },
  {
    action: 'plan.update',
    route: 'patch /api/v1/dataPlan/update',
    who: () => admin,
    targetType: 'data_plan',
    act: async (who) => {
      const plan = await addPlan();
      await send(who, 'patch', '/dataPlan/update', {
        _id: plan._id,
        planNetwork: 'GLO',
        planName: '7GB',
        planType: plan.planType,
        planVolumeRatio: 7,
        planValidity: '14 days',
        planId: plan.planId,
        smartEarnerPrice: 2000,
        resellerPrice: 1950,
        apiPrice: 1900,
      });
      return plan._id;
    },
  },
  {
    action: 'plan.delete',
    route: 'delete /api/v1/dataPlan/delete',
    who: () => admin,
    targetType: 'data_plan',
    act: async (who) => {
      const plan = await addPlan();
      await send(who, 'delete', `/dataPlan/delete?planId=${plan._id}`);
      return plan._id;
    },
  },
  ...[() => admin, () => agent].map((who): StaffAct => ({
    action: 'plan.price',
    route: 'post /api/v1/admin/updatePrice',
    who,
    targetType: 'data_plan',
    act: async (staff) => {
      const plan = await addPlan();
      await send(staff, 'post', '/admin/updatePrice', {
        dataId: plan._id,
        newPrice: { price: 2100 },
      });
      return plan._id;
    },
  })),
  {
    action: 'network.cost_price',
    route: 'post /api/v1/admin/costPrice',
    who: () => admin,
    targetType: 'network',
    act: async (who) => {
      await send(who, 'post', '/admin/costPrice', { network: 'AIRTEL', costPrice: 260 });
      return 'AIRTEL';
    },
  },
  {
    action: 'network.supplier',
    route: 'post /api/v1/admin/supplier',
    who: () => admin,
    targetType: 'network',
    act: async (who) => {
      await send(who, 'post', '/admin/supplier', { network: 'GLO', supplierName: 'GLAD' });
      return 'GLO';
    },
  },
  {
    action: 'supplier.health',
    route: 'post /api/v1/admin/supplier/health',
    who: () => admin,
    targetType: 'supplier_breaker',
    act: async (who) => {
      // Closed: GLAD keeps taking data whatever it measures (the other acts buy from ALARO).
      await send(who, 'post', '/admin/supplier/health', {
        supplier: 'GLAD',
        product: 'data',
        force: 'closed',
      });
      return 'GLAD:data';
    },
  },
  {
    action: 'service.status',
    route: 'post /api/v1/admin/updateServices',
    who: () => admin,
    targetType: 'service',
    act: async (who) => {
      await send(who, 'post', '/admin/updateServices', {
        serviceName: 'electricity',
        serviceStatus: false,
      });
      return 'electricity';
    },
  },
  {
    action: 'ussd.add',
    route: 'post /api/v1/admin/ussd',
    who: () => admin,
    targetType: 'ussd_code',
    act: async (who) => {
      const res = await send(who, 'post', '/admin/ussd', {
        category: 'data',
        label: 'Audit',
        code: '*999#',
      });
      const added = (res.body.ussdCodes as { id: number; label: string }[]).find(
        (c) => c.label === 'Audit',
      );
      return String(added!.id);
    },
  },
  {
    action: 'ussd.update',
    route: 'post /api/v1/admin/ussd',
    who: () => admin,
    targetType: 'ussd_code',
    act: async (who) => {
      const res = await send(who, 'post', '/admin/ussd', {
        category: 'airtime',
        label: 'Audit 2',
        code: '*998#',
      });
      const added = (res.body.ussdCodes as { id: number; label: string }[]).find(
        (c) => c.label === 'Audit 2',
      );
      await send(who, 'post', '/admin/ussd', {
        id: added!.id,
        category: 'airtime',
        label: 'Audit 2',
        code: '*997#',
      });
      return String(added!.id);
    },
  },
  ...[() => admin, () => agent].map((who): StaffAct => ({
    action: 'notification.publish',
    route: 'post /api/v1/admin/notification',
    who,
    targetType: 'notification',
    act: async (staff) =>
      String((await send(staff, 'post', '/admin/notification', { msg: 'Hello' })).body.id),
  })),
  {
    action: 'fees.update',
    route: 'post /api/v1/admin/fees',
    who: () => admin,
    targetType: 'settings',
    act: async (who) => {
      await send(who, 'post', '/admin/fees', { fundPageFeePercent: 1.5 });
      return 'funding_fees';
    },
  },
  {
    action: 'mail.send',
    route: 'post /api/v1/admin/sendMail',
    who: () => admin,
    targetType: 'user',
    act: async (who) => {
      await send(who, 'post', '/admin/sendMail', {
        subject: 'Hello',
        message: 'A word from us',
        userAccount: customer.userName,
      });
      return customer.id;
    },
  },
  {
    action: 'alert.acknowledge',
    route: 'post /api/v1/admin/alerts/{id}/acknowledge',
    who: () => admin,
    targetType: 'alert',
    act: async (who) => {
      await raiseAlert(t.ctx, 'audit_test', 'Look at this');
      const open = await send(who, 'get', '/admin/alerts?open=true');
      const alert = (open.body.alerts as { id: number; kind: string }[]).find(
        (a) => a.kind === 'audit_test',
      );
      await send(who, 'post', `/admin/alerts/${alert!.id}/acknowledge`, {});
      return String(alert!.id);
    },
  },
  ...BILLS_ACTS,
];

/** Staff routes that change something yet are no audited act, and why. */
export const NOT_AUDITED: Record<string, string> = {
  'post /api/v1/admin/reconcileSuppliers':
    'compares the suppliers’ books; changes no money or setting',
  'post /api/v1/admin/sandbox/float': 'tops up a simulated supplier in the sandbox; no real money',
  'post /api/v1/admin/sandbox/suppliers/{name}/outage':
    'puts a simulated supplier in the sandbox into an outage; no real supplier or money',
  'post /api/v1/admin/notification/seen': 'any user marking the notice read',
};
