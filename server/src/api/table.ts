import { adminRoutes } from '../modules/admin/admin.routes.ts';
import { alertRoutes } from '../modules/alerts/alerts.routes.ts';
import { apiTokenRoutes } from '../modules/api-tokens/api-tokens.routes.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { billsAdminRoutes, billsStatusRoutes } from '../modules/catalogue/bills.routes.ts';
import { catalogueRoutes } from '../modules/catalogue/catalogue.routes.ts';
import { planRoutes, priceAdminRoutes } from '../modules/catalogue/plans.routes.ts';
import { contactRoutes } from '../modules/contacts/contacts.routes.ts';
import { couponRoutes } from '../modules/funding/coupon.routes.ts';
import { fundingRoutes, webhookRoutes } from '../modules/funding/funding.routes.ts';
import { mailRoutes } from '../modules/mail/mail-campaigns.routes.ts';
import { notificationRoutes } from '../modules/notifications/notifications.routes.ts';
import { transactionRoutes } from '../modules/transactions/transactions.routes.ts';
import { adminVendingRoutes } from '../modules/vending/admin-vending.routes.ts';
import { vendingRoutes } from '../modules/vending/vending.routes.ts';
import { billsRoutes } from '../modules/bills/bills.routes.ts';
import { bulkRoutes } from '../modules/bulk/bulk.routes.ts';
import { withdrawRoutes } from '../modules/withdraw/withdraw.routes.ts';
import { openApiRoutes } from '../openapi/openapi.routes.ts';
import { serviceRoutes } from '../web/service.routes.ts';
import { referralRoutes } from '../modules/referrals/referrals.routes.ts';
import { transferRoutes } from '../modules/transfers/transfer.routes.ts';
import { kycRoutes } from '../modules/users/kyc.routes.ts';
import { webhookSettingsRoutes } from '../modules/webhooks/webhooks.routes.ts';
import type { AnyRoute } from './route.ts';

/**
 * Every endpoint of the API below /api/v1, in the order Express tries them (an earlier path
 * wins: `/transaction/statement.csv` before `/transaction/{id}`). `mountRoutes` serves it, the
 * OpenAPI document is rendered from it, and the role tests read who may call what from it.
 */
export const routeTable: readonly AnyRoute[] = [
  // Purchases first: the busiest.
  ...vendingRoutes,
  // cable TV and exam PINs
  ...billsRoutes,
  // many numbers at once
  ...bulkRoutes,
  // account: contacts, API tokens, auth, webhook settings
  ...contactRoutes,
  ...apiTokenRoutes,
  ...authRoutes,
  ...webhookSettingsRoutes,
  // admin: people, purchases, alerts, mail, the sandbox float
  ...adminRoutes,
  ...adminVendingRoutes,
  ...alertRoutes,
  ...mailRoutes,
  // catalogue: price admin, notifications, plans, cable and exam products, public prices
  ...priceAdminRoutes,
  ...notificationRoutes,
  ...planRoutes,
  ...billsAdminRoutes,
  ...catalogueRoutes,
  ...billsStatusRoutes,
  // account: transfers
  ...transferRoutes,
  // money: funding, coupons
  ...fundingRoutes,
  ...couponRoutes,
  // account: referrals, KYC
  ...referralRoutes,
  ...kycRoutes,
  // money: withdrawals, transactions, service (health, site, the reference), provider callbacks
  ...withdrawRoutes,
  ...transactionRoutes,
  ...serviceRoutes,
  ...openApiRoutes,
  ...webhookRoutes,
];
