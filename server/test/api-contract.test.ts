import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ZAcknowledgeAlertResponse,
  ZAdminDashboardResponse,
  ZAlertsResponse,
  ZPendingPurchasesResponse,
  ZReconciliationRunsResponse,
  ZRequeryPurchaseResponse,
  ZSalesChartResponse,
  ZServiceListResponse,
  ZSupplierListResponse,
  ZUssdCodesUpdatedResponse,
  ZUserListResponse,
} from '@vendo/shared/schemas/admin.responses';
import {
  ZAuthResponse,
  ZChangePasswordResponse,
  ZProfileResponse,
  ZTokenValidResponse,
} from '@vendo/shared/schemas/auth.responses';
import {
  ZPlansResponse,
  ZPriceListResponse,
  ZUssdCodesResponse,
} from '@vendo/shared/schemas/catalogue';
import { ZApiError, ZMsgResponse } from '@vendo/shared/schemas/common';
import {
  ZContactDeletedResponse,
  ZContactListResponse,
  ZContactSavedResponse,
} from '@vendo/shared/schemas/contacts.responses';
import {
  ZCouponRedeemResponse,
  ZFeesResponse,
  ZGenerateAccountResponse,
  ZGenerateCouponResponse,
  ZInitiateFundingResponse,
} from '@vendo/shared/schemas/funding.responses';
import {
  ZElectricityPurchaseResponse,
  ZPriceChangedError,
  ZPurchaseResponse,
  ZValidateMeterResponse,
} from '@vendo/shared/schemas/purchase.responses';
import { ZHealthResponse, ZSiteInfo } from '@vendo/shared/schemas/site';
import { ZTransactionListResponse, ZTransactionResponse } from '@vendo/shared/schemas/transaction';
import {
  ZReferralsResponse,
  ZTransferResponse,
  ZUserUpdatedResponse,
  ZValidateUserResponse,
  ZWithdrawEarningResponse,
} from '@vendo/shared/schemas/wallet.responses';
import {
  ZBankCodesResponse,
  ZBeneficiaryChangedResponse,
  ZBeneficiaryListResponse,
  ZRequeryWithdrawalResponse,
  ZValidateAccountResponse,
  ZWithdrawResponse,
} from '@vendo/shared/schemas/withdraw.responses';
import {
  ZWebhookDeliveriesResponse,
  ZWebhookResendResponse,
  ZWebhookSettings,
  ZWebhookSettingsResponse,
} from '@vendo/shared/schemas/webhooks.responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../src/db/schema/index.ts';
import { raiseAlert } from '../src/modules/alerts/alerts.service.ts';
import {
  lagosToday,
  reconcileSuppliers,
} from '../src/modules/vending/supplier-reconciliation.service.ts';
import { createUser, type TestUser } from './factories/user.factory.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The answer schemas in @vendo/shared describe what the server really sends: every route is
 * called here and its body must parse to itself (a field the schema lacks would be stripped, one
 * it has of another type or missing fails the parse). The OpenAPI document and the client's
 * types come from these schemas, so a drift fails here first.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BILLSTACK_SECRET_KEY: 'test_billstack_secret' });
});
afterAll(async () => {
  await t?.close();
});

type TAnswer = { status: number; body: unknown };

/** The body is exactly what `schema` describes, and the status is the one expected. */
const expectWire = (answer: TAnswer, schema: z.ZodType, status = 200) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) {
    throw new Error(`${z.prettifyError(parsed.error)}\nin ${JSON.stringify(answer.body)}`);
  }
  expect(parsed.data).toEqual(answer.body);
};

const get = (path: string, user?: TestUser) => {
  const request = t.request().get(`/api/v1${path}`);
  return user ? request.set('x-auth-token', user.token) : request;
};
const send = (method: 'post' | 'patch' | 'delete', path: string, user?: TestUser, body = {}) => {
  const request = t.request()[method](`/api/v1${path}`);
  return (user ? request.set('x-auth-token', user.token) : request).send(body);
};

const buyData = (user: TestUser, phone: string) =>
  send('post', '/buy/data', user, { network: 1, mobile_number: phone, plan: '2' });

describe('the answer schemas of @vendo/shared', () => {
  it('describe the auth answers', async () => {
    const name = `wire_${Date.now().toString(36)}`;
    const registered = await send('post', '/auth/register', undefined, {
      userName: name,
      email: `${name}@example.test`,
      phoneNumber: `070${String(Date.now()).slice(-8)}`,
      password: 'Secret#123',
      passwordCheck: 'Secret#123',
    });
    expectWire(registered, ZAuthResponse, 201);
    const login = await send('post', '/auth/login', undefined, {
      userName: name,
      password: 'Secret#123',
    });
    expectWire(login, ZAuthResponse);
    const me = { token: login.body.token as string } as TestUser;
    expectWire(await get('/auth', me), ZProfileResponse);
    expectWire(await send('post', '/auth/isTokenValid', me), ZTokenValidResponse);
    expectWire(
      await send('post', '/auth/requestPasswordReset', undefined, {
        email: `${name}@example.test`,
      }),
      ZMsgResponse,
    );
    expectWire(
      await send('post', '/auth/changepassword', me, {
        oldPassword: 'Secret#123',
        newPassword: 'Secret#456',
        newPasswordCheck: 'Secret#456',
      }),
      ZChangePasswordResponse,
    );
  });

  it('describe the catalogue, site and health answers', async () => {
    const user = await createUser(t.ctx);
    expectWire(await get('/prices'), ZPriceListResponse);
    const plans = await send('post', '/prices', user, { network: 'MTN' });
    expectWire(plans, ZPlansResponse);
    expect(plans.body).not.toHaveLength(0);
    expectWire(await get('/ussd'), ZUssdCodesResponse);
    expectWire(await get('/site'), ZSiteInfo);
    expectWire(await get('/health'), ZHealthResponse);
  });

  it('describe the purchase answers: success, pending, refunded, electricity and the receipt', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 20_000_00 });
    const bought = await buyData(user, '08031234567');
    expectWire(bought, ZPurchaseResponse);
    expectWire(await buyData(user, '08031231111'), ZPurchaseResponse, 202);
    const refunded = await buyData(user, '08031230000');
    expectWire(refunded, ZPurchaseResponse, 400);
    expect(refunded.body.code).toBe('PURCHASE_FAILED');
    expectWire(
      await send('post', '/buy/airtime', user, {
        network: 1,
        mobile_number: '08031234567',
        amount: 200,
      }),
      ZPurchaseResponse,
    );
    const meter = { meterNumber: '1234567890', meterId: 18, meterType: 'prepaid' };
    expectWire(await send('post', '/buy/validateMeter', user, meter), ZValidateMeterResponse);
    const electricity = await send('post', '/buy/electricity', user, { ...meter, amount: 1000 });
    expectWire(electricity, ZElectricityPurchaseResponse);
    expect(electricity.body.receipt.details).toBeDefined();
    const priceChanged = await send('post', '/buy/data', user, {
      network: 1,
      mobile_number: '08031234567',
      plan: '2',
      expectedAmount: 1,
    });
    expectWire(priceChanged, ZPriceChangedError, 409);

    expectWire(await get(`/transaction/${bought.body.receipt._id}`, user), ZTransactionResponse);
    const history = await get('/transaction?type=all', user);
    expectWire(history, ZTransactionListResponse);
    expect(history.body.noOfTransaction).toBeGreaterThan(3);
    const profile = await get('/auth', user);
    expectWire(profile, ZProfileResponse);
    expect(profile.body.transactions.length).toBeGreaterThan(3);
  });

  it('describe the contact answers', async () => {
    const user = await createUser(t.ctx);
    const saved = await send('post', '/auth/contact', user, {
      contactName: 'Mum',
      contactNumber: '08051234567',
      contactNetwork: 'GLO',
    });
    expectWire(saved, ZContactSavedResponse, 201);
    expectWire(await get('/auth/contact', user), ZContactListResponse);
    const id = saved.body.contact._id as string;
    expectWire(
      await send('patch', `/auth/contact/${id}`, user, { contactName: 'Mother' }),
      ZContactSavedResponse,
    );
    expectWire(await send('delete', `/auth/contact/${id}`, user), ZContactDeletedResponse);
  });

  it('describe the wallet answers: transfer, KYC, upgrade, referrals and earnings', async () => {
    const referrer = await createUser(t.ctx);
    const admin = await createUser(t.ctx, { isAdmin: true });
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const name = `ref_${Date.now().toString(36)}`;
    const registered = await send('post', '/auth/register', undefined, {
      userName: name,
      email: `${name}@example.test`,
      phoneNumber: `081${String(Date.now()).slice(-8)}`,
      password: 'Secret#123',
      passwordCheck: 'Secret#123',
      referredBy: referrer.userName,
    });
    const referred = { token: registered.body.token as string } as TestUser;

    expectWire(await get(`/auth/validateUser/${name}`, user), ZValidateUserResponse);
    expectWire(
      await send('post', '/auth/transferFund', user, { userName: name, amount: 1500 }),
      ZTransferResponse,
    );
    // An admin's transfer comes from the house: its receipt is the recipient's side.
    expectWire(
      await send('post', '/auth/transferFund', admin, { userName: user.userName, amount: 10 }),
      ZTransferResponse,
    );
    expectWire(
      await send('post', '/auth/updateKyc', user, { nin: '12345678901' }),
      ZUserUpdatedResponse,
    );
    expectWire(
      await send('patch', `/auth/user/${registered.body.user._id}`, referred, {
        userType: 'reseller',
      }),
      ZUserUpdatedResponse,
    );
    expectWire(await get('/auth/referral?page=1', referrer), ZReferralsResponse);
    expectWire(await send('post', '/auth/withdrawEarning', referrer), ZWithdrawEarningResponse);
  });

  it('describe the funding answers: coupons, checkout, reserved accounts and fees', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const user = await createUser(t.ctx);
    const coupon = await send('post', '/admin/generateCoupon', admin, {
      userAccount: user.userName,
      amount: 700,
    });
    expectWire(coupon, ZGenerateCouponResponse, 201);
    expectWire(
      await send('post', '/fundWallet/coupon', user, {
        userName: user.userName,
        coupon: coupon.body.couponCode,
      }),
      ZCouponRedeemResponse,
    );
    const checkout = await send('post', '/fundWallet/squad/initiate', user, {
      amount: 1000,
      email: user.email,
    });
    expectWire(checkout, ZInitiateFundingResponse);
    expectWire(await get('/auth/generateAcc', user), ZGenerateAccountResponse);
    expectWire(
      await send('post', '/generateAcc', user, { bankName: '9psb' }),
      ZGenerateAccountResponse,
    );
    expectWire(await get('/admin/fees', admin), ZFeesResponse);
    expectWire(await send('post', '/admin/fees', admin, { fundPageFeePercent: 1 }), ZMsgResponse);
    const ref = decodeURIComponent(String(checkout.body.link).split('/').pop()!);
    const [funding] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.reference, ref));
    expectWire(await send('post', `/admin/requeryFunding/${funding!.id}`, admin), ZMsgResponse);
  });

  it('describe the withdrawal answers', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const account = { bankCode: '000013', accountNumber: '0123456789' };
    expectWire(await get('/withdraw/bankCodes', user), ZBankCodesResponse);
    expectWire(await send('post', '/withdraw/validate', user, account), ZValidateAccountResponse);
    const added = await send('post', '/withdraw/beneficiary', user, account);
    expectWire(added, ZBeneficiaryChangedResponse, 201);
    expectWire(await get('/withdraw/beneficiary', user), ZBeneficiaryListResponse);
    const paid = await send('post', '/withdraw', user, { ...account, amount: 1000 });
    expectWire(paid, ZWithdrawResponse);
    expectWire(
      await send('post', '/admin/reQueryWithdrawal', admin, {
        transactionId: paid.body.receipt._id,
      }),
      ZRequeryWithdrawalResponse,
    );
    expectWire(
      await send('delete', `/withdraw/beneficiary/${added.body.beneficiaryList[0]._id}`, user),
      ZBeneficiaryChangedResponse,
    );
  });

  it('describe the staff answers', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const pending = await buyData(user, '08031232222');
    expect(pending.status).toBe(202);
    await raiseAlert(t.ctx, 'test', 'A purchase needs a look', pending.body.receipt._id);

    expectWire(await get('/admin/users?page=1', admin), ZUserListResponse);
    expectWire(await get('/admin/pending', admin), ZPendingPurchasesResponse);
    expectWire(await get('/admin/alerts', admin), ZAlertsResponse);
    const alerts = await get('/admin/alerts?open=true', admin);
    expectWire(alerts, ZAlertsResponse);
    expectWire(
      await send('post', `/admin/alerts/${alerts.body.alerts[0].id}/acknowledge`, admin),
      ZAcknowledgeAlertResponse,
    );
    expectWire(
      await send('post', `/admin/alerts/${alerts.body.alerts[0].id}/acknowledge`, admin),
      ZApiError,
      409,
    );
    expectWire(await get('/admin/', admin), ZAdminDashboardResponse);
    expectWire(await get('/admin/salesChart?days=7', admin), ZSalesChartResponse);
    expectWire(await get('/admin/users?search=a&type=reseller', admin), ZUserListResponse);
    expectWire(
      await send('post', `/admin/requery/${pending.body.receipt._id}`, admin),
      ZRequeryPurchaseResponse,
    );
    const refund = await send('post', `/admin/refund/${pending.body.receipt._id}`, admin);
    expectWire(refund, refund.status === 200 ? ZMsgResponse : ZApiError, refund.status);
    expectWire(await get('/admin/supplier', admin), ZSupplierListResponse);
    expectWire(
      await send('post', '/admin/supplier', admin, { network: 'MTN', supplierName: 'ALARO' }),
      ZMsgResponse,
    );
    expectWire(await get('/admin/checkServices', admin), ZServiceListResponse);
    expectWire(
      await send('post', '/admin/updateServices', admin, {
        serviceName: 'data',
        serviceStatus: true,
      }),
      ZMsgResponse,
    );
    expectWire(
      await send('post', '/admin/ussd', admin, {
        category: 'data',
        label: 'GLO data',
        code: '*323#',
      }),
      ZUssdCodesUpdatedResponse,
    );
    expectWire(
      await send('post', '/admin/sandbox/float', admin, { supplier: 'ALARO', amount: 1000 }),
      ZMsgResponse,
    );
    // A delivered purchase its supplier then reverses: the run finds one mismatch and a float.
    expect((await buyData(user, '08031236666')).status).toBe(200);
    await reconcileSuppliers(t.ctx, lagosToday());
    const runs = await get('/admin/reconcileSuppliers', admin);
    expectWire(runs, ZReconciliationRunsResponse);
    expect(runs.body.runs[0].mismatches.length).toBeGreaterThan(0);
  });

  it('describe the webhook settings answers', async () => {
    const user = await createUser(t.ctx, { userType: 'api user', balanceKobo: 1_000_00 });
    expectWire(await get('/auth/webhook', user), ZWebhookSettings);
    expectWire(
      await send('post', '/auth/updateWebhook', user, { webhookUrl: 'https://8.8.8.8/hooks' }),
      ZWebhookSettingsResponse,
    );
    expectWire(await send('post', '/auth/webhookSecret', user), ZWebhookSettingsResponse);
    expectWire(await get('/auth/webhook', user), ZWebhookSettings);
    expect((await buyData(user, '08031234567')).status).toBe(200);
    const log = await get('/auth/webhookDeliveries', user);
    expectWire(log, ZWebhookDeliveriesResponse);
    const [event] = (log.body as { events: { _id: string }[] }).events;
    expectWire(
      await send('post', `/auth/webhookEvents/${event!._id}/resend`, user),
      ZWebhookResendResponse,
    );
    expectWire(
      await send('post', '/auth/updateWebhook', user, { webhookUrl: '' }),
      ZWebhookSettingsResponse,
    );
  });

  it('describe the error answers', async () => {
    const user = await createUser(t.ctx);
    expectWire(await get('/nowhere'), ZApiError, 404);
    expectWire(await get('/auth'), ZApiError, 401);
    expectWire(await send('post', '/auth/transferFund', user, { amount: 1 }), ZApiError, 400);
    expectWire(await get('/admin/users', user), ZApiError, 403);
  });
});
