import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPglite, type Database } from '../db/client.ts';
import { seedReferenceData } from '../seed/reference-data.ts';
import { postJournalNow } from '../modules/ledger/ledger.service.ts';
import { createUser } from '../modules/users/users.service.ts';
import { createTestDatabase, databaseUrlFor } from '../../test/helpers/test-db.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');
const template = inject('dbTemplate');

let database: Database;
let env: NodeJS.ProcessEnv;
let dataDir: string | undefined;

/** The database the command will open: a PGlite data folder, or this file's PostgreSQL database. */
beforeAll(async () => {
  if (template.kind === 'pg') {
    const testDb = await createTestDatabase();
    database = testDb;
    env = { DATABASE_URL: databaseUrlFor(template.adminUrl, testDb.name) };
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-verify-'));
    database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    await database.migrate();
    await seedReferenceData(database.db);
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  }
  const user = await createUser(
    database.db,
    {
      userName: 'verify_me',
      email: 'verify@example.test',
      phoneNumber: '08011112222',
      password: 'Secret#123',
    },
    { bcryptRounds: 4 },
  );
  await postJournalNow(database.db, {
    reference: 'verify:opening',
    kind: 'opening_balance',
    postings: [
      { systemCode: 'opening_balances', amountKobo: -500_00 },
      { userId: user.id, wallet: 'main', amountKobo: 500_00 },
    ],
  });
});

afterAll(async () => {
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const runVerify = async () => {
  // PGlite's folder is locked by whoever has it open: hand it over to the command.
  if (template.kind === 'pglite') await database.close();
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/scripts/ledger-verify.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (template.kind === 'pglite')
    database = await openPglite({ dataDir: path.join(dataDir!, 'pglite') });
  return result;
};

describe('npm run ledger:verify', () => {
  it('prints every invariant and exits 0 on a consistent ledger', async () => {
    const result = await runVerify();
    expect(result.stdout).toMatch(/ok\s+every journal sums to 0\s+0 violation/);
    expect(result.stdout).toMatch(/all \d+ invariants hold/);
    expect(result.status).toBe(0);
  });

  it('names the broken invariant and exits non-zero when a balance was changed outside the ledger', async () => {
    await database.db.execute(sql`
      update ledger_accounts set balance_kobo = balance_kobo + 100
      where user_id = (select id from users where user_name = 'verify_me') and kind = 'user_main'`);
    const result = await runVerify();
    expect(result.stdout).toMatch(
      /FAIL\s+each wallet's balance equals the sum of its postings\s+1 violation/,
    );
    expect(result.stdout).toMatch(/FAIL\s+the ledger as a whole sums to 0/);
    expect(result.status).toBe(1);
  });
});
