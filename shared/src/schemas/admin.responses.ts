import { z } from '../zod.ts';
import { ZUssdCode } from './catalogue.ts';
import { ZIsoDateTime, ZMsgResponse, ZNaira } from './common.ts';
import { ZTransaction, ZTransactionStatus } from './transaction.ts';
import { ZUser } from './user.ts';

/**
 * Staff answers under /admin. They are kept apart from the request schemas, which the client's
 * forms import at run time: the client imports these as types only, so they add nothing to its
 * bundle.
 */

/** GET /admin/users: 20 users a page, newest first, and the totals of the whole filter. */
export const ZUserListResponse = z.object({
  users: z.array(ZUser),
  totalUsers: z.number().int(),
  totalPages: z.number().int(),
  totalBalance: ZNaira.describe('Sum of the filtered users’ wallet balances'),
});
export type TUserListResponse = z.infer<typeof ZUserListResponse>;

/** GET /admin/supplier: the supplier of each network. */
export const ZSupplierListResponse = z.array(
  z.object({
    network: z.string(),
    supplierName: z.string(),
    data: z.array(z.string()).describe('Who serves its data, in failover order'),
    airtime: z.array(z.string()).describe('Who serves its airtime, in failover order'),
  }),
);
export type TSupplierListResponse = z.infer<typeof ZSupplierListResponse>;

export const ZBreakerState = z
  .enum(['closed', 'open', 'half_open'])
  .describe("'closed': healthy; 'open': failing, skipped; 'half_open': testing recovery");
export type TBreakerState = z.infer<typeof ZBreakerState>;

export const ZSupplierHealth = z
  .object({
    supplier: z.string(),
    product: z.enum(['data', 'airtime']),
    state: ZBreakerState.describe('What the measure says'),
    forced: z
      .enum(['closed', 'open'])
      .nullable()
      .describe('What an admin forced, holding until lifted; null: none'),
    effectiveState: ZBreakerState.describe('What purchases follow: `forced` if set, else `state`'),
    successRatio: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe('Share of `sample` that succeeded (0–1); null: no attempts measured'),
    sample: z
      .number()
      .int()
      .describe(
        'Attempts measured: in the window since the state last changed (open: those that opened it)',
      ),
    since: ZIsoDateTime.nullable().describe('When `state` last changed; null: never checked yet'),
    checkedAt: ZIsoDateTime.nullable().describe('The last check; null: never checked yet'),
    forcedBy: z.string().nullable().describe('Username of the admin who last forced it'),
    forcedAt: ZIsoDateTime.nullable(),
  })
  .describe("One supplier's health for one product: its circuit breaker");
export type TSupplierHealth = z.infer<typeof ZSupplierHealth>;

/** GET /admin/supplier/health: every supplier × product, and the rules the check applies. */
export const ZSupplierHealthResponse = z.object({
  breakers: z.array(ZSupplierHealth),
  rules: z
    .object({
      threshold: z.number().describe('Below this success ratio a supplier is failing (0–1)'),
      windowMinutes: z.number().int(),
      minSample: z.number().int().describe('Attempts needed before a healthy supplier is judged'),
      cooldownMinutes: z.number().describe('How long a failing supplier is skipped before a test'),
      probeSample: z.number().int().describe('Attempts that decide a test of recovery'),
    })
    .describe('SUPPLIER_BREAKER_* settings'),
});
export type TSupplierHealthResponse = z.infer<typeof ZSupplierHealthResponse>;

/** POST /admin/supplier/health: what changed, and the breaker after it. */
export const ZSupplierHealthForcedResponse = ZMsgResponse.extend({ breaker: ZSupplierHealth });
export type TSupplierHealthForcedResponse = z.infer<typeof ZSupplierHealthForcedResponse>;

export const ZService = z
  .object({
    id: z.string(),
    serviceName: z.string(),
    serviceType: z
      .enum(['airtime', 'data'])
      .optional()
      .describe("A network's lock: the service it covers (serviceName is then the network)"),
    serviceStatus: z.boolean().describe('true: available; false: locked'),
    updatedAt: ZIsoDateTime.nullable().describe('null: a network lock never changed'),
  })
  .describe(
    'A service (airtime, data, electricity), or one network’s airtime or data, and whether it can be bought',
  );
export type TService = z.infer<typeof ZService>;

/** GET /admin/checkServices. */
export const ZServiceListResponse = z.array(ZService);
export type TServiceListResponse = z.infer<typeof ZServiceListResponse>;

/** POST /admin/ussd: every code after the change. */
export const ZUssdCodesUpdatedResponse = ZMsgResponse.extend({ ussdCodes: z.array(ZUssdCode) });
export type TUssdCodesUpdatedResponse = z.infer<typeof ZUssdCodesUpdatedResponse>;

/** POST /admin/requery/:id: what the supplier said and the purchase's status now. */
export const ZRequeryPurchaseResponse = ZMsgResponse.extend({ status: ZTransactionStatus });
export type TRequeryPurchaseResponse = z.infer<typeof ZRequeryPurchaseResponse>;

/** A purchase still unsettled, in the admin queue. */
export const ZPendingPurchase = ZTransaction.extend({
  escalated: z.boolean().describe('Past its settle deadline: an admin should look'),
  attempts: z.number().int().describe('Re-queries so far'),
});
export type TPendingPurchase = z.infer<typeof ZPendingPurchase>;

/** GET /admin/pending: unsettled purchases, oldest first (at most 200). */
export const ZPendingPurchasesResponse = z.object({ transactions: z.array(ZPendingPurchase) });
export type TPendingPurchasesResponse = z.infer<typeof ZPendingPurchasesResponse>;

export const ZAlert = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    message: z.string(),
    transactionId: z.string().nullable(),
    createdAt: ZIsoDateTime,
    resolvedAt: ZIsoDateTime.nullable().describe('The same as acknowledgedAt (its earlier name)'),
    acknowledgedAt: ZIsoDateTime.nullable().describe('When an admin acknowledged it; null: open'),
    acknowledgedBy: z.string().nullable().describe('Username of the admin who acknowledged it'),
  })
  .describe(
    "Something an admin must act on: kind 'supplier_float' (exhausted), 'float_low', 'purchase_sla', 'auto_refund', 'supplier_mismatch', 'supplier_answer_mismatch', 'supplier_reversal', 'float_mismatch', 'supplier_health' (a supplier's breaker changed) …",
  );
export type TAlert = z.infer<typeof ZAlert>;

/** GET /admin/alerts: the latest 100 alerts (or open ones), newest first. */
export const ZAlertsResponse = z.object({ alerts: z.array(ZAlert) });
export type TAlertsResponse = z.infer<typeof ZAlertsResponse>;

/** POST /admin/alerts/{id}/acknowledge: the alert after the change (a second time is a 409). */
export const ZAcknowledgeAlertResponse = ZMsgResponse.extend({ alert: ZAlert });
export type TAcknowledgeAlertResponse = z.infer<typeof ZAcknowledgeAlertResponse>;

export const ZSupplierFloat = z
  .object({
    supplier: z.string(),
    balance: ZNaira.nullable().describe('Our wallet at the supplier; null when it did not answer'),
    error: z.string().optional().describe('Why there is no balance'),
  })
  .describe("Our float at one vending supplier, read from the supplier's own account page");
export type TSupplierFloat = z.infer<typeof ZSupplierFloat>;

/** GET /admin/salesChart: delivered purchases per Lagos day and network, oldest first. */
export const ZSalesChartResponse = z.object({
  days: z.array(
    z.object({
      date: z.string().describe('Lagos day, YYYY-MM-DD'),
      network: z
        .string()
        .describe(
          "MTN, GLO, AIRTEL, 9MOBILE, 'ELECTRICITY' for every disco together, 'CABLE' and 'EXAM' for every provider and exam PIN",
        ),
      sales: ZNaira,
      profit: ZNaira.describe('May be negative'),
    }),
  ),
});
export type TSalesChartResponse = z.infer<typeof ZSalesChartResponse>;

/** The last scheduled check of the ledger's invariants (LEDGER_CHECK_INTERVAL_SECONDS). */
export const ZLedgerCheck = z
  .object({
    at: ZIsoDateTime.describe('When the run began'),
    ok: z.boolean().describe('Finished, and no invariant violated'),
    violations: z
      .array(z.object({ name: z.string(), violations: z.number().int() }))
      .describe('Each violated invariant with its count of violations (empty when none)'),
    error: z.string().nullable().describe('Why the check did not finish, else null'),
    durationMs: z.number().int(),
  })
  .describe('The last scheduled ledger check');
export type TLedgerCheck = z.infer<typeof ZLedgerCheck>;

/** GET /admin/ (admins): the admin and the business at a glance. */
export const ZAdminDashboardResponse = z.object({
  admin: ZUser,
  totalUsers: z.number().int(),
  totalBalance: ZNaira.describe("Every user's wallet balance, minus the admin's own"),
  totalTransactions: z.number().int(),
  services: z.array(z.object({ serviceName: z.string(), serviceStatus: z.boolean() })),
  pendingPurchases: z.number().int().describe('Purchases still processing or pending'),
  escalatedPurchases: z.number().int().describe('Of those, past the re-query SLA'),
  today: z
    .object({ sales: ZNaira, profit: ZNaira, purchases: z.number().int() })
    .describe('Delivered purchases since midnight, Lagos time'),
  supplierFloat: z.array(ZSupplierFloat).describe('Each configured vending supplier'),
  openAlerts: z.number().int().describe('Alerts no admin has acknowledged yet'),
  ledgerCheck: ZLedgerCheck.nullable().describe('null until the first scheduled check has run'),
});
export type TAdminDashboardResponse = z.infer<typeof ZAdminDashboardResponse>;

/** GET /admin/users/{id} (admins and agents). */
export const ZUserDetailResponse = z.object({ user: ZUser });
export type TUserDetailResponse = z.infer<typeof ZUserDetailResponse>;

/** GET /admin/upgradeUser/… and POST /admin/roles: the user after the change. */
export const ZUserChangedResponse = ZMsgResponse.extend({ user: ZUser });
export type TUserChangedResponse = z.infer<typeof ZUserChangedResponse>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: ZIsoDateTime,
  actor: z.string().nullable().describe('Username of the staff member'),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

/** GET /admin/audit: 50 entries a page, newest first. */
export const ZAuditResponse = z.object({
  entries: z.array(ZAuditEntry),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type TAuditResponse = z.infer<typeof ZAuditResponse>;

/** POST /admin/sendMail and GET /admin/sendMail/{id}: a mail campaign's progress. */
export const ZMailCampaignResponse = z.object({
  msg: z.string(),
  campaignId: z.number().int(),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int().describe('Still to send; 0 when the campaign is done'),
});
export type TMailCampaignResponse = z.infer<typeof ZMailCampaignResponse>;

/** One purchase where a supplier's books and ours disagree (GET /admin/reconcileSuppliers). */
export const ZSupplierMismatch = z.object({
  transactionId: z.string(),
  reference: z.string(),
  supplier: z.string(),
  ours: z.string().describe('Our status'),
  theirs: z.string().describe("The supplier's outcome"),
  message: z.string(),
  kind: z
    .string()
    .describe(
      "'sold_but_failed', 'refunded_but_delivered', 'unanswered', 'answer_mismatch' (the answer is about another order) or 'refunded_by_reversal' (the supplier reversed a delivered purchase; this run refunded it)",
    ),
});

/** A supplier's float movement against our cost over a day's delivered purchases. */
export const ZSupplierFloatCheck = z.object({
  supplier: z.string(),
  delivered: z.number().int().describe('Delivered purchases of the day (ours and theirs agree)'),
  measured: z
    .number()
    .int()
    .describe('Of those, answers that gave balance_before and balance_after'),
  movement: z.number().describe('Naira: Σ (balance_before − balance_after) over those measured'),
  cost: z.number().describe('Naira: what those purchases cost us'),
  difference: z.number().describe('Naira: movement − cost (0 when the supplier took our cost)'),
  differing: z.array(z.string()).describe('References whose own movement differs from cost (≤ 20)'),
});

/** GET /admin/reconcileSuppliers: the latest runs, newest first. */
export const ZReconciliationRunsResponse = z.object({
  runs: z.array(
    z.object({
      id: z.number().int(),
      day: z.string(),
      startedAt: ZIsoDateTime,
      finishedAt: ZIsoDateTime.nullable().describe('null while it runs'),
      checked: z.number().int().describe('Settled purchases asked about'),
      mismatches: z.array(ZSupplierMismatch),
      floats: z
        .array(ZSupplierFloatCheck)
        .describe("Each supplier's float movement against our cost"),
    }),
  ),
});
export type TReconciliationRunsResponse = z.infer<typeof ZReconciliationRunsResponse>;
export type TReconciliationRun = TReconciliationRunsResponse['runs'][number];

/** GET /admin/sendMail/recipients: how many users a mail to every user would reach. */
export const ZMailRecipientsResponse = z.object({
  recipients: z.number().int().describe('Every user, as a mail to everyone queues them'),
});
export type TMailRecipientsResponse = z.infer<typeof ZMailRecipientsResponse>;
