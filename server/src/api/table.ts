import { adminRoutes } from '../modules/admin/admin.routes.ts';
import { alertRoutes } from '../modules/alerts/alerts.routes.ts';
import { catalogueRoutes } from '../modules/catalogue/catalogue.routes.ts';
import { planRoutes, priceAdminRoutes } from '../modules/catalogue/plans.routes.ts';
import { mailRoutes } from '../modules/mail/mail-campaigns.routes.ts';
import { notificationRoutes } from '../modules/notifications/notifications.routes.ts';
import { adminVendingRoutes } from '../modules/vending/admin-vending.routes.ts';
import { vendingRoutes } from '../modules/vending/vending.routes.ts';
import type { AnyRoute } from './route.ts';

/**
 * Every endpoint of the API below /api/v1, in the order Express tries them (an earlier path
 * wins: `/transaction/statement.csv` before `/transaction/{id}`). `mountRoutes` serves it, the
 * OpenAPI document is rendered from it, and the role tests read who may call what from it.
 */
export const routeTable: readonly AnyRoute[] = [
  // Purchases first: the busiest.
  ...vendingRoutes,
  // account: contacts, API tokens, auth, webhook settings
  // admin: people, purchases, alerts, mail, the sandbox float
  ...adminRoutes,
  ...adminVendingRoutes,
  ...alertRoutes,
  ...mailRoutes,
  // catalogue: price admin, notifications, plans, public prices
  ...priceAdminRoutes,
  ...notificationRoutes,
  ...planRoutes,
  ...catalogueRoutes,
  // account: transfers
  // money: funding, coupons
  // account: referrals, KYC
  // money: withdrawals, transactions, service (health, site, the reference), provider callbacks
];
