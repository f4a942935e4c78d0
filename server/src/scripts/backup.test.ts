import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { checkLedgerInvariants } from '../modules/ledger/ledger.invariants.ts';
import { serverDir, startServerProcess } from '../../test/helpers/server-process.ts';

const run = promisify(execFile);
const template = inject('dbTemplate');
const folders: string[] = [];
const tempFolder = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run <script> -- …args` as npm does (tsx in the server folder); never throws. */
const command = async (script: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv) => {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `src/scripts/${script}.ts`, ...args],
      { cwd: serverDir, env: { ...process.env, ...env }, timeout: 60_000 },
    );
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { status: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
};

describe('npm run backup and npm run restore refuse', () => {
  it('a PostgreSQL database, an existing backup file and a folder that is not empty', async () => {
    const here = tempFolder('vendo-refusals-');
    const taken = path.join(here, 'taken.tar.gz');
    fs.writeFileSync(taken, 'an earlier backup');
    const full = path.join(here, 'data');
    fs.mkdirSync(full);
    fs.writeFileSync(path.join(full, 'something'), '');
    const onPostgres = { DATABASE_URL: 'postgres://vendo@127.0.0.1:1/vendo', INIT_CWD: here };
    const embedded = { DATABASE_URL: '', DATA_DIR: full, INIT_CWD: here };
    const [backupPg, restorePg, existing, notEmpty] = await Promise.all([
      command('backup', ['new.tar.gz'], onPostgres),
      command('restore', ['taken.tar.gz'], onPostgres),
      command('backup', ['taken.tar.gz'], embedded),
      command('restore', ['taken.tar.gz', '--data-dir', 'data'], embedded),
    ]);
    for (const refused of [backupPg, restorePg]) {
      expect(refused.status).toBe(2);
      expect(refused.stderr).toMatch(/DATABASE_URL is set/);
      expect(refused.stderr).toMatch(/pg_dump -Fc.*docs\/operations\.md, "Backups"/s);
    }
    expect(fs.existsSync(path.join(here, 'new.tar.gz'))).toBe(false);
    expect(existing.status).toBe(2);
    expect(existing.stderr).toMatch(/taken\.tar\.gz exists already/);
    expect(fs.readFileSync(taken, 'utf8')).toBe('an earlier backup');
    expect(notEmpty.status).toBe(2);
    expect(notEmpty.stderr).toMatch(/data is not empty/);
    expect(fs.readdirSync(full)).toEqual(['something']);
  });
});

type Acknowledged = { reference: string; user: string };

describe.runIf(template.kind === 'pglite')('npm run backup (embedded database only)', () => {
  it('copies under purchase load every purchase acknowledged before it; the copy restores with a clean ledger', async () => {
    const dataDir = tempFolder('vendo-backup-app-');
    const backups = tempFolder('vendo-backups-');
    const restored = path.join(tempFolder('vendo-restore-'), 'data');
    let before: Acknowledged[] = [];
    const app = await startServerProcess({
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      LEDGER_CHECK_INTERVAL_SECONDS: '0',
    });
    try {
      const login = async (userName: string, password: string) => {
        const res = await fetch(`${app.url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userName, password }),
        });
        return ((await res.json()) as { token: string }).token;
      };
      const buyers = {
        demo_reseller: await login('demo_reseller', 'Reseller#2026'),
        demo_user: await login('demo_user', 'User#2026'),
      };

      // Six buyers in flight at once, each ₦100 airtime after the other until told to stop.
      const acknowledged: Acknowledged[] = [];
      let stop = false;
      const buyer = async (user: keyof typeof buyers, worker: number) => {
        while (!stop) {
          const res = await fetch(`${app.url}/api/v1/buy/airtime`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-auth-token': buyers[user] },
            body: JSON.stringify({
              network: 1,
              mobile_number: `0803123456${worker}`, // delivered at once by the sandbox
              amount: 100,
            }),
          });
          const body = (await res.json()) as { receipt?: { trans_Id: string } };
          if (res.status >= 200 && res.status < 300 && body.receipt)
            acknowledged.push({ reference: body.receipt.trans_Id, user });
          else if (res.status === 400)
            return; // the wallet ran out
          else throw new Error(`purchase answered ${res.status}: ${JSON.stringify(body)}`);
        }
      };
      const load = Promise.all([
        buyer('demo_reseller', 1),
        buyer('demo_reseller', 2),
        buyer('demo_reseller', 3),
        buyer('demo_reseller', 4),
        buyer('demo_user', 5),
        buyer('demo_user', 6),
      ]);
      while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 50));

      before = [...acknowledged];
      const asked = performance.now();
      const file = path.join(backups, 'vendo.tar.gz');
      const backup = await command('backup', [file], { DATABASE_URL: '', DATA_DIR: dataDir });
      const during = acknowledged.length - before.length;
      const tookMs = Math.round(performance.now() - asked);
      await new Promise((r) => setTimeout(r, 200));
      stop = true;
      await load;

      expect(backup.stderr).toBe('');
      expect(backup.stdout).toMatch(/MB written to .*vendo\.tar\.gz \(taken by the running app\)/);
      expect(backup.status).toBe(0);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // The app kept selling while the command ran.
      expect(during).toBeGreaterThan(0);

      const restore = await command('restore', [file, '--data-dir', restored], {
        DATABASE_URL: '',
      });
      expect(restore.stdout).toMatch(/restore: \d+ users, \d+ transactions/);
      expect(restore.stdout).toMatch(/restore: all \d+ invariants hold/);
      expect(restore.status).toBe(0);
      // The copy brought the app's lock file; the restore wrote its own over it, and removed it.
      expect(fs.existsSync(path.join(restored, 'pglite', 'vendo.lock'))).toBe(false);
      console.log(
        `backup under load: ${before.length} purchases acknowledged before the backup, ` +
          `${during} while it ran (${tookMs} ms), ${acknowledged.length} in all; ` +
          `${backup.stdout.trim()}; the app: ${/\{[^\n]*"backup taken"[^\n]*\}/.exec(app.output())?.[0]}`,
      );
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
    }

    // With the app stopped, the command opens the folder itself.
    const stopped = command('backup', [path.join(backups, 'stopped.tar.gz')], {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
    });

    const database = await openPglite({ dataDir: path.join(restored, 'pglite') });
    try {
      const violations = (await checkLedgerInvariants(database.db)).filter((r) => r.violations);
      expect(violations).toEqual([]);
      const rows = await queryRows<{ reference: string; userName: string; status: string }>(
        database.db,
        sql`select t.reference, u.user_name as "userName", t.status
            from transactions t join users u on u.id = t.user_id where t.type = 'airtime'`,
      );
      const inCopy = new Map(rows.map((r) => [r.reference, r]));
      const missing = before.filter((a) => !inCopy.has(a.reference));
      expect(missing).toEqual([]);
      for (const a of before) expect(inCopy.get(a.reference)!.userName).toBe(a.user);

      // Each wallet is its opening balance less ₦98 / ₦99 for every purchase in the copy.
      const wallets = await queryRows<{ userName: string; balance: unknown; charged: unknown }>(
        database.db,
        sql`select u.user_name as "userName", a.balance_kobo as balance,
              (select coalesce(sum(t.amount_kobo), 0) from transactions t
                where t.user_id = u.id and t.type = 'airtime'
                  and t.status in ('success', 'processing', 'pending')) as charged
            from users u join ledger_accounts a on a.user_id = u.id and a.kind = 'user_main'
            where u.user_name in ('demo_reseller', 'demo_user') order by u.user_name`,
      );
      expect(wallets.map((w) => [w.userName, Number(w.balance) + Number(w.charged)])).toEqual([
        ['demo_reseller', 50_000_00],
        ['demo_user', 5_000_00],
      ]);
    } finally {
      await database.close();
    }
    const offline = await stopped;
    expect(offline.stdout).toMatch(/MB written to .*stopped\.tar\.gz \(app stopped\)/);
    expect(offline.status).toBe(0);
  }, 120_000);
});
