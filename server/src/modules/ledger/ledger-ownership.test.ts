import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.ts';
import { createTestDatabase } from '../../../test/helpers/test-db.ts';

/** server/src, as every path below is relative to it. */
const SERVER_SRC = fileURLToPath(new URL('../../', import.meta.url));

/** What may write journals and name system accounts: the ledger itself, the schema and migrations. */
const isExempt = (file: string): boolean =>
  file.startsWith('modules/ledger/') ||
  file.startsWith('db/migrations/') ||
  file.startsWith('db/schema/') ||
  file.endsWith('.test.ts');

/**
 * Every system account (ledger_accounts.kind = 'system'). Those with a ':' are a family
 * (supplier_float:ALARO, supplier_float:GLAD …): any code of the family is caught by its stem.
 * A test below checks this list against the accounts the migrations create.
 */
const SYSTEM_ACCOUNT_CODES = [
  'gateway_clearing',
  'reserved_accounts_clearing',
  'payouts_clearing',
  'purchase_clearing',
  'supplier_float:ALARO',
  'supplier_float:GLAD',
  'supplier_float:VTPASS',
  'sales_revenue',
  'fee_revenue',
  'coupons_outstanding',
  'referral_expense',
  'house',
  'opening_balances',
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A quoted string (', " or `) that is a system account's code, or starts a family's code. */
const systemCodePattern = new RegExp(
  [
    ...new Set(
      SYSTEM_ACCOUNT_CODES.map((code) =>
        code.includes(':')
          ? `['"\`]${escape(code.slice(0, code.indexOf(':') + 1))}`
          : `['"\`]${escape(code)}['"\`]`,
      ),
    ),
  ].join('|'),
);

/** The ways code outside the ledger could write a journal or a posting, or name a system account. */
const RULES: { name: string; test: (source: string) => boolean }[] = [
  {
    name: 'SQL that writes journals or postings',
    test: (source) =>
      /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+(only\s+)?"?(journals|postings)\b/i.test(
        source,
      ),
  },
  {
    name: 'Drizzle insert/update/delete on journals or postings',
    test: (source) => /\.(insert|update|delete)\(\s*(journals|postings)\s*\)/.test(source),
  },
  {
    name: 'imports the journals or postings table from db/schema',
    test: (source) =>
      [
        ...source.matchAll(
          /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"][^'"]*db\/schema[^'"]*['"]/g,
        ),
      ]
        .flatMap((m) => m[1]!.split(','))
        .some((name) => /^\s*(type\s+)?(journals|postings)\b/.test(name)),
  },
  {
    name: "imports the ledger's raw journal writers (postJournal, postJournalNow, journal CTEs)",
    test: (source) =>
      [...source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]*)['"]/g)].some(
        ([, names, from]) =>
          /ledger\/journal-ctes(\.ts)?$/.test(from!) ||
          (/ledger\//.test(from!) && /\bpostJournal(Now)?\b/.test(names!)),
      ),
  },
  { name: 'names a system account', test: (source) => systemCodePattern.test(source) },
  {
    name: 'builds a posting to a system account',
    test: (source) => /\bsystemCode\s*:/.test(source),
  },
];

const violationsIn = (source: string): string[] =>
  RULES.filter((rule) => rule.test(source)).map((rule) => rule.name);

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [full] : [];
  });

/** The files of server/src the check reads (relative, with '/'), outside the exempt places. */
const scannedFiles = (): string[] =>
  sourceFiles(SERVER_SRC)
    .map((full) => path.relative(SERVER_SRC, full).split(path.sep).join('/'))
    .filter((file) => !isExempt(file));

describe('the ledger module owns every journal', () => {
  it('no code outside server/src/modules/ledger writes journals or postings or names a system account', () => {
    const files = scannedFiles();
    // The walk really reads the services that move money (a wrong root would pass vacuously).
    expect(files).toEqual(
      expect.arrayContaining([
        'modules/transfers/transfer.service.ts',
        'modules/funding/funding.service.ts',
        'modules/withdraw/withdraw.service.ts',
        'seed/demo-users.ts',
        'modules/vending/purchase.service.ts',
      ]),
    );
    const found = files
      .map((file) => ({
        file,
        violations: violationsIn(fs.readFileSync(path.join(SERVER_SRC, file), 'utf8')),
      }))
      .filter((f) => f.violations.length > 0);
    expect(found).toEqual([]);
  });

  it('flags each way of writing a journal or naming an account, and leaves look-alikes alone', () => {
    const flagged = [
      "sql`insert into journals (reference, kind) values (${r}, 'x')`",
      'sql`INSERT INTO postings (journal_id) select 1`',
      'sql`update journals set memo = null`',
      'sql`delete from postings where id = 1`',
      'await tx.insert(postings).values(rows)',
      'await db.update( journals ).set({ memo: null })',
      "import { coupons, journals } from '../../db/schema/index.ts';",
      "import {\n  postings as p,\n  users,\n} from '../../db/schema/ledger.ts';",
      "import { postJournal } from '../ledger/ledger.service.ts';",
      "import { walletDebitCtes } from '../ledger/journal-ctes.ts';",
      "const code = 'fee_revenue';",
      "sql`select id from ledger_accounts where code = 'house'`",
      'const float = `supplier_float:${supplier}`;',
      '{ systemCode: code, amountKobo: 100 }',
    ];
    for (const source of flagged) expect(violationsIn(source), source).not.toEqual([]);
    const harmless = [
      "await raiseAlert(ctx, 'supplier_float', 'ALARO float is low');",
      'sql`update sandbox_supplier_floats set balance_kobo = 0`',
      "import { transferBetweenWallets } from '../ledger/journals.ts';",
      "import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';",
      "import { coupons, transactions } from '../../db/schema/index.ts';",
      "const memo = 'the house pays';",
      '// the journals of a purchase are read here, never written',
    ];
    for (const source of harmless) expect(violationsIn(source), source).toEqual([]);
  });
});

describe('the list of system accounts the check looks for', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is every system account the migrations create', async () => {
    const rows = await queryRows<{ code: string }>(
      database.db,
      sql`select code from ledger_accounts where kind = 'system'`,
    );
    expect(rows.map((r) => r.code).sort()).toEqual([...SYSTEM_ACCOUNT_CODES].sort());
  });
});
