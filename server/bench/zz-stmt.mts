import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openPglite } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { createUser } from '../src/modules/users/users.service.ts';
import { postJournalNow } from '../src/modules/ledger/ledger.service.ts';
import { openPurchase, settleSale } from '../src/modules/vending/purchase.repository.ts';
import { purchaseContext } from '../src/modules/vending/purchase.service.ts';
const database = await openPglite();
await database.migrate(); await seedReferenceData(database.db);
const user = await createUser(database.db, { userName: 'x1', email: 'x1@e.test', phoneNumber: '08012345678', password: 'Bench#2026' }, { bcryptRounds: 4 });
await postJournalNow(database.db, { reference: 'f', kind: 'opening_balance', postings: [{ systemCode: 'opening_balances', amountKobo: -1e12 }, { userId: user.id, wallet: 'main', amountKobo: 1e12 }] });
const ctx = { db: database.db } as never;
let k = 0;
const run = async (label: string, N = 300) => {
  const t = { ctx: 0, open: 0, settle: 0 };
  for (let i = 0; i < N; i++) {
    const a = performance.now();
    await purchaseContext(ctx, { userId: user.id, service: 'data', network: 'MTN', plan: '2' });
    const b = performance.now(); t.ctx += b - a;
    const row = await openPurchase(database.db, { userId: user.id, reference: `R${k++}`, type: 'data', network: 'MTN', phoneNumber: '080', chargeKobo: 60000, costKobo: 55000, supplier: 'ALARO', planId: null, ported: false, details: { plan: '1GB' }, graceSeconds: 30 });
    const c = performance.now(); t.open += c - b;
    await settleSale(database.db, row!, { supplierRef: 'x', apiResponse: 'ok' });
    t.settle += performance.now() - c;
  }
  console.log(label.padEnd(28), Object.entries(t).map(([k, v]) => `${k} ${(v / N).toFixed(3)}`).join('  '));
};
await run('warm');
await run('baseline');
await database.db.execute(sql`alter table postings disable trigger postings_balanced`);
await run('no balanced trigger');
await database.db.execute(sql`alter table postings enable trigger postings_balanced`);
await database.db.execute(sql`drop index transactions_status_idx`);
await run('no status idx');
const t0 = performance.now(); for (let i = 0; i < 300; i++) await database.db.execute(sql`select 1`); console.log('select 1', ((performance.now() - t0) / 300).toFixed(3));
const t1 = performance.now(); for (let i = 0; i < 300; i++) await database.db.execute(sql`select * from users where id = ${user.id}`); console.log('select user', ((performance.now() - t1) / 300).toFixed(3));
await database.close();
