import { eq } from 'drizzle-orm';
import type { TestUser } from '../../../test/factories/user.factory.ts';
import { billsServices } from '../../db/schema/index.ts';
import { t } from '../vending/vending.test-helpers.ts';

/** The sandbox VTpass's documented DStv smartcard: TEST SMARTCARD, on DStv Compact (₦19,000). */
export const DSTV_CARD = '1212121212';
/** DStv Compact: supplier ₦19,000; smart earner ₦19,100, reseller ₦19,070, API ₦19,050. */
export const COMPACT = { cost: 19_000_00, smartEarner: 19_100_00, reseller: 19_070_00 };

export const post = (user: TestUser, path: string, body: Record<string, unknown>) =>
  t.request().post(`/api/v1${path}`).set('x-auth-token', user.token).send(body);

export const get = (user: TestUser, path: string) =>
  t.request().get(`/api/v1${path}`).set('x-auth-token', user.token);

export const verifyCard = (user: TestUser, smartcardNumber: string, provider = 'dstv') =>
  post(user, '/cable/verify', { provider, smartcardNumber });

export const renew = (
  user: TestUser,
  smartcardNumber: string,
  quoteId: string,
  extra: Record<string, unknown> = {},
) =>
  post(user, '/buy/cable', {
    provider: 'dstv',
    smartcardNumber,
    phone: '08031234567',
    subscriptionType: 'renew',
    quoteId,
    ...extra,
  });

export const buyPins = (user: TestUser, body: Record<string, unknown>) =>
  post(user, '/buy/exam', { phone: '08031234567', quantity: 1, ...body });

export const setServiceOpen = (serviceId: string, isOpen: boolean) =>
  t.ctx.db.update(billsServices).set({ isOpen }).where(eq(billsServices.serviceId, serviceId));
