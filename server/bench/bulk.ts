import { SANDBOX_TRIGGER_ENDINGS } from '../src/sandbox/vending/sandbox-simulator.ts';
import type { Database } from '../src/db/client.ts';
import { bulkRunnerOf } from '../src/modules/bulk/bulk-runner.ts';
import { checkLedgerInvariants } from '../src/modules/ledger/ledger.invariants.ts';
import { startBenchApp } from './bench-app.ts';

/**
 * A bulk airtime batch against the same purchases sent one by one (issue 28): `lines` single
 * POST /buy/airtime requests sent by the bench with BULK_CONCURRENCY in flight, then one batch of
 * `lines` through POST /buy/bulk, timed from its 202 until its last line settled and the batch
 * finished (GET /buy/bulk/{id} then says so).
 * Ratio = the singles' wall time / the batch's: 1 is as fast as the bench's own client.
 */

/** Distinct numbers with no sandbox trigger ending (those fail, hold or answer oddly on purpose). */
const phones = (count: number, first: number): string[] => {
  const out: string[] = [];
  for (let n = first; out.length < count; n += 1) {
    const phone = `0803${String(n).padStart(7, '0')}`;
    if (!SANDBOX_TRIGGER_ENDINGS.includes(phone.slice(-4))) out.push(phone);
  }
  return out;
};

const post = async (url: string, token: string, body: unknown) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': token },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** Sends every body with at most `concurrency` in flight; answers the wall time and failures. */
const sendAll = async (
  url: string,
  token: string,
  bodies: unknown[],
  concurrency: number,
): Promise<{ ms: number; failures: number }> => {
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++];
        const res = await post(url, token, body);
        if (res.status !== 200) failures += 1;
      }
    }),
  );
  return { ms: performance.now() - started, failures };
};

export const benchBulk = async (database: Database, { lines }: { lines: number }) => {
  const bench = await startBenchApp(database, { users: 1 });
  const { url, users, ctx } = bench;
  const token = users[0]!.token;
  const concurrency = ctx.config.bulk.concurrency;
  const airtime = (phone: string) => ({ network: 1, mobile_number: phone, amount: 100 });
  try {
    // Warm-up: connections, prepared statements, the JIT.
    await sendAll(
      `${url}/api/v1/buy/airtime`,
      token,
      phones(50, 1_000_000).map(airtime),
      concurrency,
    );

    const singles = await sendAll(
      `${url}/api/v1/buy/airtime`,
      token,
      phones(lines, 2_000_000).map(airtime),
      concurrency,
    );

    const started = await post(`${url}/api/v1/buy/bulk`, token, {
      kind: 'airtime',
      items: phones(lines, 3_000_000).map(airtime),
    });
    if (started.status !== 202) throw new Error(`bulk start answered ${started.status}`);
    const t0 = performance.now();
    const batchId = String(started.body.batchId);
    // The runner is in this process: wait for it rather than poll (a poll is load on the app).
    // Each line settled at once (the sandbox answers), so its end is the batch's end.
    await bulkRunnerOf(ctx).idle();
    let batch: Record<string, unknown> = {};
    for (;;) {
      const res = await fetch(`${url}/api/v1/buy/bulk/${batchId}`, {
        headers: { 'x-auth-token': token },
      });
      batch = (await res.json()) as Record<string, unknown>;
      if (batch.finishedAt) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const bulkMs = performance.now() - t0;
    const violations = (await checkLedgerInvariants(database.db)).filter((r) => r.violations > 0);
    return {
      lines,
      concurrency,
      singlesMs: singles.ms,
      singleFailures: singles.failures,
      bulkMs,
      bulkSuccess: Number(batch.success),
      bulkFailed: Number(batch.failed),
      violations,
    };
  } finally {
    await bench.close();
  }
};
