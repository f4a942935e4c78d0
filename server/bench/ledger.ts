import { performance } from 'node:perf_hooks';
import type { Database } from '../src/db/client.ts';
import { postJournalNow } from '../src/modules/ledger/ledger.service.ts';
import { createUser } from '../src/modules/users/users.service.ts';

/** `concurrency` workers post ₦100 debit journals on ONE funded wallet (the hot-row worst case). */
export const benchLedger = async (
  database: Database,
  { seconds, concurrency }: { seconds: number; concurrency: number },
) => {
  const stamp = Date.now().toString(36);
  const user = await createUser(
    database.db,
    {
      userName: `ledger_${stamp}`,
      email: `ledger_${stamp}@example.test`,
      phoneNumber: `07${String(Date.now()).slice(-9)}`,
      password: 'Bench#2026',
    },
    { bcryptRounds: 4 },
  );
  const fundKobo = 1_000_000_000_00;
  await postJournalNow(database.db, {
    reference: `bench:fund:${user.id}`,
    kind: 'opening_balance',
    postings: [
      { systemCode: 'opening_balances', amountKobo: -fundKobo },
      { userId: user.id, wallet: 'main', amountKobo: fundKobo },
    ],
  });
  const latencies: number[] = [];
  let errors = 0;
  let seq = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        await postJournalNow(database.db, {
          reference: `bench:${user.id}:${(seq += 1)}`,
          kind: 'bench_debit',
          postings: [
            { userId: user.id, wallet: 'main', amountKobo: -100_00 },
            { systemCode: 'sales_revenue', amountKobo: 100_00 },
          ],
        });
        latencies.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    errors,
  };
};
