import { createApi } from '@reduxjs/toolkit/query/react';
import { axiosBaseQuery } from './http-client';
import { registerStoreModule } from './store-modules';

/**
 * The single RTK Query API. It has no endpoints of its own: each feature injects its calls
 * (features/<feature>/api/*.api.ts), so a route's calls load with the route's chunk. This module
 * is only reached from lazy chunks; it plugs its reducer and middleware into the store on load.
 *
 * Server data stays fresh through tags, never through slices kept in step by hand: a query
 * provides the tags of what it shows, and a mutation invalidates the tags of what it changes,
 * so every mounted query that shows it asks the server again.
 * - Profile: the signed-in user (GET /auth). Tier, KYC, reserved accounts.
 * - Wallet: the balance (also in GET /auth). Every call that moves money invalidates it.
 * - Transactions: GET /auth's recent list, one receipt, the transaction history. Every call
 *   that writes a transaction invalidates it.
 * - Plans: data plans priced for the user's tier (GET /auth, POST /prices) and the plan page's
 *   list (GET /dataPlan): one tag, so a change an admin makes there reaches buyers' lists.
 * - Earnings: referrals and the earnings balance (GET /auth/referral).
 * - Beneficiaries, Contacts: the user's saved accounts and numbers.
 * - ApiTokens: the user's API tokens (never their secrets).
 * - Prices, Site: public data.
 * - Back office: Services, Suppliers, SupplierHealth (each supplier's breaker), CostPrices, Fees,
 *   UssdCodes, Notification, PlanHistory, BillsCatalogue (cable and exam products, their locks
 *   and suppliers), AdminDashboard (figures, chart), Alerts, Users, Coupons, Audit,
 *   Reconciliation.
 * - Developer (API users): Webhook (URL and secret hint), WebhookDeliveries (the delivery log).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery,
  tagTypes: [
    'Profile',
    'Wallet',
    'Transactions',
    'Plans',
    'Earnings',
    'Beneficiaries',
    'Contacts',
    'Prices',
    'Site',
    'Services',
    'Suppliers',
    'SupplierHealth',
    'BulkBatches',
    'CostPrices',
    'Fees',
    'UssdCodes',
    'Notification',
    'PlanHistory',
    'BillsCatalogue',
    'AdminDashboard',
    'Alerts',
    'Users',
    'Coupons',
    'Audit',
    'Reconciliation',
    'Webhook',
    'WebhookDeliveries',
    'ApiTokens',
  ],
  endpoints: () => ({}),
});

/** What a call that moves money invalidates: the balance and the transactions. */
export const MONEY_MOVED = ['Wallet', 'Transactions'] as const;

registerStoreModule({
  reducerPath: api.reducerPath,
  reducer: api.reducer,
  middleware: api.middleware,
  resetAction: api.util.resetApiState,
});
