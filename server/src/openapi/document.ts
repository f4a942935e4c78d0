import { readFileSync } from 'node:fs';
import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';
import type { oas31 } from 'zod-openapi';
import { ZContact } from '@vendo/shared/schemas/contacts.responses';
import { ZDataPlan, ZPriceRow, ZUssdCode } from '@vendo/shared/schemas/catalogue';
import { ZManagedPlan } from '@vendo/shared/schemas/catalogue-admin';
import { ZApiError } from '@vendo/shared/schemas/common';
import { ZTransaction } from '@vendo/shared/schemas/transaction';
import { ZUser } from '@vendo/shared/schemas/user';
import { ZBeneficiary } from '@vendo/shared/schemas/withdraw.responses';
import { errorCodeTable, toOperation, type ApiRoute } from './operation.ts';
import { ZWebhookEventBody } from '@vendo/shared/schemas/webhooks.responses';
import { routeTable } from '../api/table.ts';

/** The order of the tags in the reference: what API users need first. */
const TAGS: oas31.TagObject[] = [
  { name: 'Purchases', description: 'Data, airtime, electricity, cable TV and exam PINs' },
  { name: 'Transactions', description: 'History, statements and re-query' },
  { name: 'Plans and prices', description: 'What can be bought, at your price' },
  { name: 'Account', description: 'Sessions, profile and balance, passwords' },
  { name: 'Wallet', description: 'Transfers between Vendo wallets' },
  { name: 'Funding', description: 'Paying money into the wallet' },
  { name: 'Withdrawals', description: 'Paying money out to a bank account' },
  { name: 'Contacts', description: 'Saved phone numbers' },
  { name: 'Referrals', description: 'Referral earnings' },
  { name: 'Developers', description: 'Your API tokens and webhooks (managed while signed in)' },
  { name: 'Service', description: 'Health, site details, this reference' },
  { name: 'Admin', description: 'Staff: users, roles, mail, fees, coupons' },
  { name: 'Admin: purchases', description: 'Staff: refunds, re-queries, reconciliation' },
  { name: 'Admin: catalogue', description: 'Staff: plans, prices, suppliers, services' },
  {
    name: 'Provider callbacks',
    description: 'Called by payment providers (Squad, BillStack), not by API users',
  },
];

const DESCRIPTION = `Buy airtime, data bundles and electricity tokens from your own software, paid from your Vendo naira wallet.

**Authentication.** Send your session token (from \`POST /auth/login\`) in the \`x-auth-token\` header. API tokens from your account page are accepted in \`x-auth-token\` or as \`Authorization: Token <token>\` on the purchase, balance, plans and transaction routes.

**Money.** Amounts on the wire are naira numbers with at most two decimals.

**Purchases** answer 200 when delivered, 202 when the supplier has not confirmed yet (the purchase is pending and re-queried by us; ask \`GET /transaction/{id}\`), and 400 \`PURCHASE_FAILED\` with the refund already made when the supplier definitely refused. Send an \`Idempotency-Key\` header on every request that moves money: a retry with the same key and body gets the first answer and buys once.

**Errors** are \`{ "msg": "…", "code": "…" }\`: people read \`msg\`, programs branch on \`code\`:

| code | status |
|---|---|
${errorCodeTable()}

**Sandbox.** Outside production, purchases go to simulated suppliers; the outcome is chosen by the last four digits of the phone number (data, airtime) or of the meter number (electricity):

| ends in | outcome |
|---|---|
| \`0000\` | fails at once; refunded in the same answer (400 \`PURCHASE_FAILED\`) |
| \`1111\` | pending (202), then success on re-query |
| \`2222\` | pending (202), then failed and refunded |
| \`3333\` | the supplier answers too late: pending (202), then success |
| \`4444\` | the supplier answers HTTP 500: pending (202), then success |
| anything else | success (200) |

A meter number ending \`0000\` is invalid at \`POST /buy/validateMeter\`.

**Rate limits.** Sign-in is limited per user name (10 failed attempts in 15 minutes by default) and per address; password reset requests per e-mail and address. Requests made with an API token are limited per token: see the \`RateLimit\` and \`RateLimit-Policy\` headers of each answer; over the limit the answer is 429 with \`Retry-After\`.`;

const packageVersion = (): string => {
  const file = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
};

export type OpenApiDocument = ReturnType<typeof createDocument>;

/**
 * The OpenAPI 3.1 document of the API, rendered from the shared zod schemas. A production
 * document leaves out the sandbox's routes, which production does not serve (api/mount.ts).
 */
export const buildOpenApiDocument = (
  routes: readonly ApiRoute[] = routeTable,
  { isProduction = false }: { isProduction?: boolean } = {},
): OpenApiDocument => {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    if (isProduction && 'sandboxOnly' in route && route.sandboxOnly) continue;
    const item = (paths[route.path] ??= {});
    if (item[route.method]) throw new Error(`${route.method} ${route.path} is documented twice`);
    item[route.method] = toOperation(route);
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Vendo API',
        version: packageVersion(),
        description: DESCRIPTION,
      },
      servers: [{ url: '/api/v1', description: 'This server' }],
      tags: TAGS,
      // What we POST to an API user's webhook URL (docs/decisions/0019-webhooks-outbox.md).
      webhooks: {
        transactionEvent: {
          post: {
            summary: 'A transaction settled or a deposit was credited',
            description:
              'Signed: `Vendo-Webhook-Signature: v1=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>`, with the timestamp in `Vendo-Webhook-Timestamp` and the event id in `Vendo-Webhook-Id`. Answer any 2xx; anything else is retried for 24 hours. Deduplicate on `id`.',
            requestBody: {
              required: true,
              content: { 'application/json': { schema: ZWebhookEventBody } },
            },
            responses: { '200': { description: 'Received (any 2xx)' } },
          },
        },
      },
      security: [{ sessionToken: [] }],
      components: {
        // The shapes that recur in many answers, each once under a readable name.
        schemas: {
          ApiError: ZApiError,
          Transaction: ZTransaction,
          User: ZUser,
          DataPlan: ZDataPlan,
          PriceRow: ZPriceRow,
          UssdCode: ZUssdCode,
          Contact: ZContact,
          Beneficiary: ZBeneficiary,
          ManagedPlan: ZManagedPlan,
        },
        securitySchemes: {
          sessionToken: {
            type: 'apiKey',
            in: 'header',
            name: 'x-auth-token',
            description:
              'A session token from POST /auth/login (or, where an operation allows it, an API token).',
          },
          apiToken: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              '`Authorization: Token <token>`, with an API token from your account page (POST /auth/apiTokens). Accepted on purchases, balance, plans and transactions; rate-limited per token (the RateLimit and RateLimit-Policy headers say how much is left; 429 with Retry-After when it runs out).',
          },
        },
      },
      paths,
    },
    {
      override: ({ jsonSchema }) => {
        // zod writes the ISO date-time regex out in full beside format: date-time; the format says it.
        if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
      },
    },
  );
};
