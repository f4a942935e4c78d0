import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../src/app-context.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { issueToken } from '../src/modules/auth/token.service.ts';
import { checkLedgerInvariants } from '../src/modules/ledger/ledger.invariants.ts';
import { postJournalNow } from '../src/modules/ledger/ledger.service.ts';
import { createUser } from '../src/modules/users/users.service.ts';
import { createBoundRegistry } from '../src/providers/vending/bound-registry.ts';
import { loadSupplierSettings } from '../src/providers/vending/suppliers.config.ts';

export type RunResult = {
  reqPerSec: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
};

/**
 * POST /api/v1/buy/data through the whole app (auth, validation, debit journal, supplier call to
 * the sandbox over HTTP, settle journal), against a bare route that runs only the same debit
 * statement. Both are driven by autocannon with the same connections and users.
 */
export const benchBuyData = async (
  database: Database,
  { seconds, connections }: { seconds: number; connections: number },
) => {
  const config = loadConfig({
    NODE_ENV: 'bench',
    LOG_LEVEL: 'silent',
    RECONCILE_INTERVAL_MS: '0',
    CLIENT_DIST: '/nonexistent',
  });
  const supplierSettings = loadSupplierSettings({});
  const suppliers = createBoundRegistry(supplierSettings);
  const ctx: AppContext = {
    db: database.db,
    config,
    logger: createLogger('silent'),
    mailer: createMailer({ from: config.mailFrom, db: database.db }),
    jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
    suppliers: suppliers.registry,
    supplierSettings,
    selfUrl: () => url,
  };
  const app = createApp(ctx);
  let url = '';
  // The reference: only the debit statement a purchase starts with, nothing else.
  app.post('/bench/debit', async (req, res) => {
    const rows = (await database.db.execute(sql`
      update ledger_accounts set balance_kobo = balance_kobo - 60000
      where user_id = ${req.get('x-user-id')} and kind = 'user_main' and balance_kobo >= 60000
      returning balance_kobo`)) as unknown as { rows: unknown[] };
    res.status(rows.rows.length ? 200 : 400).json({ ok: rows.rows.length > 0 });
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  suppliers.bind(url);
  await database.db.execute(sql`update sandbox_supplier_floats set balance_kobo = 100000000000000`);

  const stamp = Date.now().toString(36);
  const users: { id: string; token: string }[] = [];
  for (let i = 0; i < connections; i += 1) {
    const user = await createUser(
      database.db,
      {
        userName: `bench_${stamp}_${i}`,
        email: `bench_${stamp}_${i}@example.test`,
        phoneNumber: `09${String(Date.now() + i).slice(-9)}`,
        password: 'Bench#2026',
      },
      { bcryptRounds: 4 },
    );
    await postJournalNow(database.db, {
      reference: `bench:fund:${user.id}`,
      kind: 'opening_balance',
      postings: [
        { systemCode: 'opening_balances', amountKobo: -10_000_000_000 },
        { userId: user.id, wallet: 'main', amountKobo: 10_000_000_000 },
      ],
    });
    users.push({
      id: user.id,
      token: issueToken({ jwtSecret: ctx.jwtSecret, ttlSeconds: 3600 }, user),
    });
  }

  const run = (path: string, headersFor: (i: number) => Record<string, string>, body: string) =>
    new Promise<RunResult>((resolve, reject) => {
      let next = 0;
      autocannon(
        {
          url: `${url}${path}`,
          method: 'POST',
          connections,
          duration: seconds,
          requests: [
            {
              method: 'POST',
              body,
              setupRequest: (request) => {
                const headers = {
                  'content-type': 'application/json',
                  ...headersFor((next += 1) % users.length),
                };
                return { ...request, headers };
              },
            },
          ],
        },
        (error, result) => {
          if (error) reject(error);
          else
            resolve({
              reqPerSec: result.requests.average,
              p99: result.latency.p99,
              non2xx: result.non2xx,
              errors: result.errors + result.timeouts,
              total: result.requests.total,
            });
        },
      );
    });

  const purchase = await run(
    '/api/v1/buy/data',
    (i) => ({ 'x-auth-token': users[i]!.token }),
    JSON.stringify({ network: 1, mobile_number: '08031234567', plan: '2' }),
  );
  // Checked before the reference run, which changes balances outside the ledger on purpose.
  const violations = (await checkLedgerInvariants(database.db)).filter((r) => r.violations > 0);
  const reference = await run('/bench/debit', (i) => ({ 'x-user-id': users[i]!.id }), '{}');
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  return { purchase, reference, violations };
};
